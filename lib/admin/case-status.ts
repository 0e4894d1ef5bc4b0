import "server-only";
import { AppError } from "@/lib/app-error";
import type { AuditActor } from "@/lib/audit";
import { changeStatus, lockCaseStatus, manualTransitions } from "@/lib/cases/workflow";
import { db } from "@/lib/db";
import type { NotificationOutbox } from "@/lib/notifications/outbox";
import type { SubmissionStatus } from "@/lib/contracts/submissions";

/**
 * A coordinator's status change by hand: only workflow.manualTransitions from the current status
 * (the other moves follow from routing, plans and the patient's approval); the patient is told, and
 * closing or cancelling tells the hospitals still expected to answer (workflow.changeStatus).
 */
export async function setCaseStatus(
  input: { submissionId: string; to: SubmissionStatus; actor: AuditActor; note?: string | null },
  outbox: NotificationOutbox,
) {
  return db().$transaction(async (tx) => {
    // Locked, so that a hospital's answer arriving meanwhile is waited for rather than turned into a 409.
    const status = await lockCaseStatus(tx, input.submissionId);
    if (!status) throw new AppError("not_found", "case_not_found");
    const allowed = manualTransitions[status];
    if (!allowed.includes(input.to)) {
      const params = { from: status, to: input.to, allowed: allowed.join(",") };
      throw new AppError("conflict", allowed.length ? "case_status_not_manual" : "case_status_final", { field: "status", params });
    }
    return changeStatus(tx, { submissionId: input.submissionId, to: input.to, actor: input.actor, note: input.note || null, outbox });
  });
}
