import "server-only";
import { db } from "@/lib/db";

const fileSelect = { id: true, originalName: true, size: true, mimeType: true, createdAt: true } as const;

export interface FileView {
  id: string;
  originalName: string;
  size: number;
  mimeType: string;
  createdAt: string;
}

export function toFileView(file: { id: string; originalName: string; size: bigint; mimeType: string; createdAt: Date }): FileView {
  return { id: file.id, originalName: file.originalName, size: Number(file.size), mimeType: file.mimeType, createdAt: file.createdAt.toISOString() };
}

/** SPEC section 3's patient view of a submission, for its owner. */
export async function listOwnSubmissions(userId: string) {
  const rows = await db().submission.findMany({
    where: { userId },
    orderBy: { createdAt: "desc" },
    take: 200,
    include: {
      files: { select: fileSelect, orderBy: { createdAt: "asc" } },
      statusChanges: { select: { toStatus: true, note: true, createdAt: true }, orderBy: { createdAt: "asc" } },
    },
  });
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
    // Filled once a coordinator routes the case to partner hospitals.
    matchedHospitals: [] as { name: string; country: string }[],
    fileName: row.files[0]?.originalName ?? null,
    files: row.files.map(toFileView),
    history: row.statusChanges.map((change) => ({ status: change.toStatus, note: change.note, at: change.createdAt.toISOString() })),
  }));
}

export type OwnSubmission = Awaited<ReturnType<typeof listOwnSubmissions>>[number];
