import "server-only";
import { z } from "zod";
import { AppError } from "@/lib/app-error";
import { audit, type AuditActor } from "@/lib/audit";
import type { SessionUser } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { getStore, StorageNotFoundError } from "@/lib/storage";
import { fileReadableBy } from "@/lib/access/files";

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
  const where = fileReadableBy(user, trackedSubmissionId);
  if (!id.success || !where) throw new AppError("not_found", "file_not_found");
  const file = await db().submissionFile.findFirst({ where: { id: id.data, ...where } });
  if (!file?.storageKey) throw new AppError("not_found", "file_not_found");
  return { ...file, storageKey: file.storageKey };
}
