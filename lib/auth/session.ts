import "server-only";
import type { SessionUser } from "./session-user";
import { headers as nextHeaders } from "next/headers";
import { getSessionCookie } from "better-auth/cookies";
import { AppError } from "@/lib/app-error";
import { carriesAdminUnlock } from "@/lib/admin/unlock-cookie";
import { db } from "@/lib/db";
import { getAuth } from "./server";
import { isIdleStaffSession, SESSION_UPDATE_AGE_SECONDS } from "./idle";
import { isStaff, toRole, type Role } from "./roles";

export async function getSessionUser(requestHeaders?: Headers): Promise<SessionUser | null> {
  return (await getCurrentSession(requestHeaders))?.user ?? null;
}

/**
 * The signed-in user and the id of this browser's session. Staff sessions (admin, partner) idle for
 * STAFF_IDLE_MINUTES (idle.ts) are deleted here and count as signed out. The session is read without Better
 * Auth's refresh first, because that refresh would move updatedAt (the last activity) to now.
 */
export async function getCurrentSession(requestHeaders?: Headers): Promise<{ user: SessionUser; sessionId: string } | null> {
  const headers = requestHeaders ?? (await nextHeaders());
  if (!(await namesStoredSession(headers))) return null;
  const session = await getAuth().api.getSession({ headers, query: { disableRefresh: true } });
  if (!session) return null;
  const lastActive = new Date(session.session.updatedAt).getTime();
  if (isIdleStaffSession((session.user as { role?: string | null }).role, session.session.updatedAt)) {
    await db().session.deleteMany({ where: { id: session.session.id } });
    return null;
  }
  // Activity: let Better Auth move updatedAt and the expiry forward (at most once per update age).
  if (Date.now() - lastActive >= SESSION_UPDATE_AGE_SECONDS * 1000) await getAuth().api.getSession({ headers });
  const user = toSessionUser(session.user);
  if (!user) return null;
  user.adminUnlocked = user.role === "admin" && carriesAdminUnlock(headers, session.session.id, user.id);
  return { user, sessionId: session.session.id };
}

/**
 * Whether the request's session cookie names a session the database holds. Better Auth answers a cookie
 * whose session is gone by clearing it in the browser. But a session is also replaced: turning on
 * two-factor signs the browser in again under a new one. A request the browser sent just before (the
 * header's session check, the bell's poll) is answered just after, and its clearing would then end the
 * new session too. Such a request is answered as signed out here, without asking Better Auth; the stale
 * cookie is harmless, and the next sign-in replaces it. Better Auth still checks the signature of a
 * cookie that passes, and clears the cookie of an expired session.
 */
async function namesStoredSession(headers: Headers): Promise<boolean> {
  const cookie = getSessionCookie(headers);
  if (!cookie) return false;
  // "<token>.<signature>": the token is letters and digits.
  const token = cookie.split(".")[0];
  return (await db().session.count({ where: { token } })) > 0;
}

type AuthUser = {
  id: string;
  name: string;
  email: string;
  createdAt: Date | string;
  username?: string | null;
  role?: string | null;
  hospitalId?: string | null;
  banned?: boolean | null;
  twoFactorEnabled?: boolean | null;
};

function toSessionUser(user: AuthUser): SessionUser | null {
  if (user.banned) return null;
  const storedRole = toRole(user.role);
  const twoFactorEnabled = user.twoFactorEnabled === true;
  const awaiting = isStaff(storedRole) && !twoFactorEnabled ? (storedRole as "admin" | "partner") : null;
  return {
    id: user.id,
    role: awaiting ? "patient" : storedRole,
    name: user.name,
    email: user.email,
    username: user.username ?? user.name,
    createdAt: new Date(user.createdAt),
    hospitalId: user.hospitalId ?? null,
    twoFactorEnabled,
    staffRoleAwaitingTwoFactor: awaiting,
    adminUnlocked: false,
  };
}

/**
 * The one role check every route handler, server action and page uses. Without a session: 401.
 * With the wrong role: 404, so that the existence of staff-only things is not revealed; 403 to staff
 * who have not set up two-factor authentication yet, telling them so, and to an admin whose password
 * gate is still locked (a staff-only route acts with admin power for an admin).
 */
export async function requireUser(allowed?: readonly Role[], requestHeaders?: Headers): Promise<SessionUser> {
  const user = await getSessionUser(requestHeaders);
  if (!user) throw new AppError("unauthenticated", "sign_in_required");
  if (allowed && !allowed.includes(user.role)) {
    if (user.staffRoleAwaitingTwoFactor && allowed.includes(user.staffRoleAwaitingTwoFactor)) throw new AppError("forbidden", "two_factor_required");
    throw new AppError("not_found", "not_found");
  }
  if (user.role === "partner" && !user.hospitalId) throw new AppError("forbidden", "partner_without_hospital");
  if (allowed && user.role === "admin" && !user.adminUnlocked) throw new AppError("forbidden", "admin_locked");
  return user;
}

export { hasAdminPower, type SessionUser } from "./session-user";
