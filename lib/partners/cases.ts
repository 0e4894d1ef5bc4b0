import "server-only";
import { z } from "zod";
import { AppError } from "@/lib/app-error";
import { decodeCursor, encodeCursor } from "@/lib/api/keyset-cursor";
import { routingState, type StoredRoutingStatus } from "@/lib/contracts/cases";
import { partnerListQuery, type PartnerCase, type PartnerCasePage, type PartnerListQuery, type PartnerRoutingView } from "@/lib/contracts/partners";
import { routedToHospital, sharedWithHospital } from "@/lib/access/cases";
import { routingsOfHospital } from "@/lib/access/routings";
import { planSelect, toPlanView, type PlanRow } from "@/lib/cases/plan-view";
import { audit, type AuditActor } from "@/lib/audit";
import type { SessionUser } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { fileSelect, toFileView } from "@/lib/submissions/queries";

/**
 * What a partner user sees: only cases routed to their own hospital, and of each case only their own
 * hospital's routing and plan (never other hospitals' answers); the patient's details and files only
 * while the case is shared with the hospital (lib/access/cases.ts). Anything else is "not found".
 */

/** The hospital a partner acts for; requireUser already refuses partners without one. */
export function partnerHospitalId(user: SessionUser): string {
  if (user.role !== "partner" || !user.hospitalId) throw new AppError("not_found", "case_not_found");
  return user.hospitalId;
}

const routingSelect = {
  id: true,
  status: true,
  routedAt: true,
  dueAt: true,
  respondedAt: true,
  declineReason: true,
  coordinatorNote: true,
  extendedAt: true,
  extensionHours: true,
  extensionReason: true,
  plan: { select: planSelect },
} as const;

type RoutingRow = {
  id: string;
  status: StoredRoutingStatus;
  routedAt: Date;
  dueAt: Date;
  respondedAt: Date | null;
  declineReason: string | null;
  coordinatorNote: string | null;
  extendedAt: Date | null;
  extensionHours: number | null;
  extensionReason: string | null;
  plan: PlanRow | null;
};

/** My hospital's routing of a case; its status is "withdrawn" once the case ended before we answered. */
function toRoutingView(routing: RoutingRow, caseStatus: string): PartnerRoutingView {
  return {
    id: routing.id,
    status: routingState(routing.status, caseStatus),
    routedAt: routing.routedAt.toISOString(),
    dueAt: routing.dueAt.toISOString(),
    respondedAt: routing.respondedAt?.toISOString() ?? null,
    declineReason: routing.declineReason,
    coordinatorNote: routing.coordinatorNote,
    extension:
      routing.extendedAt && routing.extensionHours !== null
        ? { hours: routing.extensionHours, reason: routing.extensionReason ?? "", at: routing.extendedAt.toISOString() }
        : null,
    plan: routing.plan ? toPlanView(routing.plan) : null,
  };
}

/**
 * The partner's case list, newest routing first, one page at a time: keyset on my hospital's routings
 * (routedAt desc, id desc; index hospitalId, routedAt), so no case is skipped however many there are.
 */
export async function listPartnerCases(user: SessionUser, query: PartnerListQuery = {}): Promise<PartnerCasePage> {
  const hospitalId = partnerHospitalId(user);
  const { cursor, limit } = partnerListQuery.parse(query);
  const after = cursor ? decodeCursor(cursor) : null;
  const rows = await db().caseRouting.findMany({
    where: {
      ...routingsOfHospital(hospitalId),
      ...(after && { OR: [{ routedAt: { lt: after.createdAt } }, { routedAt: after.createdAt, id: { lt: after.id } }] }),
    },
    orderBy: [{ routedAt: "desc" }, { id: "desc" }],
    take: limit + 1,
    select: {
      ...routingSelect,
      submission: { select: { id: true, trackingNumber: true, specialty: true, urgency: true, status: true, createdAt: true } },
    },
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    cases: page.map(({ submission: { createdAt, ...submission }, ...routing }) => ({
      ...submission,
      createdAt: createdAt.toISOString(),
      routing: toRoutingView(routing, submission.status),
    })),
    nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: last.routedAt, id: last.id }) : null,
  };
}

/**
 * One case: the hospital's own routing and plan, and, while the case is shared with the hospital, what
 * it needs to assess it (the patient's details and files); `shared` says which. Reading it is audited.
 */
export async function getPartnerCase(user: SessionUser, rawId: string, actor: AuditActor): Promise<PartnerCase> {
  const hospitalId = partnerHospitalId(user);
  const id = z.uuid().safeParse(rawId);
  if (!id.success) throw new AppError("not_found", "case_not_found");
  const row = await db().submission.findFirst({
    where: { id: id.data, ...routedToHospital(hospitalId) },
    select: {
      id: true,
      trackingNumber: true,
      specialty: true,
      urgency: true,
      status: true,
      createdAt: true,
      routings: { where: routingsOfHospital(hospitalId), select: routingSelect },
    },
  });
  if (!row) throw new AppError("not_found", "case_not_found");
  const details = await db().submission.findFirst({
    where: { id: row.id, ...sharedWithHospital(hospitalId) },
    select: {
      patientName: true,
      medicalCondition: true,
      homeCountry: true,
      budget: true,
      message: true,
      preferredCountries: true,
      // The case's imaging is listed as studies and series (lib/imaging), not file by file.
      files: { where: { imagingInstance: { is: null } }, select: fileSelect, orderBy: { createdAt: "asc" } },
    },
  });
  await audit(db(), actor, { action: "submission.read", entityType: "submission", entityId: row.id, metadata: { hospitalId, shared: details !== null } });
  const { routings, createdAt, ...submission } = row;
  const summary = { ...submission, createdAt: createdAt.toISOString(), routing: toRoutingView(routings[0], submission.status) };
  if (!details) return { ...summary, shared: false as const };
  return { ...summary, shared: true as const, ...details, files: details.files.map(toFileView) };
}

/** The name of the hospital a partner acts for (page headings). */
export async function partnerHospitalName(user: SessionUser): Promise<string> {
  const hospital = await db().hospital.findUnique({ where: { id: partnerHospitalId(user) }, select: { name: true } });
  return hospital?.name ?? "";
}
