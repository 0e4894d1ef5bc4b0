/**
 * HSTS, decided when the server runs (not when it is built): on in production mode when the public
 * address (APP_URL) is https. Sent by proxy.ts on pages and by the API wrapper (lib/api/handler.ts)
 * on API answers. Reads process.env directly, so proxy.ts needs none of the server's modules.
 */
export const HSTS_VALUE = "max-age=63072000; includeSubDomains";

export function strictTransportSecurity(env: { NODE_ENV?: string; APP_URL?: string } = process.env): string | null {
  return env.NODE_ENV === "production" && (env.APP_URL ?? "").startsWith("https://") ? HSTS_VALUE : null;
}
