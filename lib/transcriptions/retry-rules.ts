import "server-only";
import type { ErrorCode } from "@/lib/contracts/errors";
import { isQuarantined } from "@/lib/security/scan";
import { speechEngineConfigured } from "./engines/configured";

type RetryRow = { status: string; kind: string; mimeType: string; storageKey: string | null; fileDeletedAt: Date | null };

/**
 * Why a transcription cannot be tried again, or null when it can: only a failed one, or audio that
 * waited for a speech engine once one is configured, and only while its file is there, clean and of
 * an engine could read.
 */
export function retryRefusal(row: RetryRow): ErrorCode | null {
  if (row.status !== "failed" && row.status !== "needs_engine") return "transcription_not_retryable";
  if (!row.storageKey || row.fileDeletedAt) return "transcription_retry_file_deleted";
  if (isQuarantined(row.storageKey)) return "transcription_quarantined";
  if (row.status === "needs_engine" && row.kind === "audio" && !speechEngineConfigured()) return "transcription_no_speech_engine";
  return null;
}
