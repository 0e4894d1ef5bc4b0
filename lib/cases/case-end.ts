import "server-only";
import type { Tx } from "@/lib/db/transaction";
import type { CaseEndReason } from "@/lib/notifications/events";
import type { NotificationOutbox } from "@/lib/notifications/outbox";
import type { SubmissionStatus } from "@/lib/contracts/submissions";

const reasonFor: Partial<Record<SubmissionStatus, CaseEndReason>> = { plan_accepted: "plan_chosen", closed: "closed", cancelled: "cancelled" };

/**
 * When a case reaches plan_accepted, closed or cancelled (workflow.changeStatus calls this), every
 * routed hospital whose answer is still open and that has not been told yet is told it is no longer
 * needed, once (CaseRouting.endNoticeAt): those that have not answered and those whose plan is still
 * only proposed. Not told here: a hospital that declined (it has left the case), the chosen hospital,
 * and those whose plan was not selected (approvePlan tells them plan_accepted / plan_not_selected).
 */
export async function tellHospitalsCaseEnded(
  tx: Tx,
  input: { submissionId: string; trackingNumber: string; to: SubmissionStatus; outbox: NotificationOutbox; now?: Date },
) {
  const reason = reasonFor[input.to];
  if (!reason) return;
  const open = await tx.caseRouting.findMany({
    where: {
      submissionId: input.submissionId,
      endNoticeAt: null,
      OR: [{ status: "awaiting_response" }, { status: "responded", plan: { status: "proposed" } }],
    },
    orderBy: { routedAt: "asc" },
    select: { id: true, hospitalId: true, hospital: { select: { name: true } } },
  });
  for (const routing of open) {
    // Conditional, so that two changes racing on one case cannot both tell the same hospital.
    const marked = await tx.caseRouting.updateMany({ where: { id: routing.id, endNoticeAt: null }, data: { endNoticeAt: input.now ?? new Date() } });
    if (marked.count !== 1) continue;
    await input.outbox.add(
      tx,
      { kind: "hospital", hospitalId: routing.hospitalId, submissionId: input.submissionId },
      { type: "case_ended", trackingNumber: input.trackingNumber, hospitalName: routing.hospital.name, reason },
    );
  }
}
