import "server-only";
import { AppError } from "@/lib/app-error";
import { audit, type AuditActor } from "@/lib/audit";
import type { Tx } from "@/lib/db/transaction";
import type { NotificationOutbox } from "@/lib/notifications/outbox";
import type { SubmissionStatus } from "@/lib/contracts/submissions";
import { tellHospitalsCaseEnded } from "./case-end";
import { isCaseEnded } from "@/lib/contracts/cases";

/**
 * The case workflow (PRODUCT.md, in the spirit of FHIR Task):
 * submitted → under_review → sent_to_hospitals → responded → plan_accepted → closed, and cancelled.
 */
export const allowedTransitions: Record<SubmissionStatus, readonly SubmissionStatus[]> = {
  submitted: ["under_review", "sent_to_hospitals", "cancelled"],
  under_review: ["sent_to_hospitals", "cancelled"],
  sent_to_hospitals: ["responded", "cancelled"],
  responded: ["plan_accepted", "cancelled"],
  plan_accepted: ["closed"],
  closed: [],
  cancelled: [],
};

/**
 * The moves a coordinator makes by hand. The others follow from events: routing a case sends it to
 * hospitals, the first plan makes it responded, the patient's approval makes it plan_accepted.
 */
export const manualTransitions: Record<SubmissionStatus, readonly SubmissionStatus[]> = {
  submitted: ["under_review", "cancelled"],
  under_review: ["cancelled"],
  sent_to_hospitals: ["cancelled"],
  responded: ["cancelled"],
  plan_accepted: ["closed"],
  closed: [],
  cancelled: [],
};

/**
 * Locks the case row until the caller's transaction ends and answers its current status (null when
 * there is no such case): changes that must not interleave (a hospital's answer, a coordinator's status
 * change, the case ending) then run one after the other, each seeing the status the other left.
 */
export async function lockCaseStatus(tx: Tx, submissionId: string): Promise<SubmissionStatus | null> {
  const [row] = await tx.$queryRaw<{ status: SubmissionStatus }[]>`SELECT status::text AS status FROM "Submission" WHERE id = ${submissionId} FOR UPDATE`;
  return row?.status ?? null;
}

export function canTransition(from: SubmissionStatus, to: SubmissionStatus): boolean {
  return allowedTransitions[from].includes(to);
}

export interface StatusChangeInput {
  submissionId: string;
  to: SubmissionStatus;
  actor: AuditActor;
  note?: string | null;
  /**
   * Tells the patient (bell and e-mail) about the new status; off when a more specific notification says it.
   * Required for a move that ends the case, which also tells the hospitals whose answer is no longer needed.
   */
  outbox?: NotificationOutbox;
}

/**
 * Moves a case to `to` inside the caller's transaction: refuses a transition the workflow does not
 * allow (409), records who, when and why, and audits it. A move into plan_accepted, closed or
 * cancelled also tells the hospitals still expected to answer that they need not (each once). The update is conditional on the status read,
 * so two concurrent changes cannot both apply.
 */
export async function changeStatus(tx: Tx, input: StatusChangeInput): Promise<{ from: SubmissionStatus }> {
  const submission = await tx.submission.findUnique({
    where: { id: input.submissionId },
    select: { id: true, status: true, userId: true, email: true, patientName: true, locale: true, trackingNumber: true },
  });
  if (!submission) throw new AppError("not_found", "submission_not_found");
  const from = submission.status;
  if (!canTransition(from, input.to)) throw new AppError("conflict", "case_move_refused", { params: { from, to: input.to } });
  const updated = await tx.submission.updateMany({ where: { id: submission.id, status: from }, data: { status: input.to } });
  if (updated.count !== 1) throw new AppError("conflict", "case_changed_meanwhile");
  await tx.statusChange.create({
    data: { submissionId: submission.id, fromStatus: from, toStatus: input.to, actorId: input.actor.id, note: input.note ?? null },
  });
  await audit(tx, input.actor, { action: "submission.status_change", entityType: "submission", entityId: submission.id, metadata: { from, to: input.to } });
  await input.outbox?.add(tx, { kind: "patient", submission }, { type: "status_changed", trackingNumber: submission.trackingNumber, status: input.to });
  if (isCaseEnded(input.to)) {
    if (!input.outbox) throw new Error("A status change that ends a case needs an outbox to tell the hospitals.");
    await tellHospitalsCaseEnded(tx, { submissionId: submission.id, trackingNumber: submission.trackingNumber, to: input.to, outbox: input.outbox });
  }
  return { from };
}
