/**
 * Runs once when a server instance starts (`next start` and `next dev`): invalid configuration stops
 * it with a clear message, then the transcription worker starts (unless TRANSCRIPTION_WORKER=off).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { ConfigError, getEnv } = await import("./lib/env");
  let env;
  try {
    env = getEnv();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    // Next.js would log this and go on answering every request with a 500.
    console.error(error.message);
    process.exit(1);
  }
  if (env.TRANSCRIPTION_WORKER === "off") return;
  const { startTranscriptionWorker } = await import("./lib/transcriptions/jobs");
  const { log } = await import("./lib/log");
  // A database that is not reachable yet must not keep the site down: the worker retries in a minute.
  const start = (): Promise<void> =>
    startTranscriptionWorker().then(
      () => log.info("transcription worker started"),
      (error: unknown) => {
        log.error({ err: error }, "transcription worker could not start, retrying in 60 s");
        setTimeout(() => void start(), 60_000).unref();
      },
    );
  await start();
}
