import "server-only";
import { audit, systemActor } from "@/lib/audit";
import { db } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { log } from "@/lib/log";
import { NotificationOutbox } from "@/lib/notifications/outbox";
import { getStore } from "@/lib/storage";
import { scanStream, type ClamdAddress } from "./clamav";

/** Quarantined bytes are kept under this prefix, which no route serves (the file row is "infected"). */
export const QUARANTINE_PREFIX = "quarantine";
/** A file still pending after this long was missed (a crash, clamd down): the scheduled re-scan takes it. */
const RESCAN_AFTER_MS = 10 * 60 * 1000;
const BATCH = 100;

/** The configured clamd, or null when malware scanning is off. */
export function scannerAddress(): ClamdAddress | null {
  const env = getEnv();
  return env.CLAMAV_HOST ? { host: env.CLAMAV_HOST, port: env.CLAMAV_PORT } : null;
}

/** The scanStatus of a new upload: "pending" (only its uploader can open it until it is scanned) or "not_scanned". */
export function initialScanStatus(): "pending" | "not_scanned" {
  return scannerAddress() ? "pending" : "not_scanned";
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

/**
 * Streams one pending file from the store to clamd and records the verdict. Infected: the bytes
 * move to quarantine/, the row becomes "infected" with the signature, an audit row is written and
 * every admin is alerted. Returns the new status, or null when the file was not (or no longer) pending
 * or could not be scanned now. Never throws.
 */
export async function scanSubmissionFile(fileId: string): Promise<"clean" | "infected" | null> {
  const address = scannerAddress();
  if (!address) return null;
  try {
    const file = await db().submissionFile.findFirst({
      where: { id: fileId, scanStatus: "pending", storageKey: { not: null } },
      select: { id: true, storageKey: true, submissionId: true, submission: { select: { trackingNumber: true } } },
    });
    if (!file?.storageKey) return null;
    const store = getStore();
    const result = await scanStream(address, (await store.get(file.storageKey)) as AsyncIterable<Uint8Array>);
    if (!result.infected) {
      await db().submissionFile.updateMany({ where: { id: file.id, scanStatus: "pending" }, data: { scanStatus: "clean", scannedAt: new Date() } });
      return "clean";
    }

    // Quarantine: a re-encrypted copy under quarantine/ (the key is bound into the encryption), then the original goes.
    const quarantined = await store.put(`${QUARANTINE_PREFIX}/${file.submissionId}`, await store.get(file.storageKey));
    const outbox = new NotificationOutbox();
    const updated = await db()
      .$transaction(async (tx) => {
      const { count } = await tx.submissionFile.updateMany({
        where: { id: file.id, scanStatus: "pending", storageKey: file.storageKey },
        data: { scanStatus: "infected", scanSignature: result.signature.slice(0, 200), scannedAt: new Date(), storageKey: quarantined.key },
      });
      if (count === 0) return false;
      await audit(tx, systemActor, {
        action: "file.quarantine",
        entityType: "file",
        entityId: file.id,
        metadata: { submissionId: file.submissionId, signature: result.signature, quarantineKey: quarantined.key },
      });
      await outbox.add(tx, { kind: "admins", submissionId: file.submissionId }, {
        type: "security_alert",
        alert: "malware",
        reference: file.submission.trackingNumber,
        detail: result.signature,
      });
      return true;
      })
      .catch(async (error: unknown) => {
        await store.delete(quarantined.key);
        throw error;
      });
    // Someone else (another instance, a deletion) changed the file meanwhile: keep their outcome.
    await store.delete(updated ? file.storageKey : quarantined.key);
    if (!updated) return null;
    outbox.sendEmails();
    log.warn({ fileId: file.id, submissionId: file.submissionId, signature: result.signature }, "malware found in an uploaded file: quarantined");
    return "infected";
  } catch (error) {
    log.error({ fileId, err: error }, "malware scan failed; the file stays pending and is retried by the scheduled re-scan");
    return null;
  }
}

/** Scheduled: scans files left pending for more than 10 minutes (a crash or clamd outage after upload). */
export async function rescanPendingFiles(now = new Date()): Promise<number> {
  if (!scannerAddress()) return 0;
  let scanned = 0;
  let after: string | undefined;
  for (;;) {
    const pending = await db().submissionFile.findMany({
      where: { scanStatus: "pending", storageKey: { not: null }, createdAt: { lt: new Date(now.getTime() - RESCAN_AFTER_MS) }, ...(after ? { id: { gt: after } } : {}) },
      select: { id: true },
      orderBy: { id: "asc" },
      take: BATCH,
    });
    for (const { id } of pending) if (await scanSubmissionFile(id)) scanned++;
    if (pending.length < BATCH) break;
    after = pending[pending.length - 1].id;
  }
  if (scanned) log.info({ scanned }, "malware re-scan: scanned pending files");
  return scanned;
}
