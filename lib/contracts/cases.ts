import { z } from "zod";
import { fileViewSchema } from "@/lib/contracts/files";
import { planViewSchema } from "@/lib/contracts/plans";
import { submissionStatusSchema, type SubmissionStatus } from "@/lib/contracts/submissions";

/** A case as the coordinator (admin dashboard) and the partner hospitals see it, and the changes they make to it. */

export const urgencies = ["urgent", "standard", "flexible"] as const;
export type Urgency = (typeof urgencies)[number];
export const submissionSources = ["authenticated", "guest"] as const;

/** What the dashboard and GET /api/admin/all-submissions agree on. */
export const ADMIN_PAGE_SIZE = 50;
export const ADMIN_MAX_PAGE_SIZE = 100;

/** The dashboard's tabs; each one is its own server query (with its own cursor). */
export const adminTabs = ["all", "urgent", "registered", "files"] as const;
export type AdminTab = (typeof adminTabs)[number];

/**
 * Statuses in which a case no longer needs any hospital's answer: a plan was chosen, or the case was
 * closed or cancelled. Entering one tells every hospital still expected to answer.
 */
export const endedStatuses = ["plan_accepted", "closed", "cancelled"] as const satisfies readonly SubmissionStatus[];

export function isCaseEnded(status: string): boolean {
  return (endedStatuses as readonly string[]).includes(status);
}

/** A hospital's routing as stored, and as it is read: "withdrawn" when its case ended before it answered. */
export const storedRoutingStatuses = ["awaiting_response", "responded", "declined"] as const;
export type StoredRoutingStatus = (typeof storedRoutingStatuses)[number];
export const routingStates = [...storedRoutingStatuses, "withdrawn"] as const;
export type RoutingState = (typeof routingStates)[number];

/**
 * The routing's state for every reader. It is derived rather than stored: a routing still awaiting an
 * answer when its case ends is no longer awaited (its hospital was told when the case ended, and answers
 * are refused from then on), so its clock stops and it is never overdue.
 */
export function routingState(status: StoredRoutingStatus, caseStatus: string): RoutingState {
  return status === "awaiting_response" && isCaseEnded(caseStatus) ? "withdrawn" : status;
}

/** What a routing's badge says at a glance: its state, or once the patient chose a plan, whether this hospital's was the one. */
export const routingOutcomes = [...routingStates, "plan_accepted", "plan_not_selected"] as const;
export type RoutingOutcome = (typeof routingOutcomes)[number];

/** Each outcome's badge colour, the same for coordinators and hospitals. */
export const routingOutcomeColour: Record<RoutingOutcome, "yellow" | "green" | "grey"> = {
  awaiting_response: "yellow",
  responded: "green",
  declined: "grey",
  withdrawn: "grey",
  plan_accepted: "green",
  plan_not_selected: "grey",
};

export function routingOutcome(routing: { status: RoutingState; plan: { status: string } | null }): RoutingOutcome {
  if (routing.status !== "responded") return routing.status;
  if (routing.plan?.status === "accepted") return "plan_accepted";
  return routing.plan?.status === "not_selected" ? "plan_not_selected" : "responded";
}

/** The 72-hour answer clock of a routed case: time left until dueAt, or how long it is overdue. */
export function answerClock(dueAt: Date | string, now = new Date()): { overdue: boolean; days: number; hours: number; minutes: number } {
  const difference = new Date(dueAt).getTime() - now.getTime();
  const totalMinutes = Math.floor(Math.abs(difference) / 60_000);
  return { overdue: difference < 0, days: Math.floor(totalMinutes / 1440), hours: Math.floor((totalMinutes % 1440) / 60), minutes: totalMinutes % 60 };
}

const status = submissionStatusSchema;

const flag = z.enum(["true", "false"]).transform((value) => value === "true");

/** Query of GET /api/admin/all-submissions. */
export const adminListQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_MAX_PAGE_SIZE).default(ADMIN_PAGE_SIZE),
  q: z.string().trim().max(200).optional(),
  status: submissionStatusSchema.optional(),
  urgency: z.enum(urgencies).optional(),
  specialty: z.string().trim().max(100).optional(),
  source: z.enum(submissionSources).optional(),
  hasFiles: flag.optional(),
  /** true: only cases with a hospital past its 72 hours (isOverdue); false: only the others. */
  overdue: flag.optional(),
  /** The dashboard tab, applied on top of the filters (the counts are for the filters alone). */
  tab: z.enum(adminTabs).default("all"),
});
export type AdminListQuery = z.infer<typeof adminListQuery>;

/** One case in the admin list (GET /api/admin/all-submissions). */
export const adminSubmissionSchema = z.object({
  id: z.string(),
  source: z.enum(submissionSources),
  title: z.string().nullable(),
  patientName: z.string(),
  email: z.string(),
  userEmail: z.string().nullable(),
  phone: z.string().nullable(),
  country: z.string().nullable(),
  homeCountry: z.string(),
  trackingNumber: z.string(),
  specialty: z.string(),
  urgency: z.enum(urgencies),
  status,
  medicalCondition: z.string().nullable(),
  budget: z.string().nullable(),
  preferredCountries: z.array(z.string()),
  message: z.string().nullable(),
  consent: z.boolean(),
  consentFullName: z.string(),
  consentEmail: z.string(),
  consentDate: z.string(),
  createdAt: z.string(),
  files: z.array(fileViewSchema),
  routing: z.object({ hospitals: z.number(), overdue: z.number() }),
});
export type AdminSubmission = z.infer<typeof adminSubmissionSchema>;

export const adminTabCountsSchema = z.object({ total: z.number(), urgent: z.number(), registered: z.number(), withFiles: z.number(), overdue: z.number() });

export const adminSubmissionPageSchema = z.object({
  items: z.array(adminSubmissionSchema),
  nextCursor: z.string().nullable(),
  /** The tabs' counts, on the first page only. */
  counts: adminTabCountsSchema.nullable(),
});
export type AdminSubmissionPage = z.infer<typeof adminSubmissionPageSchema>;

const staffMember = z.object({ name: z.string(), role: z.string().nullable() }).nullable();

export const adminRoutingSchema = z.object({
  id: z.string(),
  hospitalId: z.string(),
  hospitalName: z.string(),
  hospitalCity: z.string(),
  country: z.string(),
  transferBasis: z.string(),
  routedAt: z.string(),
  routedBy: staffMember,
  dueAt: z.string(),
  /** Its 72-hour clock runs only while the case still waits for this hospital's answer. */
  awaited: z.boolean(),
  overdue: z.boolean(),
  status: z.enum(routingStates),
  respondedAt: z.string().nullable(),
  declineReason: z.string().nullable(),
  /** The coordinator's note sent to this hospital with the case. */
  coordinatorNote: z.string().nullable(),
  /** The hospital's one request for more time: by how many hours the deadline moved, and why. */
  extension: z.object({ hours: z.number(), reason: z.string(), at: z.string() }).nullable(),
  plan: planViewSchema.nullable(),
});
export type AdminRouting = z.infer<typeof adminRoutingSchema>;

/** One case for the coordinator (GET /api/admin/cases/[id]): the list's fields, history, routings, document requests and the next possible steps. */
export const adminCaseSchema = adminSubmissionSchema.extend({
  history: z.array(z.object({ from: status.nullable(), to: status, note: z.string().nullable(), at: z.string(), by: staffMember })),
  routings: z.array(adminRoutingSchema),
  documentRequests: z.array(
    z.object({ id: z.string(), message: z.string(), createdAt: z.string(), fulfilledAt: z.string().nullable(), requestedBy: staffMember }),
  ),
  actions: z.object({ transitions: z.array(status), canRoute: z.boolean(), canRequestDocuments: z.boolean() }),
  /** When a hospital is late and the case can still be routed: the next suitable hospital, offered in one click (ADR 025). */
  suggestedHospital: z.object({ id: z.string(), name: z.string(), medianHours: z.number().nullable() }).nullable(),
});
export type AdminCase = z.infer<typeof adminCaseSchema>;

/** The answer of every change to a case (status, routing, document request): the updated case. */
export const adminCaseAnswerSchema = z.object({ case: adminCaseSchema });

export const NOTE_MAX = 1000;
const note = z.string().trim().max(NOTE_MAX, "too_long").optional();

/** POST /api/admin/cases/[id]/status: a coordinator moves a case by hand. */
export const caseStatusChangeSchema = z.object({ to: status, note });
export type CaseStatusChange = z.input<typeof caseStatusChangeSchema>;

export const DOCUMENT_REQUEST_MIN = 5;
export const DOCUMENT_REQUEST_MAX = 2000;

/** POST /api/admin/cases/[id]/document-requests: what the patient is asked to add. */
export const documentRequestSchema = z.object({
  message: z.string().trim().min(DOCUMENT_REQUEST_MIN, "document_request_too_short").max(DOCUMENT_REQUEST_MAX, "too_long"),
});
export type DocumentRequestInput = z.input<typeof documentRequestSchema>;

/** A case's id in the path: anything that is not a UUID is a case that does not exist. */
export const caseIdSchema = z.uuid();
