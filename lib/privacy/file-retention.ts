import "server-only";
import { audit, systemActor } from "@/lib/audit";
import { db } from "@/lib/db";
import { log } from "@/lib/log";
import { NotificationOutbox } from "@/lib/notifications/outbox";
import { getStore } from "@/lib/storage";

const DAY = 24 * 60 * 60 * 1000;
/** As the privacy policy promises: uploaded files are deleted 180 days after upload. */
export const FILE_RETENTION_DAYS = 180;
/** The patient is told this long before. */
export const RETENTION_NOTICE_DAYS = 14;
// The job runs daily at a fixed time; a notice sent a few minutes later than the deletion run's
// hour still counts as 14 days' notice, so the deletion does not slip by a whole day.
const SCHEDULE_SLACK = 60 * 60 * 1000;
const BATCH = 200;

// Until lib/notifications/events.ts lists it (see the P7 report), the retention event is typed here.

export interface RetentionResult {
  noticed: number;
  deleted: number;
  failed: number;
}

/**
 * The scheduled retention of submission files: 14 days before a file's 180th day the patient is told
 * (notification and e-mail, once per case); on that day its bytes are deleted and the row kept as a
 * tombstone (storageKey null, deletedAt), audited per file. A file is never deleted less than 14 days
 * after its notice, so a patient is always told first, even if the job did not run for a while.
 * Safe to run twice at once: every step is a conditional update, so each notice and each audit row
 * is written once.
 */
export async function runFileRetention(now = new Date()): Promise<RetentionResult> {
  const noticed = await sendNotices(now);
  const { deleted, failed } = await deleteExpired(now);
  log.info(
    { job: "submission_file_retention", noticed, deleted, failed },
    `file retention: ${noticed} cases told, ${deleted} files deleted${failed ? ` (${failed} failed, retried on the next run)` : ""}`,
  );
  return { noticed, deleted, failed };
}

async function sendNotices(now: Date): Promise<number> {
  const due = await db().submissionFile.findMany({
    where: { createdAt: { lte: new Date(now.getTime() - (FILE_RETENTION_DAYS - RETENTION_NOTICE_DAYS) * DAY) }, retentionNoticeAt: null, deletedAt: null },
    select: { id: true, submissionId: true, createdAt: true },
    orderBy: { createdAt: "asc" },
  });
  const bySubmission = new Map<string, typeof due>();
  for (const file of due) bySubmission.set(file.submissionId, [...(bySubmission.get(file.submissionId) ?? []), file]);
  let noticed = 0;
  for (const [submissionId, files] of bySubmission) {
    const outbox = new NotificationOutbox();
    const sent = await db().$transaction(async (tx) => {
      const { count } = await tx.submissionFile.updateMany({
        where: { id: { in: files.map((f) => f.id) }, retentionNoticeAt: null, deletedAt: null },
        data: { retentionNoticeAt: now },
      });
      if (count === 0) return false; // another run told them
      const submission = await tx.submission.findUniqueOrThrow({
        where: { id: submissionId },
        select: { id: true, userId: true, email: true, patientName: true, locale: true, trackingNumber: true },
      });
      const earliest = Math.max(files[0].createdAt.getTime() + FILE_RETENTION_DAYS * DAY, now.getTime() + RETENTION_NOTICE_DAYS * DAY);
      await outbox.add(
        tx,
        { kind: "patient", submission },
        { type: "retention_notice", trackingNumber: submission.trackingNumber, date: new Date(earliest).toISOString() },
      );
      return true;
    });
    if (sent) {
      noticed++;
      outbox.sendEmails();
    }
  }
  return noticed;
}

async function deleteExpired(now: Date): Promise<{ deleted: number; failed: number }> {
  let deleted = 0;
  let failed = 0;
  let after: string | undefined;
  for (;;) {
    const due = await db().submissionFile.findMany({
      where: {
        createdAt: { lte: new Date(now.getTime() - FILE_RETENTION_DAYS * DAY) },
        retentionNoticeAt: { lte: new Date(now.getTime() - RETENTION_NOTICE_DAYS * DAY + SCHEDULE_SLACK) },
        deletedAt: null,
        ...(after ? { id: { gt: after } } : {}),
      },
      select: { id: true },
      orderBy: { id: "asc" },
      take: BATCH,
    });
    for (const { id } of due) {
      try {
        if (await deleteFileBytes(id, now)) deleted++;
      } catch (error) {
        failed++;
        log.error({ fileId: id, err: error }, "file retention: could not delete a file; retried on the next run");
      }
    }
    if (due.length < BATCH) break;
    after = due[due.length - 1].id;
  }
  return { deleted, failed };
}

/** Bytes first, then the tombstone: a failure in between is retried by the next run (deletes are idempotent). */
async function deleteFileBytes(id: string, now: Date): Promise<boolean> {
  const file = await db().submissionFile.findUnique({
    where: { id },
    select: { storageKey: true, submissionId: true, size: true, mimeType: true, createdAt: true, deletedAt: true },
  });
  if (!file || file.deletedAt) return false;
  if (file.storageKey) await getStore().delete(file.storageKey);
  return db().$transaction(async (tx) => {
    const { count } = await tx.submissionFile.updateMany({ where: { id, deletedAt: null }, data: { storageKey: null, deletedAt: now } });
    if (count === 0) return false;
    await audit(tx, systemActor, {
      action: "file.retention_delete",
      entityType: "file",
      entityId: id,
      metadata: { submissionId: file.submissionId, size: Number(file.size), mimeType: file.mimeType, uploadedAt: file.createdAt.toISOString() },
    });
    return true;
  });
}
