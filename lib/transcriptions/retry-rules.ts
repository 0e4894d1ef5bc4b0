import "server-only";
import { isQuarantined } from "@/lib/security/scan";
import { MP4_NOT_ACCEPTED, speechEngineConfigured } from "./engines/configured";
import { QUARANTINED } from "./scan-state";

type RetryRow = { status: string; kind: string; mimeType: string; storageKey: string | null; fileDeletedAt: Date | null };

/**
 * Why a transcription cannot be tried again, or null when it can: only a failed one, or audio that
 * waited for a speech engine once one is configured, and only while its file is there, clean and of
 * a type the engine takes.
 */
export function retryRefusal(row: RetryRow): string | null {
  if (row.status !== "failed" && row.status !== "needs_engine") return "Only a failed transcription, or one waiting for an engine, can be tried again.";
  if (!row.storageKey || row.fileDeletedAt) return "The file of this transcription has been deleted, so it cannot be transcribed again.";
  if (isQuarantined(row.storageKey)) return QUARANTINED;
  if (row.kind === "audio" && row.mimeType === "audio/mp4") return MP4_NOT_ACCEPTED;
  if (row.status === "needs_engine" && row.kind === "audio" && !speechEngineConfigured()) return "No speech engine is configured yet, so trying again would not help. An administrator has to configure one first.";
  return null;
}
