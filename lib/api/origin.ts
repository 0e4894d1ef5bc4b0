import "server-only";
import { getEnv } from "@/lib/env";
import { AppError } from "@/lib/app-error";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request forgery defence in depth (besides SameSite cookies): a state-changing request
 * must carry an Origin header naming this site (APP_URL). Browsers always send it on such requests;
 * a request without one (a script, a form posted from elsewhere) is refused.
 */
export function assertSameOrigin(request: Request): void {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return;
  const origin = request.headers.get("origin");
  if (!origin || origin === "null" || origin !== new URL(getEnv().APP_URL).origin) throw new AppError("forbidden", "cross_site_refused");
}
