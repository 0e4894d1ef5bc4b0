import "server-only";
import type { TrackedSubmission } from "@/lib/contracts/tracking";
import { db } from "@/lib/db";
import { fileSelect, patientCareInclude, toCareView, toFileView } from "@/lib/submissions/queries";

/**
 * What a verified guest (who proved with an e-mailed code that the case is theirs) sees of their
 * submission: status, history with the coordinator's notes (written for the patient, as the admin's
 * dialog says), files, hospitals, plans and document requests. The same as a signed-in owner sees.
 */
export async function trackedSubmissionView(submissionId: string): Promise<TrackedSubmission | null> {
  const row = await db().submission.findUnique({
    where: { id: submissionId },
    include: {
      files: { select: fileSelect, orderBy: { createdAt: "asc" } },
      statusChanges: { orderBy: { createdAt: "asc" }, select: { toStatus: true, note: true, createdAt: true } },
      ...patientCareInclude,
    },
  });
  if (!row) return null;
  return {
    trackingNumber: row.trackingNumber,
    patientName: row.patientName,
    specialty: row.specialty,
    urgency: row.urgency,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    history: row.statusChanges.map((change) => ({ status: change.toStatus, note: change.note, at: change.createdAt.toISOString() })),
    files: row.files.map(toFileView),
    ...toCareView(row),
  };
}
