import "server-only";
import type { StatusReason } from "@/lib/contracts/transcription-reasons";
/**
 * A transcription's malware-scan state (ADR 9): its scanStatus column, as for patients' files. While
 * "pending", the queued row also shows AWAITING_SCAN as its status reason, so the uploader sees why
 * nothing happens yet; an infected file ends the row failed with QUARANTINED.
 */
export const AWAITING_SCAN: StatusReason = { code: "awaiting_scan" };
export const QUARANTINED: StatusReason = { code: "quarantined" };

/** True while the row's stored file waits for the scanner's verdict: only its uploader may open it, the engine none. */
export function awaitingScan(row: { scanStatus: string; storageKey: string | null }): boolean {
  return row.scanStatus === "pending" && row.storageKey !== null;
}

/** The rows `awaitingScan` is true for, as a query condition. */
export const awaitingScanWhere = { scanStatus: "pending", storageKey: { not: null } } as const;
