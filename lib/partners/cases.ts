import "server-only";
import { planSelect, toPlanView, type PlanRow } from "@/lib/cases/plan-view";
import { z } from "zod";
import { AppError } from "@/lib/api/errors";
import { audit, type AuditActor } from "@/lib/audit";
import type { SessionUser } from "@/lib/auth/session";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/db/generated/client";
import { fileSelect, toFileView } from "@/lib/submissions/queries";

/**
 * What a partner user sees: only cases routed to their own hospital, and of each case only their own
 * hospital's routing and plan (never other hospitals' answers). Anything else is "not found".
 */
export const CASE_NOT_FOUND = "Case not found.";

/** The hospital a partner acts for; requireUser already refuses partners without one. */
export function partnerHospitalId(user: SessionUser): string {
  if (user.role !== "partner" || !user.hospitalId) throw new AppError("not_found", CASE_NOT_FOUND);
  return user.hospitalId;
}

/** The one condition every partner query uses. */
export function routedToHospital(hospitalId: string): Prisma.SubmissionWhereInput {
  return { routings: { some: { hospitalId } } };
}

function toRoutingView(routing: { id: string; status: string; routedAt: Date; dueAt: Date; respondedAt: Date | null; declineReason: string | null; plan: PlanRow | null }) {
  return {
    id: routing.id,
    status: routing.status as "awaiting_response" | "responded" | "declined",
    routedAt: routing.routedAt.toISOString(),
    dueAt: routing.dueAt.toISOString(),
    respondedAt: routing.respondedAt?.toISOString() ?? null,
    declineReason: routing.declineReason,
    plan: routing.plan ? toPlanView(routing.plan) : null,
  };
}

export type PartnerRoutingView = ReturnType<typeof toRoutingView>;

/** The partner's case list, newest routing first. */
export async function listPartnerCases(user: SessionUser) {
  const hospitalId = partnerHospitalId(user);
  const rows = await db().submission.findMany({
    where: routedToHospital(hospitalId),
    take: 500,
    orderBy: { createdAt: "desc" },
    select: {
      id: true,
      trackingNumber: true,
      patientName: true,
      specialty: true,
      urgency: true,
      status: true,
      createdAt: true,
      routings: { where: { hospitalId }, select: { id: true, status: true, routedAt: true, dueAt: true, respondedAt: true, declineReason: true, plan: { select: planSelect } } },
    },
  });
  return rows
    .map(({ routings, createdAt, ...row }) => ({ ...row, createdAt: createdAt.toISOString(), routing: toRoutingView(routings[0]) }))
    .sort((a, b) => b.routing.routedAt.localeCompare(a.routing.routedAt));
}

export type PartnerCaseSummary = Awaited<ReturnType<typeof listPartnerCases>>[number];

/** One case with what the hospital needs to assess it; reading it is audited. */
export async function getPartnerCase(user: SessionUser, rawId: string, actor: AuditActor) {
  const hospitalId = partnerHospitalId(user);
  const id = z.uuid().safeParse(rawId);
  if (!id.success) throw new AppError("not_found", CASE_NOT_FOUND);
  const row = await db().submission.findFirst({
    where: { id: id.data, ...routedToHospital(hospitalId) },
    select: {
      id: true,
      trackingNumber: true,
      patientName: true,
      medicalCondition: true,
      specialty: true,
      urgency: true,
      status: true,
      homeCountry: true,
      budget: true,
      message: true,
      preferredCountries: true,
      createdAt: true,
      files: { select: fileSelect, orderBy: { createdAt: "asc" } },
      routings: { where: { hospitalId }, select: { id: true, status: true, routedAt: true, dueAt: true, respondedAt: true, declineReason: true, plan: { select: planSelect } } },
    },
  });
  if (!row) throw new AppError("not_found", CASE_NOT_FOUND);
  await audit(db(), actor, { action: "submission.read", entityType: "submission", entityId: row.id, metadata: { hospitalId } });
  const { routings, files, createdAt, ...submission } = row;
  return { ...submission, createdAt: createdAt.toISOString(), files: files.map(toFileView), routing: toRoutingView(routings[0]) };
}

export type PartnerCase = Awaited<ReturnType<typeof getPartnerCase>>;

/** The name of the hospital a partner acts for (page headings). */
export async function partnerHospitalName(user: SessionUser): Promise<string> {
  const hospital = await db().hospital.findUnique({ where: { id: partnerHospitalId(user) }, select: { name: true } });
  return hospital?.name ?? "";
}
