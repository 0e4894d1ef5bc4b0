import "server-only";
import { audit, systemActor } from "@/lib/audit";
import { db } from "@/lib/db";
import { log } from "@/lib/log";
import { QUARANTINE_PREFIX } from "@/lib/security/scan";
import { getStore } from "@/lib/storage";
import { expireUploads } from "./resumable";
import { uploadDataStore } from "./tus/data-store";

/** Prefixes whose objects must each belong to a SubmissionFile or Transcription row (quarantined copies too, finished uploads). */
const SWEPT_PREFIXES = ["submissions", "transcriptions", "uploads", QUARANTINE_PREFIX];
const BATCH = 500;

export interface SweepReport {
  /** Stored objects looked at. */
  checked: number;
  /** Stored objects deleted because no row refers to them. */
  deleted: number;
  /** Temporary files of interrupted writes deleted (local store). */
  temporaryFiles: number;
  /** Resumable uploads given up at their expiry (their patients are told). */
  expiredUploads: number;
}

/**
 * Deletes stored objects that no row refers to: the bytes of an upload whose process died (or whose
 * transaction failed and whose clean-up did not run) after the bytes were written and before the row
 * was committed; and the temporary files of writes cut off in the middle (a process killed mid-upload).
 * Only objects and temporary files last written more than `minAgeMs` ago are considered, so an upload
 * still in progress — bytes being written, or stored with the row about to be committed — is never
 * touched. Safe to run beside another sweep.
 */
export async function sweepOrphanedUploads(options: { minAgeMs?: number; now?: Date } = {}): Promise<SweepReport> {
  const store = getStore();
  const { store: uploads, storeId } = uploadDataStore();
  const expiredUploads = await expireUploads((id) => uploads.remove(storeId(id)), options.now);
  // Also what the table does not know of (an upload store's leftovers). On S3 the bucket's lifecycle rule does the same.
  await uploads.deleteExpired().catch((error: unknown) => log.warn({ err: error }, "could not list expired uploads in the upload store"));
  const modifiedBefore = new Date((options.now ?? new Date()).getTime() - (options.minAgeMs ?? 60 * 60 * 1000));
  let checked = 0;
  let deleted = 0;
  let batch: string[] = [];

  async function sweep() {
    checked += batch.length;
    const [files, transcriptions] = await Promise.all([
      db().submissionFile.findMany({ where: { storageKey: { in: batch } }, select: { storageKey: true } }),
      db().transcription.findMany({ where: { storageKey: { in: batch } }, select: { storageKey: true } }),
    ]);
    const referenced = new Set([...files, ...transcriptions].map((row) => row.storageKey));
    for (const key of batch) {
      if (referenced.has(key)) continue;
      await store.delete(key);
      deleted++;
    }
    batch = [];
  }

  for (const prefix of SWEPT_PREFIXES) {
    for await (const key of store.list(prefix, { modifiedBefore })) {
      batch.push(key);
      if (batch.length >= BATCH) await sweep();
    }
  }
  if (batch.length > 0) await sweep();
  const temporaryFiles = (await store.deleteStaleTemporaryFiles?.(modifiedBefore)) ?? 0;

  const report = { checked, deleted, temporaryFiles, expiredUploads };
  if (deleted > 0 || temporaryFiles > 0) await audit(db(), systemActor, { action: "storage.orphans_deleted", metadata: { ...report } });
  log.info(
    { job: "orphan_upload_sweep", ...report },
    `orphan sweep: checked ${checked} stored objects, deleted ${deleted} without a row and ${temporaryFiles} stale temporary files; ${expiredUploads} unfinished uploads expired`,
  );
  return report;
}
