import "server-only";
import { createHash } from "node:crypto";
import { audit, systemActor } from "@/lib/audit";
import { db } from "@/lib/db";
import { log } from "@/lib/log";
import { NotificationOutbox } from "@/lib/notifications/outbox";
import { getStore, StorageIntegrityError, StorageNotFoundError } from "@/lib/storage";

const BATCH = 100;
/** The job also runs at every worker start: files verified within the last 20 hours are not read again then. */
const RECHECK_AFTER_MS = 20 * 3600 * 1000;

type Problem = "mismatch" | "missing";
export interface IntegrityReport {
  verified: number;
  failed: number;
  /** Could not be read for another reason (storage unreachable): retried on the next run. */
  skipped: number;
}

interface StoredFile {
  id: string;
  storageKey: string;
  sha256: string;
  entityType: "file" | "transcription";
  submissionId?: string;
  reference: string;
}

/**
 * Scheduled daily: re-reads every stored submission and transcription file (streaming, those checked
 * longest ago first) and compares its sha256 with the one recorded at upload. A match sets
 * lastVerifiedAt; changed or missing bytes are audited (file.integrity_mismatch) and every admin is
 * alerted. Nothing is deleted: an admin restores the file from a backup.
 */
export async function verifyStoredFiles(now = new Date(), recheckAfterMs = RECHECK_AFTER_MS): Promise<IntegrityReport> {
  const report: IntegrityReport = { verified: 0, failed: 0, skipped: 0 };
  // Files that did not match keep their old lastVerifiedAt: remember them so each is checked once per run.
  const done = { file: [] as string[], transcription: [] as string[] };
  const notCheckedThisRun = { OR: [{ lastVerifiedAt: null }, { lastVerifiedAt: { lt: new Date(now.getTime() - recheckAfterMs) } }] };
  const order = [{ lastVerifiedAt: { sort: "asc" as const, nulls: "first" as const } }, { id: "asc" as const }];

  for (;;) {
    const rows = await db().submissionFile.findMany({
      where: { storageKey: { not: null }, id: { notIn: done.file }, ...notCheckedThisRun },
      select: { id: true, storageKey: true, sha256: true, originalName: true, submissionId: true, submission: { select: { trackingNumber: true } } },
      orderBy: order,
      take: BATCH,
    });
    for (const row of rows)
      await check(
        {
          id: row.id,
          storageKey: row.storageKey!,
          sha256: row.sha256,
          entityType: "file",
          submissionId: row.submissionId,
          reference: `${row.submission.trackingNumber}, ${row.originalName}`,
        },
        now,
        report,
        done.file,
      );
    if (rows.length < BATCH) break;
  }
  for (;;) {
    const rows = await db().transcription.findMany({
      where: { storageKey: { not: null }, id: { notIn: done.transcription }, ...notCheckedThisRun },
      select: { id: true, storageKey: true, sha256: true, fileName: true },
      orderBy: order,
      take: BATCH,
    });
    for (const row of rows)
      await check(
        { id: row.id, storageKey: row.storageKey!, sha256: row.sha256, entityType: "transcription", reference: `transcription ${row.id}, ${row.fileName}` },
        now,
        report,
        done.transcription,
      );
    if (rows.length < BATCH) break;
  }
  log.info({ ...report }, "integrity check finished");
  return report;
}

async function check(file: StoredFile, now: Date, report: IntegrityReport, failedIds: string[]): Promise<void> {
  let problem: Problem | null;
  try {
    problem = (await sha256Of(file.storageKey)) === file.sha256 ? null : "mismatch";
  } catch (error) {
    if (error instanceof StorageNotFoundError) problem = "missing";
    // The local store authenticates every record: changed bytes fail while streaming.
    else if (error instanceof StorageIntegrityError) problem = "mismatch";
    else {
      report.skipped++;
      failedIds.push(file.id);
      log.error({ entityType: file.entityType, id: file.id, err: error }, "integrity check could not read a stored file; retried on the next run");
      return;
    }
  }
  if (!problem) {
    const where = { id: file.id, storageKey: file.storageKey };
    if (file.entityType === "file") await db().submissionFile.updateMany({ where, data: { lastVerifiedAt: now } });
    else await db().transcription.updateMany({ where, data: { lastVerifiedAt: now } });
    report.verified++;
    return;
  }
  report.failed++;
  failedIds.push(file.id);
  // Deleted meanwhile (retention, account deletion): nothing is wrong.
  const stillThere =
    file.entityType === "file"
      ? await db().submissionFile.count({ where: { id: file.id, storageKey: file.storageKey } })
      : await db().transcription.count({ where: { id: file.id, storageKey: file.storageKey } });
  if (!stillThere) return;
  const outbox = new NotificationOutbox();
  await db().$transaction(async (tx) => {
    await audit(tx, systemActor, {
      action: "file.integrity_mismatch",
      entityType: file.entityType,
      entityId: file.id,
      metadata: { problem, storageKey: file.storageKey, ...(file.submissionId ? { submissionId: file.submissionId } : {}) },
    });
    await outbox.add(
      tx,
      { kind: "admins", submissionId: file.submissionId },
      { type: "security_alert", alert: "integrity", reference: file.reference, detail: problem },
    );
  });
  outbox.sendEmails();
  log.error({ entityType: file.entityType, id: file.id, problem }, "integrity check: a stored file does not match its checksum; admins alerted");
}

async function sha256Of(key: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of (await getStore().get(key)) as AsyncIterable<Buffer>) hash.update(chunk);
  return hash.digest("hex");
}
