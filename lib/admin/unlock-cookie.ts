import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { getEnv } from "@/lib/env";

/**
 * The admin gate's cookie: an HTTP-only, SameSite=Strict browser-session cookie whose
 * value is an HMAC of the Better Auth session id and user id, so it is worthless in another session
 * and dies with this one (sign-out, revocation, expiry). Read once per request where the session is
 * read (lib/auth/session.ts), so that admin power is never granted without it.
 */
export const ADMIN_UNLOCK_COOKIE = "afya_admin_unlock";

export function signAdminUnlock(sessionId: string, userId: string): string {
  return createHmac("sha256", `${getEnv().BETTER_AUTH_SECRET}:admin-unlock`).update(`${sessionId}:${userId}`).digest("base64url");
}

/** Whether these request headers carry a valid unlock cookie for this session of this user. */
export function carriesAdminUnlock(headers: Headers, sessionId: string, userId: string): boolean {
  const pair = headers
    .get("cookie")
    ?.split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${ADMIN_UNLOCK_COOKIE}=`));
  if (!pair) return false;
  const expected = Buffer.from(signAdminUnlock(sessionId, userId));
  const actual = Buffer.from(pair.slice(ADMIN_UNLOCK_COOKIE.length + 1));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
