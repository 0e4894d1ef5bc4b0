import "server-only";
/**
 * What can happen that a person is told about, in the bell and by e-mail. Each event's parameters
 * fill the texts in messages/<locale>.json under `notifications.<type>` (title, message), so every
 * reader sees them in their own language.
 */
export type NotificationEvent =
  | { type: "submission_received"; trackingNumber: string }
  | { type: "status_changed"; trackingNumber: string; status: string }
  | { type: "hospital_response"; trackingNumber: string; hospitalName: string }
  | { type: "document_request"; trackingNumber: string; request: string }
  | { type: "appointment_scheduled"; trackingNumber: string; hospitalName: string; date: string }
  | { type: "retention_notice"; trackingNumber: string; date: string }
  // To the patient: files announced for their case that did not arrive before the upload expired.
  | { type: "upload_incomplete"; trackingNumber: string; files: string }
  | { type: "case_routed"; trackingNumber: string; hospitalName: string; dueAt: string }
  | { type: "plan_accepted"; trackingNumber: string; hospitalName: string }
  | { type: "plan_not_selected"; trackingNumber: string; hospitalName: string }
  // To partner users whose answer is no longer needed, with why: another hospital's plan was chosen, or the case was closed or cancelled.
  | { type: "case_ended"; trackingNumber: string; hospitalName: string; reason: CaseEndReason }
  // To partner users: their routing's deadline is `hours` (24 or 8) away (lib/cases/response-clocks.ts).
  | { type: "routing_reminder"; trackingNumber: string; hospitalName: string; hours: number; dueAt: string }
  // To admins: a hospital let its deadline pass without answering (the case page offers the next hospital).
  | { type: "routing_overdue"; trackingNumber: string; hospitalName: string; dueAt: string }
  // To admins: a hospital asked for more time, once, with its reason; `dueAt` is the new deadline.
  | { type: "routing_extended"; trackingNumber: string; hospitalName: string; hours: number; reason: string; dueAt: string }
  // To the patient: a hospital is late and the coordinator has asked another one.
  | { type: "hospital_late"; trackingNumber: string }
  // To admins: `alert` is "malware" (detail: the signature) or "integrity" (detail: "mismatch" or "missing"); `reference` names the file.
  | { type: "security_alert"; alert: "malware" | "integrity"; reference: string; detail: string };

export type CaseEndReason = "plan_chosen" | "closed" | "cancelled";
