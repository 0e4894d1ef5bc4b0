import "server-only";
import { audit, systemActor } from "@/lib/audit";
import { db } from "@/lib/db";
import type { Tx } from "@/lib/db/transaction";
import { getEnv } from "@/lib/env";
import { log } from "@/lib/log";
import { NotificationOutbox } from "@/lib/notifications/outbox";
import { getStore } from "@/lib/storage";
import { AWAITING_SCAN, awaitingScanWhere, QUARANTINED } from "@/lib/transcriptions/scan-state";
import { reasonColumns } from "@/lib/transcriptions/status-reason";
import { scanStream, type ClamdAddress } from "./clamav";

/** Quarantined bytes are kept under this prefix, which no route serves. */
export const QUARANTINE_PREFIX = "quarantine";
/** A file still pending after this long was missed (a crash, clamd down): the scheduled re-scan takes it. */
const RESCAN_AFTER_MS = 10 * 60 * 1000;
const BATCH = 100;

type Verdict = "clean" | "infected" | null;

/** The configured clamd, or null when malware scanning is off. */
export function scannerAddress(): ClamdAddress | null {
  const env = getEnv();
  return env.CLAMAV_HOST ? { host: env.CLAMAV_HOST, port: env.CLAMAV_PORT } : null;
}

/** The scanStatus of a new upload: "pending" (only its uploader can open it until it is scanned) or "not_scanned". */
export function initialScanStatus(): "pending" | "not_scanned" {
  return scannerAddress() ? "pending" : "not_scanned";
}

/** The scan state of a new transcription, and the status reason its uploader sees meanwhile (see scan-state.ts). */
export function initialTranscriptionScan() {
  const scanStatus = initialScanStatus();
  return { scanStatus, ...reasonColumns(scanStatus === "pending" ? AWAITING_SCAN : null) };
}

/** True for bytes moved to quarantine: nobody may open them. */
export function isQuarantined(storageKey: string | null): boolean {
  return storageKey?.startsWith(`${QUARANTINE_PREFIX}/`) ?? false;
}

/**
 * Scans a submission's freshly stored files, without holding the response back. A failure leaves them pending (still
 * closed to everyone but the uploader); the scheduled re-scan tries again.
 */
export function scanSubmissionInBackground(submissionId: string): void {
  if (!scannerAddress()) return;
  void (async () => {
    const pending = await db().submissionFile.findMany({ where: { submissionId, scanStatus: "pending" }, select: { id: true }, orderBy: { createdAt: "asc" } });
    for (const { id } of pending) await scanSubmissionFile(id);
  })().catch((error: unknown) => log.error({ submissionId, err: error }, "could not start the malware scan; the scheduled re-scan retries"));
}

/** Scans one pending submission file (see scanStoredFile). Never throws. */
export async function scanSubmissionFile(fileId: string): Promise<Verdict> {
  return scanGuarded("file", fileId, async (address) => {
    const file = await db().submissionFile.findFirst({
      where: { id: fileId, scanStatus: "pending", storageKey: { not: null } },
      select: { id: true, storageKey: true, submissionId: true, submission: { select: { trackingNumber: true } } },
    });
    if (!file?.storageKey) return null;
    const unchanged = { id: file.id, scanStatus: "pending" as const, storageKey: file.storageKey };
    return scanStoredFile(address, {
      entityType: "file",
      id: file.id,
      storageKey: file.storageKey,
      quarantinePrefix: `${QUARANTINE_PREFIX}/${file.submissionId}`,
      submissionId: file.submissionId,
      reference: file.submission.trackingNumber,
      markClean: async () => (await db().submissionFile.updateMany({ where: unchanged, data: { scanStatus: "clean", scannedAt: new Date() } })).count > 0,
      markInfected: async (tx, quarantineKey, signature) =>
        (
          await tx.submissionFile.updateMany({
            where: unchanged,
            data: { scanStatus: "infected", scanSignature: signature.slice(0, 200), scannedAt: new Date(), storageKey: quarantineKey },
          })
        ).count > 0,
    });
  });
}

/**
 * Scans the file of a transcription that awaits its verdict (see scan-state.ts): clean lets the job
 * so the job may transcribe it; infected quarantines it and ends the transcription failed, before the
 * engine ever opened it. Returns null when the file was not (or no longer) awaiting a scan, or could not
 * be scanned now. Never throws.
 */
export async function scanTranscriptionFile(transcriptionId: string): Promise<Verdict> {
  return scanGuarded("transcription", transcriptionId, async (address) => {
    const row = await db().transcription.findFirst({ where: { id: transcriptionId, ...awaitingScanWhere }, select: { id: true, storageKey: true } });
    if (!row?.storageKey) return null;
    const unchanged = { id: row.id, ...awaitingScanWhere, storageKey: row.storageKey };
    return scanStoredFile(address, {
      entityType: "transcription",
      id: row.id,
      storageKey: row.storageKey,
      quarantinePrefix: `${QUARANTINE_PREFIX}/transcriptions/${row.id}`,
      reference: `transcription ${row.id}`,
      markClean: async () =>
        (await db().transcription.updateMany({ where: unchanged, data: { scanStatus: "clean", scannedAt: new Date(), ...reasonColumns(null) } })).count > 0,
      markInfected: async (tx, quarantineKey, signature) =>
        (
          await tx.transcription.updateMany({
            where: unchanged,
            data: {
              scanStatus: "infected",
              scanSignature: signature.slice(0, 200),
              scannedAt: new Date(),
              status: "failed",
              ...reasonColumns(QUARANTINED),
              storageKey: quarantineKey,
            },
          })
        ).count > 0,
    });
  });
}

/** Scheduled: scans files left pending for more than 10 minutes (a crash or clamd outage after upload), patients' and transcriptions'. */
export async function rescanPendingFiles(now = new Date()): Promise<number> {
  if (!scannerAddress()) return 0;
  const olderThan = new Date(now.getTime() - RESCAN_AFTER_MS);
  const files = await rescan(
    (after) =>
      db().submissionFile.findMany({
        where: { scanStatus: "pending", storageKey: { not: null }, createdAt: { lt: olderThan }, ...after },
        select: { id: true },
        orderBy: { id: "asc" },
        take: BATCH,
      }),
    scanSubmissionFile,
  );
  // A transcription made clean here is transcribed by its job's next run, or the worker's sweep re-sends its job.
  const transcriptions = await rescan(
    (after) =>
      db().transcription.findMany({
        where: { ...awaitingScanWhere, createdAt: { lt: olderThan }, ...after },
        select: { id: true },
        orderBy: { id: "asc" },
        take: BATCH,
      }),
    scanTranscriptionFile,
  );
  if (files + transcriptions) log.info({ submissionFiles: files, transcriptions }, "malware re-scan: scanned pending files");
  return files + transcriptions;
}

async function rescan(page: (after: { id?: { gt: string } }) => Promise<{ id: string }[]>, scan: (id: string) => Promise<Verdict>): Promise<number> {
  let scanned = 0;
  let after: string | undefined;
  for (;;) {
    const pending = await page(after ? { id: { gt: after } } : {});
    for (const { id } of pending) if (await scan(id)) scanned++;
    if (pending.length < BATCH) return scanned;
    after = pending[pending.length - 1].id;
  }
}

/** A stored file waiting for its verdict, and how its row records it (each update only if the row is still as read). */
interface ScanTarget {
  entityType: "file" | "transcription";
  id: string;
  storageKey: string;
  /** Where the quarantined copy goes. */
  quarantinePrefix: string;
  submissionId?: string;
  /** Names the file in the admins' alert: a tracking number or an id, never a person's or a file's name. */
  reference: string;
  /** False when the row changed meanwhile (deleted, scanned by another instance). */
  markClean(): Promise<boolean>;
  markInfected(tx: Tx, quarantineKey: string, signature: string): Promise<boolean>;
}

async function scanGuarded(entityType: ScanTarget["entityType"], id: string, scan: (address: ClamdAddress) => Promise<Verdict>): Promise<Verdict> {
  const address = scannerAddress();
  if (!address) return null;
  try {
    return await scan(address);
  } catch (error) {
    log.error({ entityType, id, err: error }, "malware scan failed; the file stays pending and is retried");
    return null;
  }
}

/**
 * Streams one stored file to clamd and records the verdict. Infected: the bytes move to quarantine/
 * (re-encrypted: the key is bound into the encryption), the row records it, an audit row is written
 * and every admin is alerted, all in one transaction. Returns null when someone else changed the row
 * meanwhile (their outcome is kept).
 */
async function scanStoredFile(address: ClamdAddress, target: ScanTarget): Promise<Verdict> {
  const store = getStore();
  const result = await scanStream(address, (await store.get(target.storageKey)) as AsyncIterable<Uint8Array>);
  if (!result.infected) return (await target.markClean()) ? "clean" : null;

  const quarantined = await store.put(target.quarantinePrefix, await store.get(target.storageKey));
  const outbox = new NotificationOutbox();
  const updated = await db()
    .$transaction(async (tx) => {
      if (!(await target.markInfected(tx, quarantined.key, result.signature))) return false;
      await audit(tx, systemActor, {
        action: "file.quarantine",
        entityType: target.entityType,
        entityId: target.id,
        metadata: { ...(target.submissionId ? { submissionId: target.submissionId } : {}), signature: result.signature, quarantineKey: quarantined.key },
      });
      await outbox.add(
        tx,
        { kind: "admins", submissionId: target.submissionId },
        { type: "security_alert", alert: "malware", reference: target.reference, detail: result.signature },
      );
      return true;
    })
    .catch(async (error: unknown) => {
      await store.delete(quarantined.key);
      throw error;
    });
  await store.delete(updated ? target.storageKey : quarantined.key);
  if (!updated) return null;
  outbox.sendEmails();
  log.warn(
    { entityType: target.entityType, id: target.id, ...(target.submissionId ? { submissionId: target.submissionId } : {}), signature: result.signature },
    "malware found in an uploaded file: quarantined",
  );
  return "infected";
}
