import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { AppError } from "@/lib/api/errors";
import { enforceRateLimit, RATE_RULES } from "@/lib/api/rate-limit";
import { audit, type AuditActor } from "@/lib/audit";
import { getAuth } from "@/lib/auth/server";
import { TWO_FACTOR_REQUIRED, type SessionUser } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { getEnv } from "@/lib/env";

/**
 * The admin gate (SPEC section 2): a signed-in admin re-enters their own password, checked by
 * Better Auth on the server. Success sets an HTTP-only, SameSite=Strict browser-session cookie whose
 * value is an HMAC of the Better Auth session id and user id, so it is worthless in another session
 * and dies with this one (sign-out, revocation, expiry).
 */
export const ADMIN_UNLOCK_COOKIE = "afya_admin_unlock";
export const INCORRECT_PASSWORD = "Incorrect password. Please try again.";
export const LOCKED = "The admin dashboard is locked. Enter your password to unlock it.";

function sign(sessionId: string, userId: string): string {
  return createHmac("sha256", `${getEnv().BETTER_AUTH_SECRET}:admin-unlock`).update(`${sessionId}:${userId}`).digest("base64url");
}

async function currentSession(headers: Headers) {
  return (await getAuth().api.getSession({ headers }))?.session ?? null;
}

function cookieValue(headers: Headers): string | null {
  const pair = headers
    .get("cookie")
    ?.split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${ADMIN_UNLOCK_COOKIE}=`));
  return pair ? pair.slice(ADMIN_UNLOCK_COOKIE.length + 1) : null;
}

/** Checks the password (for everyone, so a non-admin learns nothing, not even from timing) and returns the Set-Cookie line. */
export async function unlockAdmin(request: Request, user: SessionUser, password: string, actor: AuditActor): Promise<string> {
  await enforceRateLimit(RATE_RULES.adminUnlock, user.id);
  const verified = await getAuth()
    .api.verifyPassword({ body: { password }, headers: request.headers })
    .then(() => true)
    .catch(() => false);
  const session = await currentSession(request.headers);
  if (verified && user.staffRoleAwaitingTwoFactor === "admin") throw new AppError("forbidden", TWO_FACTOR_REQUIRED);
  const granted = verified && user.role === "admin" && !!session;
  await audit(db(), actor, { action: granted ? "admin.unlock" : "admin.unlock_failed", entityType: "user", entityId: user.id });
  if (!granted || !session) throw new AppError("bad_request", INCORRECT_PASSWORD);
  const secure = getEnv().APP_URL.startsWith("https://") ? "; Secure" : "";
  return `${ADMIN_UNLOCK_COOKIE}=${sign(session.id, user.id)}; Path=/; HttpOnly; SameSite=Strict${secure}`;
}

/** Whether this request carries a valid unlock cookie for its own session. */
export async function isAdminUnlocked(headers: Headers, user: SessionUser): Promise<boolean> {
  const given = cookieValue(headers);
  if (!given || user.role !== "admin") return false;
  const session = await currentSession(headers);
  if (!session) return false;
  const expected = Buffer.from(sign(session.id, user.id));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** The one check every admin API makes after `apiRoute({ access: ["admin"] })`: 403 until unlocked. */
export async function requireUnlockedAdmin(request: Request, user: SessionUser): Promise<void> {
  if (!(await isAdminUnlocked(request.headers, user))) throw new AppError("forbidden", LOCKED);
}
