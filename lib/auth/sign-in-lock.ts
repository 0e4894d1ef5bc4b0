import "server-only";
import { createHash } from "node:crypto";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { audit } from "@/lib/audit";
import { clientIp } from "@/lib/api/client-ip";
import { db } from "@/lib/db";
import { log } from "@/lib/log";
import { sendSignInLockedMail } from "./account-mail";
import { SIGN_IN_LOCKED_CODE } from "@/lib/contracts/auth";

/**
 * Per-account limit on failed password sign-ins, from any address (the per-address limit is Better
 * Auth's rate limiter): MAX_FAILURES within the window lock the account's password sign-in for LOCK_MS.
 * Counted in the database, so every app instance sees the same count.
 */
const MAX_FAILURES = 10;
const WINDOW_MS = 15 * 60 * 1000;
const LOCK_MS = 15 * 60 * 1000;

export const SIGN_IN_LOCKED = {
  code: SIGN_IN_LOCKED_CODE,
  message: "Too many failed sign-ins for this account. Password sign-in is paused for 15 minutes; you can reset your password by e-mail meanwhile.",
} as const;

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

interface Target {
  key: string;
  user: { id: string; email: string; name: string; role: string | null } | null;
}
const targets = new WeakMap<object, Target>();

const userFields = { id: true, email: true, name: true, role: true } as const;

/**
 * The account a sign-in names. An e-mail or username without an account is counted under a hash of
 * itself: it locks exactly like a real account, so neither the count nor the lock tells who has one.
 */
async function targetOf(ctx: HookContext): Promise<Target | null> {
  const body = (ctx.body ?? {}) as { email?: unknown; username?: unknown };
  const byEmail = ctx.path === "/sign-in/email";
  const identifier = byEmail ? body.email : body.username;
  if (typeof identifier !== "string" || !identifier.trim()) return null;
  // As Better Auth looks them up: e-mails and usernames in lower case.
  const normalized = identifier.toLowerCase();
  const user = await db().user.findUnique({ where: byEmail ? { email: normalized } : { username: normalized }, select: userFields });
  if (user) return { key: `user:${user.id}`, user };
  return {
    key: `unknown:${createHash("sha256")
      .update(`${byEmail ? "email" : "username"}:${normalized}`)
      .digest("hex")}`,
    user: null,
  };
}

function isPasswordSignIn(path: string): boolean {
  return path === "/sign-in/email" || path === "/sign-in/username";
}

/** Refuses a password sign-in while its account is locked, before the password is even checked. */
export async function beforePasswordSignIn(ctx: HookContext): Promise<void> {
  if (!isPasswordSignIn(ctx.path)) return;
  const target = await targetOf(ctx);
  if (!target) return;
  const row = await db().passwordSignInLock.findUnique({ where: { key: target.key }, select: { lockedUntil: true } });
  if (row?.lockedUntil && row.lockedUntil > new Date()) {
    const retryAfter = Math.ceil((row.lockedUntil.getTime() - Date.now()) / 1000);
    throw new APIError("TOO_MANY_REQUESTS", { ...SIGN_IN_LOCKED }, { "Retry-After": String(retryAfter) });
  }
  targets.set(ctx.context, target);
}

/** Counts a wrong password (401); a right one (a session, or the two-factor step) clears the count. */
export async function afterPasswordSignIn(ctx: HookContext): Promise<void> {
  if (!isPasswordSignIn(ctx.path)) return;
  const target = targets.get(ctx.context);
  if (!target) return;
  const returned = ctx.context.returned;
  if (returned instanceof APIError) {
    if (returned.statusCode === 401) await recordFailure(ctx, target);
    return;
  }
  await db().passwordSignInLock.deleteMany({ where: { key: target.key } });
}

async function recordFailure(ctx: HookContext, target: Target): Promise<void> {
  const now = new Date();
  const windowStart = new Date(now.getTime() - WINDOW_MS);
  const table = db().passwordSignInLock;
  await table.deleteMany({ where: { windowStart: { lt: windowStart }, OR: [{ lockedUntil: null }, { lockedUntil: { lt: now } }] } });
  await table.updateMany({ where: { key: target.key, windowStart: { lt: windowStart } }, data: { failures: 0, windowStart: now } });
  await table.upsert({ where: { key: target.key }, create: { key: target.key, failures: 1, windowStart: now }, update: { failures: { increment: 1 } } });
  const lockedUntil = new Date(now.getTime() + LOCK_MS);
  // Only one of several racing requests moves the count past the limit into a lock: one audit row, one e-mail.
  const { count } = await table.updateMany({
    where: { key: target.key, failures: { gte: MAX_FAILURES } },
    data: { failures: 0, windowStart: now, lockedUntil },
  });
  if (count !== 1 || !target.user) return;
  const user = target.user;
  const request = ctx.request;
  await audit(
    db(),
    { id: null, role: null, ipAddress: request ? clientIp(request) : null, userAgent: request?.headers.get("user-agent") },
    { action: "auth.sign_in_locked", entityType: "user", entityId: user.id, metadata: { failures: MAX_FAILURES, lockedUntil: lockedUntil.toISOString() } },
  );
  void sendSignInLockedMail(user, request, { failures: MAX_FAILURES, minutes: LOCK_MS / 60_000 }).catch((error: unknown) =>
    log.error({ err: error, userId: user.id }, "sign-in lock e-mail failed"),
  );
}

/** A password reset by e-mail proves the mailbox: the account's lock and count end with it. */
export async function clearSignInLock(userId: string): Promise<void> {
  await db().passwordSignInLock.deleteMany({ where: { key: `user:${userId}` } });
}
