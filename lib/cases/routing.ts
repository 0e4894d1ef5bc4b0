import "server-only";
import { AppError } from "@/lib/app-error";
import { audit, type AuditActor } from "@/lib/audit";
import { db } from "@/lib/db";
import type { NotificationOutbox } from "@/lib/notifications/outbox";
import type { Tx } from "@/lib/db/transaction";
import { publishedMedianHours } from "@/lib/partners/response-times";
import type { SubmissionStatus } from "@/lib/contracts/submissions";
import { MAX_HOSPITALS_PER_ROUTING, type RoutableHospital } from "@/lib/contracts/routings";
import { changeStatus } from "./workflow";
import { PLAN_PROMISE_HOURS } from "@/lib/contracts/promise";
import { hospitalsOffering } from "@/content/hospitals";
import { homeSpecialtySlugs, type HomeSpecialtySlug } from "@/content/specialties";

/** Each routed hospital has the promised hours to answer with a plan or decline (issue 5): the promise patients are told. */
export const RESPONSE_WINDOW_MS = PLAN_PROMISE_HOURS * 60 * 60 * 1000;

/**
 * The legal basis recorded for sending the case across the border (NDPA 2023 s. 43, GDPR art. 49(1)(a)):
 * the patient's explicit consent to share their records with partner hospitals, given with the submission.
 */
export const TRANSFER_BASIS = "explicit_consent";

/** A case can be sent to (more) hospitals until a plan is accepted or it is closed or cancelled. */
export const routableStatuses: readonly SubmissionStatus[] = ["submitted", "under_review", "sent_to_hospitals", "responded"];

/** Routing moves a case that is still with the coordinator to sent_to_hospitals. */
const movesToSent: readonly SubmissionStatus[] = ["submitted", "under_review"];

export interface RouteCaseResult {
  /** Hospitals this call routed the case to, with their deadline. */
  routed: { hospitalId: string; dueAt: string }[];
  /** Hospitals the case had already been routed to (left as they were). */
  skipped: string[];
}

/** "2025-03-04 09:30 UTC": the deadline as partners read it in any language and time zone. */
export function formatDueAt(dueAt: Date): string {
  return `${dueAt.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/**
 * Sends a case to partner hospitals, in one transaction: one CaseRouting per hospital not yet routed
 * (72-hour clock, cross-border transfer record), the case moves to sent_to_hospitals when it was
 * still with the coordinator (the patient is told), each new hospital's partner users are told, and
 * the routing is audited. Routing a hospital again is not an error and changes nothing for it.
 */
export async function routeCase(
  input: { submissionId: string; hospitalIds: readonly string[]; actor: AuditActor; note?: string | null },
  outbox: NotificationOutbox,
): Promise<RouteCaseResult> {
  const hospitalIds = [...new Set(input.hospitalIds)];
  if (hospitalIds.length === 0) throw new AppError("bad_request", "routing_no_hospital", { field: "hospitalIds" });
  if (hospitalIds.length > MAX_HOSPITALS_PER_ROUTING)
    throw new AppError("bad_request", "routing_too_many_hospitals", { field: "hospitalIds", params: { max: MAX_HOSPITALS_PER_ROUTING } });

  return db().$transaction(async (tx) => {
    // Locks the case row first, so two coordinators routing the same case at once run one after the other.
    const locked = await tx.submission.updateMany({ where: { id: input.submissionId }, data: { updatedAt: new Date() } });
    if (locked.count === 0) throw new AppError("not_found", "case_not_found");
    const submission = await tx.submission.findUniqueOrThrow({
      where: { id: input.submissionId },
      select: { id: true, status: true, consent: true, trackingNumber: true, userId: true, email: true, patientName: true, locale: true, specialty: true },
    });
    if (!routableStatuses.includes(submission.status)) throw new AppError("conflict", "routing_case_not_routable", { params: { status: submission.status } });
    if (!submission.consent) throw new AppError("conflict", "routing_no_consent");

    const hospitals = await tx.hospital.findMany({ where: { id: { in: hospitalIds }, active: true }, select: { id: true, name: true, country: true } });
    const unknown = hospitalIds.filter((id) => !hospitals.some((hospital) => hospital.id === id));
    if (unknown.length) throw new AppError("bad_request", "routing_unknown_hospital", { field: "hospitalIds", params: { hospitals: unknown.join(", ") } });

    const existing = await tx.caseRouting.findMany({ where: { submissionId: submission.id, hospitalId: { in: hospitalIds } }, select: { hospitalId: true } });
    const skipped = existing.map((routing) => routing.hospitalId);
    const fresh = hospitalIds.filter((id) => !skipped.includes(id)).map((id) => hospitals.find((hospital) => hospital.id === id)!);

    const routedAt = new Date();
    // A hospital already late on this case (deadline passed, no answer): the patient is told another was asked.
    const late = await tx.caseRouting.count({ where: { submissionId: submission.id, status: "awaiting_response", dueAt: { lt: routedAt } } });
    const dueAt = new Date(routedAt.getTime() + RESPONSE_WINDOW_MS);
    for (const hospital of fresh) {
      await tx.caseRouting.create({
        data: {
          submissionId: submission.id,
          hospitalId: hospital.id,
          routedById: input.actor.id,
          routedAt,
          dueAt,
          destinationCountry: hospital.country,
          transferBasis: TRANSFER_BASIS,
          coordinatorNote: input.note ?? null,
        },
      });
    }

    if (movesToSent.includes(submission.status)) {
      // The note is for the hospitals: the patient's history shows the step without it.
      await changeStatus(tx, { submissionId: submission.id, to: "sent_to_hospitals", actor: input.actor, outbox });
    }
    for (const hospital of fresh)
      await outbox.add(
        tx,
        { kind: "hospital", hospitalId: hospital.id, submissionId: submission.id },
        { type: "case_routed", trackingNumber: submission.trackingNumber, hospitalName: hospital.name, dueAt: formatDueAt(dueAt) },
      );
    if (late > 0 && fresh.length > 0)
      await outbox.add(tx, { kind: "patient", submission }, { type: "hospital_late", trackingNumber: submission.trackingNumber });
    await audit(tx, input.actor, {
      action: "case.route",
      entityType: "submission",
      entityId: submission.id,
      metadata: { hospitalIds: fresh.map((hospital) => hospital.id), alreadyRouted: skipped, dueAt: dueAt.toISOString(), note: input.note ?? null },
    });
    return { routed: fresh.map((hospital) => ({ hospitalId: hospital.id, dueAt: dueAt.toISOString() })), skipped };
  });
}

/** The hospitals a coordinator can route to, by country, with how many partner users will see the case. */
export async function listRoutableHospitals(): Promise<RoutableHospital[]> {
  const hospitals = await db().hospital.findMany({
    where: { active: true },
    orderBy: [{ country: "asc" }, { city: "asc" }, { name: "asc" }],
    select: {
      id: true,
      name: true,
      city: true,
      country: true,
      _count: { select: { partners: { where: { role: "partner", OR: [{ banned: null }, { banned: false }] } } } },
    },
  });
  return hospitals.map(({ _count, ...hospital }) => ({ ...hospital, partnerUsers: _count.partners }));
}

/** The hospital the coordinator is offered when one is late: see nextSuitableHospital. */
export interface SuggestedHospital {
  id: string;
  name: string;
  /** Its published median time to a plan (hours), or null: a new partner without enough answered cases. */
  medianHours: number | null;
}

/**
 * The next suitable hospital for a case (issue 21, ADR 025): an active hospital the case has not been
 * routed to, offering the case's specialty (any active hospital for a specialty no hospital lists,
 * e.g. a check-up), the fastest published median response first, then those without enough data, by name.
 * Null when there is none left.
 */
export async function nextSuitableHospital(
  submission: { specialty: string; routedHospitalIds: readonly string[] },
  tx: Pick<Tx, "hospital"> = db(),
): Promise<SuggestedHospital | null> {
  const offering = (homeSpecialtySlugs as readonly string[]).includes(submission.specialty)
    ? hospitalsOffering(submission.specialty as HomeSpecialtySlug).map((hospital) => hospital.id)
    : null;
  const candidates = await tx.hospital.findMany({
    where: { active: true, id: { notIn: [...submission.routedHospitalIds], ...(offering && { in: offering }) } },
    select: { id: true, name: true, responseTime: { select: { medianMinutes: true, answeredCases: true } } },
  });
  const ranked = candidates
    .map((hospital) => ({
      id: hospital.id,
      name: hospital.name,
      medianHours: publishedMedianHours(hospital.responseTime),
      minutes: publishedMedianHours(hospital.responseTime) === null ? null : hospital.responseTime!.medianMinutes!,
    }))
    .sort((a, b) => (a.minutes ?? Infinity) - (b.minutes ?? Infinity) || a.name.localeCompare(b.name));
  const best = ranked[0];
  return best ? { id: best.id, name: best.name, medianHours: best.medianHours } : null;
}
