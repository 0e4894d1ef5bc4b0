/**
 * A transcription's malware-scan state (ADR 9), read from the row itself. The transcription table has
 * no scan columns of its own, so the upload marks a file that waits for its verdict with this exact
 * status reason on its queued row (which is also what its uploader sees), and the scan either clears
 * it (clean) or ends the row failed with the file moved under quarantine/ (infected). The mark is only
 * ever set at upload, so a row that has lost it never gets it back.
 */
export const AWAITING_SCAN = "Waiting for the malware scan before transcription.";
export const QUARANTINED = "The file was quarantined: malware was detected.";

/** True while the row's stored file waits for the scanner's verdict: only its uploader may open it, the engine none. */
export function awaitingScan(row: { status: string; statusReason: string | null; storageKey: string | null }): boolean {
  return row.status === "queued" && row.statusReason === AWAITING_SCAN && row.storageKey !== null;
}

/** The rows `awaitingScan` is true for, as a query condition. */
export const awaitingScanWhere = { status: "queued", statusReason: AWAITING_SCAN, storageKey: { not: null } } as const;
