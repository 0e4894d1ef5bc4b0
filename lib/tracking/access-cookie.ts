import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { getEnv } from "@/lib/env";

/**
 * After a guest proves they own a submission (tracking number + e-mail + one-time code), a signed,
 * HTTP-only cookie lets them see it and its files for 30 minutes.
 */
export const TRACK_COOKIE = "afya_track";
export const TRACK_ACCESS_SECONDS = 30 * 60;

function sign(payload: string): string {
  return createHmac("sha256", `${getEnv().BETTER_AUTH_SECRET}:track-access`).update(payload).digest("base64url");
}

export function issueTrackCookie(submissionId: string, now = Date.now()): string {
  const payload = Buffer.from(JSON.stringify({ sid: submissionId, exp: now + TRACK_ACCESS_SECONDS * 1000 })).toString("base64url");
  const value = `${payload}.${sign(payload)}`;
  const secure = getEnv().APP_URL.startsWith("https://") ? "; Secure" : "";
  return `${TRACK_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${TRACK_ACCESS_SECONDS}${secure}`;
}

/** The submission id the request's cookie grants access to, or null. */
export function trackedSubmissionId(request: Request, now = Date.now()): string | null {
  const cookie = request.headers
    .get("cookie")
    ?.split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${TRACK_COOKIE}=`));
  if (!cookie) return null;
  const [payload, signature] = cookie.slice(TRACK_COOKIE.length + 1).split(".");
  if (!payload || !signature) return null;
  const expected = Buffer.from(sign(payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const { sid, exp } = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { sid?: unknown; exp?: unknown };
    return typeof sid === "string" && typeof exp === "number" && exp > now ? sid : null;
  } catch {
    return null;
  }
}
