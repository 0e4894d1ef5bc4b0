import "server-only";

/**
 * The server's own rules of the transcription upload; what the browser shares with it (types, sizes,
 * fields) is in lib/contracts/transcriptions.ts.
 */

/** A consent counts for an upload made within this time after it was given. */
export const CONSENT_WINDOW_MINUTES = 30;
/** Version of the consent texts on the upload center; stored with each consent record. */
export const TRANSCRIPTION_CONSENT_VERSION = "2025-01-01";

/** Retention: audio 90 days after upload, everything else 180 days. */
export const RETENTION_DAYS = { audio: 90, other: 180 } as const;
