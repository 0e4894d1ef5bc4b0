import "server-only";
import { AppError } from "@/lib/app-error";
import { audit, type AuditActor } from "@/lib/audit";
import { db } from "@/lib/db";
import { getStore } from "@/lib/storage";

/**
 * Deletes the stored bytes of a transcription's source file; the row and its transcript stay, with
 * storageKey null and fileDeletedAt set. The bytes go first: if the row update then fails, the next
 * run deletes again (idempotent) rather than leaving bytes nobody points to. Returns false when the
 * file was already gone (or the row is), so concurrent runs write one audit row between them.
 */
export async function eraseTranscriptionFile(id: string, reason: "retention" | "deleted", actor: AuditActor): Promise<boolean> {
  const row = await db().transcription.findUnique({
    where: { id },
    select: { storageKey: true, fileDeletedAt: true, fileName: true, kind: true, fileSize: true },
  });
  if (!row || row.fileDeletedAt) return false;
  if (row.storageKey) await getStore().delete(row.storageKey);
  return db().$transaction(async (tx) => {
    const { count } = await tx.transcription.updateMany({ where: { id, fileDeletedAt: null }, data: { storageKey: null, fileDeletedAt: new Date() } });
    if (count === 0) return false;
    await audit(tx, actor, {
      action: reason === "retention" ? "transcription.retention_delete" : "transcription.file_delete",
      entityType: "transcription",
      entityId: id,
      metadata: { fileName: row.fileName, kind: row.kind, size: Number(row.fileSize) },
    });
    return true;
  });
}

/**
 * Deletes a transcription for good: its stored bytes first, then the row; its consent records are
 * kept (they are evidence of what was agreed) but unlinked, and stay marked used (usedAt), so no later
 * upload can claim them. Callers check that the actor may see it.
 */
export async function deleteTranscription(id: string, actor: AuditActor): Promise<void> {
  const row = await db().transcription.findUnique({ where: { id }, select: { storageKey: true, title: true, fileName: true, kind: true, status: true } });
  if (!row) throw new AppError("not_found", "transcription_not_found");
  if (row.storageKey) await getStore().delete(row.storageKey);
  await db().$transaction(async (tx) => {
    const consents = await tx.consentRecord.updateMany({ where: { transcriptionId: id }, data: { transcriptionId: null } });
    const { count } = await tx.transcription.deleteMany({ where: { id } });
    if (count === 0) return; // deleted at the same time by another request
    await audit(tx, actor, {
      action: "transcription.delete",
      entityType: "transcription",
      entityId: id,
      metadata: {
        title: row.title,
        fileName: row.fileName,
        kind: row.kind,
        status: row.status,
        fileDeleted: row.storageKey !== null,
        consentsUnlinked: consents.count,
      },
    });
  });
}
