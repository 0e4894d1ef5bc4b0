import "server-only";
import { getEnv } from "@/lib/env";

/**
 * Whether audio uploads will be transcribed (Google Cloud Speech credentials or a gRPC endpoint are
 * set). Its own module so that pages can ask without loading the speech client.
 */
export function speechEngineConfigured(): boolean {
  const env = getEnv();
  return Boolean(env.GOOGLE_APPLICATION_CREDENTIALS || env.GOOGLE_SPEECH_ENDPOINT);
}

export const NO_SPEECH_ENGINE =
  "No speech engine is configured, so this recording was not transcribed. An administrator can set " +
  "GOOGLE_APPLICATION_CREDENTIALS (the path to a Google Cloud service-account key with the Speech-to-Text API enabled) " +
  "or GOOGLE_SPEECH_ENDPOINT (host:port of a Speech-compatible gRPC server) and restart the app: waiting recordings are then transcribed.";
