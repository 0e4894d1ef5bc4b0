import { z } from "zod";

/**
 * Why a transcription failed, waits, or needs an engine, as a stable code with parameters, so that the
 * list and the transcript page say it in the reader's language (messages: transcriptions.reason.<code>).
 * A parameter is a number, an untranslated technical detail (a library's error text, shown in
 * parentheses for an administrator; never a secret), or another reason (the cause of a retry).
 */
export const statusReasonCodes = [
  // The worker and the malware scan.
  "file_gone",
  "awaiting_scan",
  "quarantined",
  "attempt_failed_will_retry",
  "failed_after_attempts",
  "did_not_finish_last_error",
  "did_not_finish_stopped",
  // Any engine.
  "kind_unsupported",
  "file_too_large_for_engine",
  // Audio (Google Cloud Speech).
  "no_speech_engine",
  "audio_type_unsupported",
  "wav_not_wav",
  "wav_no_audio",
  "wav_format_cut_short",
  "wav_data_before_format",
  "wav_unsupported_encoding",
  "wav_channels",
  "wav_inconsistent",
  "mp3_no_frames",
  "mp3_sample_rate_low",
  "audio_sample_rate",
  "audio_sample_rate_changes",
  "audio_no_audio",
  "audio_undecodable",
  "speech_error_status",
  "speech_misconfigured",
  "speech_failed",
  // PDF, images, DICOM.
  "pdf_password",
  "pdf_unreadable",
  "pdf_failed",
  "pdf_page_render_failed",
  "image_unreadable",
  "ocr_failed",
  "dicom_unreadable",
  "dicom_header_too_large",
] as const;
export type StatusReasonCode = (typeof statusReasonCodes)[number];

export type StatusReasonParam = string | number | StatusReason;
export interface StatusReason {
  code: StatusReasonCode;
  params?: Record<string, StatusReasonParam>;
}

export const statusReasonSchema: z.ZodType<StatusReason> = z.lazy(() =>
  z.object({
    code: z.enum(statusReasonCodes),
    params: z.record(z.string(), z.union([z.string(), z.number(), statusReasonSchema])).optional(),
  }),
);

/** What formats a reason: next-intl's translator of the "transcriptions" namespace, or one made for English. */
export type ReasonTranslator = (key: string, values?: Record<string, string | number>) => string;

/** The reason in the translator's language; a nested reason is translated first and given as its text. */
export function statusReasonText(t: ReasonTranslator, reason: StatusReason): string {
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(reason.params ?? {})) values[name] = typeof value === "object" ? statusReasonText(t, value) : value;
  return t(`reason.${reason.code}`, values);
}

/** The stored code and parameters as a reason, or null (no code, or one this version does not know). */
export function storedStatusReason(code: string | null, params: unknown): StatusReason | null {
  if (!code) return null;
  const parsed = statusReasonSchema.safeParse(params && typeof params === "object" ? { code, params } : { code });
  return parsed.success ? parsed.data : null;
}
