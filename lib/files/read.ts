import "server-only";
import { z } from "zod";
import { AppError } from "@/lib/app-error";
import { audit, type AuditActor } from "@/lib/audit";
import type { SessionUser } from "@/lib/auth/session";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/db/generated/client";
import { getStore, StorageNotFoundError } from "@/lib/storage";
import { readableSubmissionWhere } from "./access";


/** Finds a file the viewer may read, writes the audit row, and opens its bytes. Anyone else: 404. */
export async function openFileForReading(rawId: string, user: SessionUser | null, trackedSubmissionId: string | null, actor: AuditActor) {
  const file = await findReadableFile(rawId, user, trackedSubmissionId);
  await audit(db(), actor, { action: "file.read", entityType: "file", entityId: file.id, metadata: { submissionId: file.submissionId } });
  try {
    return { ...file, size: Number(file.size), stream: await getStore().get(file.storageKey) };
  } catch (error) {
    if (error instanceof StorageNotFoundError) throw new AppError("not_found", "file_not_found");
    throw error;
  }
}

export async function findReadableFile(rawId: string, user: SessionUser | null, trackedSubmissionId: string | null) {
  const id = z.uuid().safeParse(rawId);
  const where = readableSubmissionWhere(user, trackedSubmissionId);
  if (!id.success || !where) throw new AppError("not_found", "file_not_found");
  // Deleted bytes (retention, account deletion) and quarantined files cannot be opened by anyone;
  // a file not yet scanned for malware only by its uploader (the owner, or the guest tracking their own case).
  const uploader: Prisma.SubmissionWhereInput[] = [...(user ? [{ userId: user.id }] : []), ...(trackedSubmissionId ? [{ id: trackedSubmissionId, userId: null }] : [])];
  const file = await db().submissionFile.findFirst({
    where: {
      id: id.data,
      submission: where,
      storageKey: { not: null },
      OR: [{ scanStatus: { in: ["not_scanned", "clean"] } }, ...(uploader.length ? [{ scanStatus: "pending" as const, submission: { OR: uploader } }] : [])],
    },
  });
  if (!file?.storageKey) throw new AppError("not_found", "file_not_found");
  return { ...file, storageKey: file.storageKey };
}
