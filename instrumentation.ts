/** Runs once when a server instance starts: invalid configuration stops it with a clear message. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getEnv } = await import("./lib/env");
  getEnv();
}
