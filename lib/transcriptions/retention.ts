import "server-only";
import { systemActor } from "@/lib/audit";
import { db } from "@/lib/db";
import { log } from "@/lib/log";
import { eraseTranscriptionFile } from "./erase";

const BATCH = 200;

/**
 * Retention (audio 90 days after upload, other files 180 days; the date is set at upload as
 * deleteFileAfter): erases the stored bytes of every file past its date, keeps the row and the
 * transcript, writes one audit row per file and logs a summary. Safe to run on several instances
 * at once: each file is erased and audited once.
 */
export async function runRetention(now = new Date()): Promise<number> {
  let deleted = 0;
  let failed = 0;
  let after: string | undefined;
  for (;;) {
    const due = await db().transcription.findMany({
      where: { deleteFileAfter: { lt: now }, fileDeletedAt: null, ...(after ? { id: { gt: after } } : {}) },
      select: { id: true },
      orderBy: { id: "asc" },
      take: BATCH,
    });
    for (const { id } of due) {
      try {
        if (await eraseTranscriptionFile(id, "retention", systemActor)) deleted++;
      } catch (error) {
        failed++;
        log.error({ transcriptionId: id, err: error }, "retention: could not delete the file of a transcription; retried on the next run");
      }
    }
    if (due.length < BATCH) break;
    after = due[due.length - 1].id;
  }
  log.info(
    { job: "transcription_retention", deleted, failed },
    `retention: deleted ${deleted} transcription files${failed ? ` (${failed} failed, retried on the next run)` : ""}`,
  );
  return deleted;
}
