import "server-only";
import { toUploadView, uploadViewFields } from "@/lib/uploads/upload-view";
import { casesOwnedBy } from "@/lib/access/cases";
import { plansSeenByPatient } from "@/lib/access/plans";
import { isPlanExpired, planSelect, toPlanView } from "@/lib/cases/plan-view";
import type { FileView } from "@/lib/contracts/files";
import type { DocumentRequestView, MatchedHospital, OwnSubmission, PatientPlanView } from "@/lib/contracts/submissions";
import { db } from "@/lib/db";
import { isCaseEnded } from "@/lib/contracts/cases";
import { publishedMedianHours } from "@/lib/partners/response-times";
import type { Prisma } from "@/lib/db/generated/client";

/** What every file list selects; deletedAt tells the views not to offer a file whose bytes are gone. */
export const fileSelect = { id: true, originalName: true, size: true, mimeType: true, createdAt: true, deletedAt: true } as const;

export function toFileView(file: { id: string; originalName: string; size: bigint; mimeType: string; createdAt: Date; deletedAt?: Date | null }): FileView {
  return {
    id: file.id,
    originalName: file.originalName,
    size: Number(file.size),
    mimeType: file.mimeType,
    createdAt: file.createdAt.toISOString(),
    deleted: !!file.deletedAt,
  };
}

/**
 * What a patient (signed in or a verified guest) sees of the care coordination of one case: the
 * hospitals it was routed to, their plans and the coordinator's document requests. Never the
 * routing's decline reasons, due dates or staff notes.
 */
export const patientCareInclude = {
  routings: {
    select: {
      routedAt: true,
      dueAt: true,
      status: true,
      destinationCountry: true,
      transferBasis: true,
      hospital: { select: { name: true, city: true, country: true } },
    },
    orderBy: { routedAt: "asc" },
  },
  plans: {
    where: plansSeenByPatient,
    orderBy: { createdAt: "asc" },
    select: {
      ...planSelect,
      routing: {
        select: { hospital: { select: { name: true, city: true, country: true, responseTime: { select: { medianMinutes: true, answeredCases: true } } } } },
      },
    },
  },
  documentRequests: { select: { id: true, message: true, createdAt: true, fulfilledAt: true }, orderBy: { createdAt: "asc" } },
} satisfies Prisma.SubmissionInclude;

type CareRow = Prisma.SubmissionGetPayload<{ include: typeof patientCareInclude }>;

export function toCareView(row: CareRow, now = new Date()) {
  return {
    matchedHospitals: row.routings.map((routing): MatchedHospital => ({
      ...routing.hospital,
      declined: routing.status === "declined",
      routedAt: routing.routedAt.toISOString(),
      destinationCountry: routing.destinationCountry,
      transferBasis: routing.transferBasis,
    })),
    plans: row.plans.map(({ routing: { hospital }, ...plan }): PatientPlanView => ({
      ...toPlanView(plan),
      hospital: { name: hospital.name, city: hospital.city, country: hospital.country },
      expired: plan.status === "proposed" && isPlanExpired(plan.validUntil, now),
      hospitalMedianHours: publishedMedianHours(hospital.responseTime),
    })),
    documentRequests: row.documentRequests.map((request): DocumentRequestView => ({
      id: request.id,
      message: request.message,
      createdAt: request.createdAt.toISOString(),
      fulfilledAt: request.fulfilledAt?.toISOString() ?? null,
    })),
    responsesCount: row.plans.length,
    lateNotice: lateNotice(row, now),
  };
}

/**
 * "One hospital is late, we have asked another" (issue 21): a routing still unanswered past its deadline
 * while the case is open; "rerouted" once the case was routed to another hospital after that deadline.
 */
function lateNotice(row: Pick<CareRow, "routings" | "status">, now: Date): "asking" | "rerouted" | null {
  if (isCaseEnded(row.status)) return null;
  const late = row.routings.filter((routing) => routing.status === "awaiting_response" && routing.dueAt.getTime() < now.getTime());
  if (late.length === 0) return null;
  const firstDeadline = Math.min(...late.map((routing) => routing.dueAt.getTime()));
  return row.routings.some((routing) => routing.routedAt.getTime() > firstDeadline) ? "rerouted" : "asking";
}

/** The patient's view of their own submissions, newest first. */
export async function listOwnSubmissions(userId: string): Promise<OwnSubmission[]> {
  const rows = await db().submission.findMany({
    where: casesOwnedBy(userId),
    orderBy: { createdAt: "desc" },
    take: 200,
    include: {
      files: { select: fileSelect, orderBy: { createdAt: "asc" } },
      statusChanges: { select: { toStatus: true, note: true, createdAt: true }, orderBy: { createdAt: "asc" } },
      uploads: { where: { completedAt: null }, select: uploadViewFields, orderBy: { createdAt: "asc" } },
      ...patientCareInclude,
    },
  });
  const now = new Date();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    trackingNumber: row.trackingNumber,
    patientName: row.patientName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    status: row.status,
    urgency: row.urgency,
    medicalCondition: row.medicalCondition,
    specialty: row.specialty,
    message: row.message,
    preferredCountries: row.preferredCountries,
    fileName: row.files[0]?.originalName ?? null,
    files: row.files.map(toFileView),
    missingFiles: row.uploads.map(toUploadView),
    history: row.statusChanges.map((change) => ({ status: change.toStatus, note: change.note, at: change.createdAt.toISOString() })),
    ...toCareView(row, now),
  }));
}
