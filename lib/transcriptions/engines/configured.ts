import "server-only";
import type { StatusReason } from "@/lib/contracts/transcription-reasons";
import { getEnv } from "@/lib/env";

/**
 * Whether audio uploads will be transcribed (Google Cloud Speech credentials or a gRPC endpoint are
 * set). Its own module so that pages can ask without loading the speech client.
 */
export function speechEngineConfigured(): boolean {
  const env = getEnv();
  return Boolean(env.GOOGLE_APPLICATION_CREDENTIALS || env.GOOGLE_SPEECH_ENDPOINT);
}

/** Why a recording waits (needs_engine): its text names what an administrator sets (messages: transcriptions.reason.no_speech_engine). */
export const NO_SPEECH_ENGINE: StatusReason = { code: "no_speech_engine" };
