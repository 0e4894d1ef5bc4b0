import "server-only";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { expireCookie } from "better-auth/cookies";
import { ADMIN_UNLOCK_COOKIE, signAdminUnlock } from "@/lib/admin/unlock-cookie";
import { audit } from "@/lib/audit";
import { clientIp } from "@/lib/api/client-ip";
import { db } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { isStaff, toRole } from "./roles";
import { claimTotpCode, releaseTotpCode } from "./totp-replay";

/**
 * What the app adds to Better Auth's two-factor plugin (ADR 11, ADR 14): staff cannot turn it off, a
 * code works once, no "trusted device" ever skips the code, turning it on ends the account's other
 * sessions, and both changes are audited.
 */
type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];
type SessionUserFields = { id: string; role?: string | null; twoFactorEnabled?: boolean | null };

/** A verify-totp request between the before and the after hook. */
interface Verification {
  userId: string;
  code: string;
  /** A signed-in user confirming the set-up (not a sign-in challenge). */
  enrolling: boolean;
}
const verifications = new WeakMap<object, Verification>();

function actor(ctx: HookContext, user: SessionUserFields) {
  return { id: user.id, role: toRole(user.role), ipAddress: ctx.request ? clientIp(ctx.request) : null, userAgent: ctx.request?.headers.get("user-agent") };
}

/**
 * Returns the request body to use instead of the client's when it must change: `trustDevice` is
 * ignored on every two-factor endpoint (every sign-in asks for the code, patients' too).
 */
export async function beforeTwoFactor(ctx: HookContext): Promise<Record<string, unknown> | undefined> {
  if (ctx.path === "/sign-in/email" || ctx.path === "/sign-in/username") await forgetTrustedDevice(ctx);
  if (ctx.path === "/two-factor/disable") {
    const session = await getSessionFromCtx(ctx);
    if (session && isStaff(toRole((session.user as SessionUserFields).role))) {
      throw new APIError("FORBIDDEN", {
        code: "TWO_FACTOR_REQUIRED_FOR_STAFF",
        message: "Two-factor authentication is required for staff accounts and cannot be turned off.",
      });
    }
  }
  if (ctx.path === "/two-factor/verify-totp") await claimCodeOnce(ctx);
  const body = ctx.body as Record<string, unknown> | undefined;
  if (ctx.path.startsWith("/two-factor/") && body && typeof body === "object" && "trustDevice" in body) return { ...body, trustDevice: false };
  return undefined;
}

/**
 * The plugin's "trusted device" cookie would let a sign-in skip the code for 30 days. None is made any
 * more (above); one made before is worthless once its database record is gone, and sign-in and
 * sign-out delete the record of the one this browser presents (the plugin then expires the cookie).
 */
const TRUST_DEVICE_COOKIE = "trust_device";

async function forgetTrustedDevice(ctx: HookContext): Promise<void> {
  const cookie = ctx.context.createAuthCookie(TRUST_DEVICE_COOKIE);
  const value = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  const identifier = typeof value === "string" ? value.split("!")[1] : undefined;
  if (identifier?.startsWith("trust-device-")) await db().verification.deleteMany({ where: { identifier } });
}

/** Sign-out: the trusted-device record and cookie go with the session. */
export async function afterSignOut(ctx: HookContext): Promise<void> {
  if (ctx.path !== "/sign-out") return;
  await forgetTrustedDevice(ctx);
  expireCookie(ctx, ctx.context.createAuthCookie(TRUST_DEVICE_COOKIE));
}

/**
 * ASVS 2.8.4: the code is claimed before Better Auth checks it (see totp-replay.ts). Anything but six
 * digits can never be a valid code, and Better Auth refuses it without our help.
 */
async function claimCodeOnce(ctx: HookContext): Promise<void> {
  const code = (ctx.body as { code?: unknown } | undefined)?.code;
  if (typeof code !== "string" || !/^\d{6}$/.test(code)) return;
  const session = await getSessionFromCtx(ctx);
  const userId = session?.user.id ?? (await challengedUserId(ctx));
  if (!userId) return; // no session and no sign-in challenge: Better Auth refuses the request itself
  if (!(await claimTotpCode(userId, code))) {
    throw new APIError("UNAUTHORIZED", { code: "INVALID_CODE", message: "This code has already been used. Enter the next code from your app." });
  }
  verifications.set(ctx.context, { userId, code, enrolling: !!session && !(session.user as SessionUserFields).twoFactorEnabled });
}

/** The account of the sign-in challenge this browser is in (the cookie Better Auth sets after the password). */
async function challengedUserId(ctx: HookContext): Promise<string | null> {
  const challenge = await ctx.getSignedCookie(ctx.context.createAuthCookie("two_factor").name, ctx.context.secret);
  const verification = challenge ? await ctx.context.internalAdapter.findVerificationValue(challenge) : null;
  return verification?.value ?? null;
}

export async function afterTwoFactor(ctx: HookContext): Promise<void> {
  const failed = ctx.context.returned instanceof APIError;
  if (ctx.path === "/two-factor/verify-totp") {
    const verification = verifications.get(ctx.context);
    if (!verification) return;
    // A wrong code was only claimed for the check: it is released, so a typo burns nothing.
    if (failed) return releaseTotpCode(verification.userId, verification.code);
    if (verification.enrolling) await twoFactorTurnedOn(ctx, verification.userId);
  }
  if ((ctx.path === "/two-factor/verify-totp" || ctx.path === "/two-factor/verify-backup-code") && !failed) await unlockFreshAdmin(ctx);
  if (ctx.path === "/two-factor/disable" && !failed) {
    const user = ctx.context.newSession?.user as SessionUserFields | undefined;
    if (user) await audit(db(), actor(ctx, user), { action: "auth.two_factor_disabled", entityType: "user", entityId: user.id });
  }
}

/**
 * An admin who has just given their password and a code (signing in, or setting up two-factor
 * authentication) is not asked for the password a third time at the admin gate: the session starts
 * unlocked, with the same browser-session cookie the gate sets (lib/admin/unlock.ts), audited.
 */
async function unlockFreshAdmin(ctx: HookContext): Promise<void> {
  const current = ctx.context.newSession;
  const user = current?.user as SessionUserFields | undefined;
  if (!current || !user || toRole(user.role) !== "admin") return;
  ctx.setCookie(ADMIN_UNLOCK_COOKIE, signAdminUnlock(current.session.id, user.id), {
    path: "/",
    httpOnly: true,
    sameSite: "strict",
    secure: getEnv().APP_URL.startsWith("https://"),
  });
  await audit(db(), actor(ctx, user), { action: "admin.unlock", entityType: "user", entityId: user.id, metadata: { with: "two_factor" } });
}

/**
 * Sessions opened with the password alone (perhaps by someone who had it) must not inherit the new
 * protection, nor, for staff, the staff access it unlocks: every session but the new one ends.
 */
async function twoFactorTurnedOn(ctx: HookContext, userId: string): Promise<void> {
  const current = ctx.context.newSession;
  if (!current) return;
  await db().$transaction(async (tx) => {
    const { count } = await tx.session.deleteMany({ where: { userId, id: { not: current.session.id } } });
    await audit(tx, actor(ctx, current.user as SessionUserFields), {
      action: "auth.two_factor_enabled",
      entityType: "user",
      entityId: userId,
      metadata: { otherSessionsEnded: count },
    });
  });
}
