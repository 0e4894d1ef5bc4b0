import "server-only";
import { createHash } from "node:crypto";
import { AppError } from "@/lib/app-error";
import { audit, type AuditActor } from "@/lib/audit";
import { sniff, SNIFF_BYTES } from "@/lib/contracts/file-types";
import { db } from "@/lib/db";
import type { UploadDigest } from "@/lib/uploads/tus/running-digests";
import { initialScanStatus, scanSubmissionInBackground } from "@/lib/security/scan";
import { getStore } from "@/lib/storage";
import { enqueue, transcriptionFromUpload } from "@/lib/transcriptions/create";
import { DICOM_MIME_TYPE } from "@/lib/contracts/files";
import { fileInstance, instancesOfUid, readIndexableHeader, retryOnRace } from "@/lib/imaging/index-instance";
import { acceptedKinds, forgetFields, typeRefused, type UploadRow } from "./resumable";

/*
 * The end of a resumable upload (lib/uploads/resumable.ts), called by the tus server only: the
 * maintenance jobs (the orphan sweep) reach the upload store and resumable.ts, never this module,
 * which creates transcriptions and queues their jobs.
 */

/**
 * The last byte arrived: its sha256 and first bytes (computed on the way, `arrived`, or else read
 * from the stored object once) give its type again, and it becomes the submission's file, then goes to the malware scan; or, for a transcription
 * upload, the transcription (lib/transcriptions/create.ts), whose job is queued. Runs once per upload
 * even if two requests finish it. A file refused now (its type, or consents another upload claimed
 * meanwhile) is deleted and its row says why.
 */
export async function finishUpload(row: UploadRow, actor: AuditActor, arrived?: UploadDigest): Promise<void> {
  const { id } = row;
  if (row.completedAt) return;
  const { sha256, size, head } = arrived ?? (await digest(row.storageKey));
  const type = sniff(head, row.fileName);
  if (!type || !acceptedKinds(row).has(type.kind)) return refuse(row, typeRefused(row));
  let transcriptionId: string | null = null;
  // A DICOM image is filed in its study and series (lib/imaging); the case may already hold it.
  const dicom = !row.transcription && type.mimeType === DICOM_MIME_TYPE ? await readIndexableHeader(row.storageKey, size) : null;
  let duplicate = false;
  const finished = await retryOnRace(() =>
    db().$transaction(async (tx) => {
      duplicate = false;
      const claimed = await tx.upload.updateMany({ where: { id, completedAt: null }, data: { completedAt: new Date(), receivedBytes: BigInt(size) } });
      if (claimed.count === 0) return false;
      if (row.transcription) {
        transcriptionId = await transcriptionFromUpload(tx, row, { sha256, size, type }, actor);
        // The fields (patient information among them) now live on the transcription only, and go with it.
        await tx.upload.update({ where: { id }, data: { transcription: { transcriptionId } } });
        return true;
      }
      const submissionId = row.submissionId!;
      const instances = dicom ? await instancesOfUid(tx, submissionId, dicom.identity.sopInstanceUid) : null;
      const existing = instances?.heldBy;
      if (existing) {
        // Sent twice (a CD copied twice, a retried folder): the upload completes on the file the case holds.
        duplicate = true;
        await tx.upload.update({ where: { id }, data: { fileId: existing } });
        await audit(tx, actor, {
          action: "imaging.duplicate_dropped",
          entityType: "submission",
          entityId: submissionId,
          metadata: { uploadId: id, keptFileId: existing },
        });
        return true;
      }
      const file = await tx.submissionFile.create({
        data: {
          submissionId,
          originalName: row.fileName,
          size: BigInt(size),
          mimeType: type.mimeType,
          sha256,
          storageKey: row.storageKey,
          scanStatus: initialScanStatus(),
        },
        select: { id: true },
      });
      await tx.upload.update({ where: { id }, data: { fileId: file.id } });
      if (dicom) await fileInstance(tx, submissionId, file.id, dicom, instances?.stale ?? []);
      await tx.submission.update({ where: { id: submissionId }, data: { hasFiles: true, updatedAt: new Date() } });
      // New files answer the coordinator's open requests for more documents.
      await tx.documentRequest.updateMany({ where: { submissionId, fulfilledAt: null }, data: { fulfilledAt: new Date() } });
      await audit(tx, actor, { action: "upload.complete", entityType: "submission", entityId: submissionId, metadata: { uploadId: id, bytes: size } });
      return true;
    }),
  ).catch((error: unknown) => (error instanceof AppError ? refuse(row, error) : Promise.reject(error)));
  if (!finished) return;
  if (duplicate) await getStore().delete(row.storageKey);
  else if (transcriptionId) await enqueue(transcriptionId);
  else scanSubmissionInBackground(row.submissionId!);
}

/** An arrived file refused at the end: its bytes are deleted and its row keeps the reason. */
async function refuse(row: { id: string; storageKey: string; transcription: unknown }, error: AppError): Promise<never> {
  await getStore().delete(row.storageKey);
  await db().upload.update({ where: { id: row.id }, data: { failure: error.code, ...forgetFields(row) } });
  throw error;
}

async function digest(key: string): Promise<UploadDigest> {
  const hash = createHash("sha256");
  const head: Buffer[] = [];
  let size = 0;
  for await (const chunk of (await getStore().get(key)) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    if (size < SNIFF_BYTES) head.push(chunk.subarray(0, SNIFF_BYTES - size));
    size += chunk.length;
  }
  return { sha256: hash.digest("hex"), size, head: Buffer.concat(head) };
}
