import "server-only";
import { AppError } from "@/lib/app-error";
import type { AuditActor } from "@/lib/audit";
import { changeStatus, lockCaseStatus, manualTransitions } from "@/lib/cases/workflow";
import { db } from "@/lib/db";
import type { NotificationOutbox } from "@/lib/notifications/outbox";
import type { SubmissionStatus } from "@/lib/contracts/submissions";

const words = (status: string) => status.replace(/_/g, " ");

/**
 * A coordinator's status change by hand: only workflow.manualTransitions from the current status
 * (the other moves follow from routing, plans and the patient's approval); the patient is told, and
 * closing or cancelling tells the hospitals still expected to answer (workflow.changeStatus).
 */
export async function setCaseStatus(input: { submissionId: string; to: SubmissionStatus; actor: AuditActor; note?: string | null }, outbox: NotificationOutbox) {
  return db().$transaction(async (tx) => {
    // Locked, so that a hospital's answer arriving meanwhile is waited for rather than turned into a 409.
    const status = await lockCaseStatus(tx, input.submissionId);
    if (!status) throw new AppError("not_found", "Case not found.");
    const allowed = manualTransitions[status];
    if (!allowed.includes(input.to)) {
      const options = allowed.length ? `From ${words(status)} it can be moved to: ${allowed.map(words).join(", ")}.` : `A ${words(status)} case cannot be changed.`;
      throw new AppError("conflict", `A case cannot be moved from ${words(status)} to ${words(input.to)} by hand. ${options}`);
    }
    return changeStatus(tx, { submissionId: input.submissionId, to: input.to, actor: input.actor, note: input.note || null, outbox });
  });
}
