import "server-only";
import { AppError } from "@/lib/app-error";
import { audit, type AuditActor } from "@/lib/audit";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/db/generated/client";
import type { NotificationOutbox } from "@/lib/notifications/outbox";
import { isPlanExpired } from "./plan-view";
import { changeStatus } from "./workflow";

/**
 * The patient approves one hospital's treatment plan (nothing is paid here). In one transaction: the
 * plan becomes accepted, the case's other proposed plans not selected, the case plan_accepted (the
 * patient is told), the chosen hospital gets plan_accepted, every other hospital with a proposed
 * plan plan_not_selected, and those that have not answered yet case_ended (workflow.changeStatus).
 * The caller has already checked that `submissionId` is the patient's; it sends the outbox's e-mails
 * after this returns.
 *
 * A second or concurrent approval changes nothing and answers 409: the plan update is conditional on
 * its status, the status change on the case's, and the database allows one accepted plan per case.
 */
export async function approvePlan(input: { submissionId: string; planId: string; actor: AuditActor; outbox: NotificationOutbox; now?: Date }) {
  const { submissionId, planId, actor, outbox } = input;
  const now = input.now ?? new Date();
  try {
    return await db().$transaction(async (tx) => {
      const plan = await tx.treatmentPlan.findFirst({
        where: { id: planId, submissionId },
        select: {
          id: true,
          status: true,
          validUntil: true,
          hospitalId: true,
          submission: { select: { trackingNumber: true, status: true } },
          routing: { select: { hospital: { select: { name: true } } } },
        },
      });
      if (!plan) throw new AppError("not_found", "plan_not_found");
      if (plan.status !== "proposed") throw new AppError("conflict", "plan_already_decided");
      if (isPlanExpired(plan.validUntil, now)) throw new AppError("conflict", "plan_expired");
      if (plan.submission.status !== "responded") throw notDecidable(plan.submission.status);

      const accepted = await tx.treatmentPlan.updateMany({ where: { id: plan.id, status: "proposed" }, data: { status: "accepted", decidedAt: now } });
      if (accepted.count !== 1) throw new AppError("conflict", "plan_already_decided");
      const others = await tx.treatmentPlan.findMany({
        where: { submissionId, status: "proposed", id: { not: plan.id } },
        select: { id: true, hospitalId: true, routing: { select: { hospital: { select: { name: true } } } } },
      });
      await tx.treatmentPlan.updateMany({
        where: { id: { in: others.map((other) => other.id) }, status: "proposed" },
        data: { status: "not_selected", decidedAt: now },
      });
      // plan_not_selected (below) is their notice that the case no longer needs their answer.
      await tx.caseRouting.updateMany({
        where: { submissionId, hospitalId: { in: others.map((other) => other.hospitalId) }, endNoticeAt: null },
        data: { endNoticeAt: now },
      });

      await changeStatus(tx, { submissionId, to: "plan_accepted", actor, outbox });
      const { trackingNumber } = plan.submission;
      await outbox.add(
        tx,
        { kind: "hospital", hospitalId: plan.hospitalId, submissionId },
        { type: "plan_accepted", trackingNumber, hospitalName: plan.routing.hospital.name },
      );
      for (const other of others)
        await outbox.add(
          tx,
          { kind: "hospital", hospitalId: other.hospitalId, submissionId },
          { type: "plan_not_selected", trackingNumber, hospitalName: other.routing.hospital.name },
        );
      await audit(tx, actor, {
        action: "plan.approve",
        entityType: "treatment_plan",
        entityId: plan.id,
        metadata: { submissionId, hospitalId: plan.hospitalId, notSelected: others.map((other) => other.id) },
      });
      return { planId: plan.id, status: "plan_accepted" as const };
    });
  } catch (error) {
    // The partial unique index (one accepted plan per case) stops a concurrent approval of another plan.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") throw new AppError("conflict", "plan_already_decided");
    throw error;
  }
}

function notDecidable(status: string): AppError {
  if (status === "plan_accepted" || status === "closed") return new AppError("conflict", "plan_already_decided");
  return new AppError("conflict", "plan_not_decidable", { params: { status } });
}
