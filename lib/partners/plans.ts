import "server-only";
import { z } from "zod";
import { AppError } from "@/lib/app-error";
import { audit, type AuditActor } from "@/lib/audit";
import type { SessionUser } from "@/lib/auth/session";
import { isCaseEnded } from "@/lib/contracts/cases";
import { changeStatus, lockCaseStatus } from "@/lib/cases/workflow";
import { db } from "@/lib/db";
import type { Tx } from "@/lib/db/transaction";
import { NotificationOutbox } from "@/lib/notifications/outbox";
import { routingOfHospital } from "@/lib/access/routings";
import { partnerHospitalId } from "./cases";
import type { appointmentSchema, declineSchema, extensionSchema, planSchema } from "@/lib/contracts/plans";
import { formatDueAt } from "@/lib/cases/routing";

/**
 * A partner hospital's answers to a case routed to it: one treatment plan or a decline, once; and,
 * after the patient approved that plan, the appointment. Each is one transaction with its audit row
 * and notifications.
 */

/** My hospital's routing of this case (with what the notifications need), or 404. */
async function findMyRouting(tx: Tx, user: SessionUser, rawId: string) {
  const hospitalId = partnerHospitalId(user);
  const id = z.uuid().safeParse(rawId);
  if (!id.success) throw new AppError("not_found", "case_not_found");
  const routing = await tx.caseRouting.findUnique({
    where: routingOfHospital(hospitalId, id.data),
    include: {
      hospital: { select: { name: true } },
      plan: { select: { id: true, status: true } },
      submission: { select: { id: true, status: true, trackingNumber: true, userId: true, email: true, patientName: true, locale: true } },
    },
  });
  if (!routing) throw new AppError("not_found", "case_not_found");
  return routing;
}

/** Locks the case (workflow.lockCaseStatus) and refuses (409) one that has ended: no plan lands on an ended case, no hospital answers after being told it need not. */
async function lockOpenCase(tx: Tx, submissionId: string): Promise<string> {
  const status = await lockCaseStatus(tx, submissionId);
  if (!status) throw new AppError("not_found", "case_not_found");
  if (isCaseEnded(status)) throw new AppError("conflict", "case_closed_for_plans");
  return status;
}

/** Moves my routing out of awaiting_response; the condition makes two simultaneous answers yield one. */
async function claimRouting(tx: Tx, routingId: string, data: { status: "responded" | "declined"; declineReason?: string }) {
  const claimed = await tx.caseRouting.updateMany({ where: { id: routingId, status: "awaiting_response" }, data: { ...data, respondedAt: new Date() } });
  if (claimed.count !== 1) throw new AppError("conflict", "partner_already_answered");
}

export async function submitPlan(user: SessionUser, submissionId: string, input: z.output<typeof planSchema>, actor: AuditActor) {
  const outbox = new NotificationOutbox();
  const plan = await db().$transaction(async (tx) => {
    const routing = await findMyRouting(tx, user, submissionId);
    const { submission } = routing;
    const status = await lockOpenCase(tx, submission.id);
    if (routing.status !== "awaiting_response") throw new AppError("conflict", "partner_already_answered");
    await claimRouting(tx, routing.id, { status: "responded" });
    const created = await tx.treatmentPlan.create({
      data: {
        routingId: routing.id,
        submissionId: submission.id,
        hospitalId: routing.hospitalId,
        authorId: user.id,
        diagnosisSummary: input.diagnosisSummary,
        proposedTreatment: input.proposedTreatment,
        included: input.included,
        lengthOfStayDays: input.lengthOfStayDays,
        priceMin: input.priceMin,
        priceMax: input.priceMax,
        currency: input.currency,
        validUntil: new Date(`${input.validUntil}T00:00:00Z`),
        leadDoctor: input.leadDoctor,
        message: input.message || null,
      },
      select: { id: true },
    });
    await audit(tx, actor, {
      action: "plan.submit",
      entityType: "treatment_plan",
      entityId: created.id,
      metadata: { submissionId: submission.id, hospitalId: routing.hospitalId },
    });
    await outbox.add(
      tx,
      { kind: "patient", submission },
      { type: "hospital_response", trackingNumber: submission.trackingNumber, hospitalName: routing.hospital.name },
    );
    // The first plan makes the case "responded"; hospital_response already tells the patient.
    if (status === "sent_to_hospitals") await changeStatus(tx, { submissionId: submission.id, to: "responded", actor });
    return created;
  });
  outbox.sendEmails();
  return plan;
}

export async function declineCase(user: SessionUser, submissionId: string, input: z.infer<typeof declineSchema>, actor: AuditActor) {
  await db().$transaction(async (tx) => {
    const routing = await findMyRouting(tx, user, submissionId);
    await lockOpenCase(tx, routing.submissionId);
    if (routing.status !== "awaiting_response") throw new AppError("conflict", "partner_already_answered");
    await claimRouting(tx, routing.id, { status: "declined", declineReason: input.reason });
    await audit(tx, actor, {
      action: "routing.decline",
      entityType: "case_routing",
      entityId: routing.id,
      metadata: { submissionId: routing.submissionId, hospitalId: routing.hospitalId },
    });
  });
}

/**
 * The hospital asks for more time, once per routing (issue 21): while it is still awaited and before
 * its deadline, the deadline moves on by `hours` (at most 48), the coordinators are told with the
 * reason, and the request is audited. A second request, or one after the deadline, is refused (409).
 */
export async function requestMoreTime(user: SessionUser, submissionId: string, input: z.infer<typeof extensionSchema>, actor: AuditActor, now = new Date()) {
  const outbox = new NotificationOutbox();
  const dueAt = await db().$transaction(async (tx) => {
    const routing = await findMyRouting(tx, user, submissionId);
    await lockOpenCase(tx, routing.submissionId);
    if (routing.status !== "awaiting_response") throw new AppError("conflict", "partner_already_answered");
    if (routing.extendedAt) throw new AppError("conflict", "extension_already_used");
    if (routing.dueAt.getTime() <= now.getTime()) throw new AppError("conflict", "extension_after_deadline");
    const newDueAt = new Date(routing.dueAt.getTime() + input.hours * 60 * 60 * 1000);
    // Conditional, so that two requests at once grant one.
    const claimed = await tx.caseRouting.updateMany({
      where: { id: routing.id, status: "awaiting_response", extendedAt: null, dueAt: routing.dueAt },
      data: { extendedAt: now, extensionHours: input.hours, extensionReason: input.reason, dueAt: newDueAt },
    });
    if (claimed.count !== 1) throw new AppError("conflict", "extension_already_used");
    await audit(tx, actor, {
      action: "routing.extend",
      entityType: "case_routing",
      entityId: routing.id,
      metadata: {
        submissionId: routing.submissionId,
        hospitalId: routing.hospitalId,
        hours: input.hours,
        from: routing.dueAt.toISOString(),
        to: newDueAt.toISOString(),
      },
    });
    await outbox.add(
      tx,
      { kind: "admins", submissionId: routing.submissionId },
      {
        type: "routing_extended",
        trackingNumber: routing.submission.trackingNumber,
        hospitalName: routing.hospital.name,
        hours: input.hours,
        reason: input.reason,
        dueAt: formatDueAt(newDueAt),
      },
    );
    return newDueAt;
  });
  outbox.sendEmails();
  return { dueAt: dueAt.toISOString() };
}

export async function scheduleAppointment(user: SessionUser, submissionId: string, input: z.infer<typeof appointmentSchema>, actor: AuditActor) {
  const outbox = new NotificationOutbox();
  const at = new Date(input.at);
  await db().$transaction(async (tx) => {
    const routing = await findMyRouting(tx, user, submissionId);
    const { submission, plan } = routing;
    if (!plan || plan.status !== "accepted" || submission.status !== "plan_accepted") throw new AppError("conflict", "appointment_needs_accepted_plan");
    await tx.treatmentPlan.update({ where: { id: plan.id }, data: { appointmentAt: at, appointmentNote: input.note || null } });
    await audit(tx, actor, {
      action: "plan.appointment",
      entityType: "treatment_plan",
      entityId: plan.id,
      metadata: { submissionId: submission.id, at: at.toISOString() },
    });
    await outbox.add(
      tx,
      { kind: "patient", submission },
      {
        type: "appointment_scheduled",
        trackingNumber: submission.trackingNumber,
        hospitalName: routing.hospital.name,
        date: `${at.toISOString().slice(0, 16).replace("T", " ")} UTC`,
      },
    );
  });
  outbox.sendEmails();
}
