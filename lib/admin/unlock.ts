import "server-only";
import { AppError } from "@/lib/app-error";
import { enforceRateLimit, RATE_RULES } from "@/lib/api/rate-limit";
import { audit, type AuditActor } from "@/lib/audit";
import { getAuth } from "@/lib/auth/server";
import type { SessionUser } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { ADMIN_UNLOCK_COOKIE, signAdminUnlock } from "./unlock-cookie";

/**
 * The admin gate: a signed-in admin re-enters their own password, checked by Better
 * Auth on the server; success sets the unlock cookie (unlock-cookie.ts). Until then the admin has no
 * admin power anywhere (SessionUser.adminUnlocked, hasAdminPower).
 */
export { ADMIN_UNLOCK_COOKIE } from "./unlock-cookie";

async function currentSession(headers: Headers) {
  return (await getAuth().api.getSession({ headers }))?.session ?? null;
}

/** Checks the password (for everyone, so a non-admin learns nothing, not even from timing) and returns the Set-Cookie line. */
export async function unlockAdmin(request: Request, user: SessionUser, password: string, actor: AuditActor): Promise<string> {
  await enforceRateLimit(RATE_RULES.adminUnlock, user.id);
  const verified = await getAuth()
    .api.verifyPassword({ body: { password }, headers: request.headers })
    .then(() => true)
    .catch(() => false);
  const session = await currentSession(request.headers);
  if (verified && user.staffRoleAwaitingTwoFactor === "admin") throw new AppError("forbidden", "two_factor_required");
  const granted = verified && user.role === "admin" && !!session;
  await audit(db(), actor, { action: granted ? "admin.unlock" : "admin.unlock_failed", entityType: "user", entityId: user.id });
  if (!granted || !session) throw new AppError("bad_request", "incorrect_password", { field: "password" });
  const secure = getEnv().APP_URL.startsWith("https://") ? "; Secure" : "";
  return `${ADMIN_UNLOCK_COOKIE}=${signAdminUnlock(session.id, user.id)}; Path=/; HttpOnly; SameSite=Strict${secure}`;
}
