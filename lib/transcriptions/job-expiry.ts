import "server-only";
/**
 * How long one run of a transcription job may take before pg-boss takes it for dead and runs it
 * again. Audio chunks go to the speech engine one after another, so a run lasts about as long as
 * the recording; an expiry shorter than that would start a second, concurrent run (paid twice).
 * The duration is not known when the job is queued, so it is bounded from the file's size at the
 * lowest bitrate a speech recording is likely to have.
 */

/** pg-boss 10 refuses an expiry of 24 hours or more (attorney.js, MAX_EXPIRATION_HOURS). */
export const MAX_JOB_EXPIRY_SECONDS = 23 * 60 * 60;
/** The floor for audio, and the queue's own expiry that other files keep. */
export const DEFAULT_JOB_EXPIRY_SECONDS = 60 * 60;
/** Bytes per second of the lowest bitrates assumed: MP3 and AAC at 32 kbit/s; WAV at 8 kHz, 8 bit, mono; Opus voice notes at 12 kbit/s. */
const MIN_BYTES_PER_SECOND: Record<string, number> = { "audio/wav": 8_000, "audio/ogg": 1_500, "audio/webm": 1_500 };
const MIN_COMPRESSED_BYTES_PER_SECOND = 4_000;
/** Engine time per second of audio, with room for slow responses, and a fixed allowance on top. */
const TIME_PER_AUDIO_SECOND = 1.5;
const FIXED_ALLOWANCE_SECONDS = 30 * 60;

/** The expiry of the job of a transcription, in seconds; null keeps the queue's (non-audio files). */
export function transcriptionJobExpirySeconds(file: { kind: string; mimeType: string; size: number }): number | null {
  if (file.kind !== "audio") return null;
  const longestDuration = file.size / (MIN_BYTES_PER_SECOND[file.mimeType] ?? MIN_COMPRESSED_BYTES_PER_SECOND);
  const seconds = Math.ceil(FIXED_ALLOWANCE_SECONDS + TIME_PER_AUDIO_SECOND * longestDuration);
  return Math.min(MAX_JOB_EXPIRY_SECONDS, Math.max(DEFAULT_JOB_EXPIRY_SECONDS, seconds));
}
