import "server-only";
import { hasAdminPower, type SessionUser } from "@/lib/auth/session-user";
import { planSelect, toPlanView } from "@/lib/cases/plan-view";
import { AppError } from "@/lib/app-error";
import { nextSuitableHospital, routableStatuses } from "@/lib/cases/routing";
import { manualTransitions } from "@/lib/cases/workflow";
import { db } from "@/lib/db";
import { caseIdSchema, routingState, type AdminCase } from "@/lib/contracts/cases";
import { adminSubmissionInclude, isOverdue, toAdminView } from "./submissions";

/**
 * One case as a coordinator sees it: everything the dashboard card shows, the status history with
 * who made each change, each routed hospital with its 72-hour clock and answer (the whole plan),
 * the document requests, and what the coordinator may do next. Null when there is no such case.
 */
export async function getAdminCase(submissionId: string, now = new Date()): Promise<AdminCase | null> {
  const row = await db().submission.findUnique({
    where: { id: submissionId },
    include: {
      ...adminSubmissionInclude,
      // The case's imaging is listed as studies and series (lib/imaging), not file by file.
      files: { ...adminSubmissionInclude.files, where: { imagingInstance: { is: null } } },
      statusChanges: { select: { fromStatus: true, toStatus: true, note: true, createdAt: true, actorId: true }, orderBy: { createdAt: "asc" } },
      routings: {
        orderBy: [{ routedAt: "asc" }, { hospitalId: "asc" }],
        include: { hospital: { select: { name: true, city: true, country: true } }, plan: { select: planSelect } },
      },
      documentRequests: { orderBy: { createdAt: "asc" } },
    },
  });
  if (!row) return null;

  const staffIds = [
    ...new Set([...row.statusChanges.map((c) => c.actorId), ...row.routings.map((r) => r.routedById), ...row.documentRequests.map((d) => d.requestedById)]),
  ].filter((id): id is string => !!id);
  const staff = new Map(
    (await db().user.findMany({ where: { id: { in: staffIds } }, select: { id: true, name: true, role: true } })).map((user) => [user.id, user]),
  );
  const person = (id: string | null) => {
    const user = id ? staff.get(id) : undefined;
    return user ? { name: user.name, role: user.role } : null;
  };

  const canRoute = routableStatuses.includes(row.status) && row.consent;
  const late = row.routings.some((routing) => isOverdue(routing, row.status, now));
  return {
    ...toAdminView(row, now),
    history: row.statusChanges.map((change) => ({
      from: change.fromStatus,
      to: change.toStatus,
      note: change.note,
      at: change.createdAt.toISOString(),
      by: person(change.actorId),
    })),
    routings: row.routings.map((routing) => ({
      id: routing.id,
      hospitalId: routing.hospitalId,
      hospitalName: routing.hospital.name,
      hospitalCity: routing.hospital.city,
      country: routing.destinationCountry,
      transferBasis: routing.transferBasis,
      routedAt: routing.routedAt.toISOString(),
      routedBy: person(routing.routedById),
      dueAt: routing.dueAt.toISOString(),
      // Its 72-hour clock runs only while the case still waits for this hospital's answer.
      awaited: routingState(routing.status, row.status) === "awaiting_response",
      overdue: isOverdue(routing, row.status, now),
      status: routingState(routing.status, row.status),
      respondedAt: routing.respondedAt?.toISOString() ?? null,
      declineReason: routing.declineReason,
      coordinatorNote: routing.coordinatorNote,
      extension:
        routing.extendedAt && routing.extensionHours !== null
          ? { hours: routing.extensionHours, reason: routing.extensionReason ?? "", at: routing.extendedAt.toISOString() }
          : null,
      plan: routing.plan && toPlanView(routing.plan),
    })),
    documentRequests: row.documentRequests.map((request) => ({
      id: request.id,
      message: request.message,
      createdAt: request.createdAt.toISOString(),
      fulfilledAt: request.fulfilledAt?.toISOString() ?? null,
      requestedBy: person(request.requestedById),
    })),
    actions: {
      transitions: [...manualTransitions[row.status]],
      canRoute,
      canRequestDocuments: row.status !== "closed" && row.status !== "cancelled",
    },
    suggestedHospital:
      canRoute && late ? await nextSuitableHospital({ specialty: row.specialty, routedHospitalIds: row.routings.map((routing) => routing.hospitalId) }) : null,
  };
}

/**
 * Whether the coordinator's case page has a case to show: an admin past the password gate and a case
 * with this id. For anyone else, and for a malformed or unknown id, false (the page answers 404).
 */
export async function adminCaseExists(user: SessionUser, rawId: string): Promise<boolean> {
  const id = caseIdSchema.safeParse(rawId);
  if (!id.success || !hasAdminPower(user)) return false;
  return (await db().submission.count({ where: { id: id.data } })) > 0;
}

/** The case id of an /api/admin/cases/[id] route: anything that is not a UUID is a case that does not exist (404). */
export function caseIdParam(params: Record<string, string | string[]>): string {
  const id = caseIdSchema.safeParse(params.id);
  if (!id.success) throw new AppError("not_found", "case_not_found");
  return id.data;
}
