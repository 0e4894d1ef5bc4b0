import "server-only";
import { z } from "zod";
import { betterAuth } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { nextCookies } from "better-auth/next-js";
import { admin, twoFactor, username } from "better-auth/plugins";
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import { db } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { log } from "@/lib/log";
import { audit } from "@/lib/audit";
import { CLIENT_IP_HEADER, clientIp } from "@/lib/api/client-ip";
import { PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH, USERNAME_PATTERN } from "@/lib/contracts/auth";
import { isCommonPassword, PASSWORD_TOO_COMMON, type PasswordOwner } from "@/lib/contracts/password-strength";
import { sendPasswordResetMail } from "./reset-mail";
import { sendSignUpAttemptMail } from "./account-mail";
import { afterPasswordSignIn, beforePasswordSignIn, clearSignInLock } from "./sign-in-lock";
import { afterSignOut, afterTwoFactor, beforeTwoFactor } from "./two-factor-hooks";
import { refuseInvalidName } from "./name-hook";

import { isIdleStaffSession, SESSION_UPDATE_AGE_SECONDS } from "./idle";

/**
 * The profile fields /update-user may change, with their types: the library hands any other key or
 * type to the database, which refuses it with a 500. (The app itself does not call this endpoint.)
 */
const updateUserBody = z.strictObject({
  name: z.string().trim().min(1).max(200).optional(),
  image: z.string().max(2048).nullable().optional(),
  username: z.string().max(100).optional(),
  displayUsername: z.string().max(100).optional(),
});

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** The new password in a request that sets one, and whose account it is for; null for other requests. */
async function passwordBeingSet(ctx: HookContext): Promise<{ password: unknown; owner: PasswordOwner } | null> {
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  switch (ctx.path) {
    case "/sign-up/email":
    case "/admin/create-user":
      return { password: body.password, owner: { email: String(body.email ?? ""), username: String(body.username ?? ""), name: String(body.name ?? "") } };
    case "/change-password": {
      const session = await getSessionFromCtx(ctx);
      const user = session?.user as { email?: string; username?: string | null; name?: string } | undefined;
      return { password: body.newPassword, owner: { email: user?.email, username: user?.username, name: user?.name } };
    }
    case "/reset-password": {
      const token = typeof body.token === "string" ? body.token : "";
      const verification = token ? await ctx.context.internalAdapter.findVerificationValue(`reset-password:${token}`) : null;
      const user = verification ? ((await ctx.context.internalAdapter.findUserById(verification.value)) as PasswordOwner | null) : null;
      return { password: body.newPassword, owner: user ?? {} };
    }
    case "/admin/set-user-password":
      return { password: body.newPassword, owner: {} };
    default:
      return null;
  }
}

/**
 * Better Auth's own endpoints (change-password, get-session, ...) would refresh an idle staff session
 * and so restart its idle clock: the session is deleted first, so they see none. The app's pages and
 * routes do the same check in session.ts, whose internal read (no request, no refresh) is skipped here.
 */
async function endIdleStaffSession(ctx: HookContext): Promise<void> {
  if (!ctx.request && ctx.path === "/get-session") return;
  const token = await ctx.getSignedCookie(ctx.context.authCookies.sessionToken.name, ctx.context.secret);
  if (!token) return;
  const session = await db().session.findUnique({ where: { token }, select: { id: true, updatedAt: true, user: { select: { role: true } } } });
  if (session && isIdleStaffSession(session.user.role, session.updatedAt)) await db().session.deleteMany({ where: { id: session.id } });
}

function createAuth() {
  const env = getEnv();
  return betterAuth({
    appName: "AfyaBridge",
    baseURL: env.APP_URL,
    secret: env.BETTER_AUTH_SECRET,
    trustedOrigins: [env.APP_URL],
    // Refusals (4xx: a wrong password, a reused code, a common password) are answers, not faults; any
    // other failure is logged through the app's logger, as the library's own lines are (below).
    onAPIError: {
      onError: (error) => {
        if (!(isAPIError(error) && error.statusCode < 500)) log.error({ err: error }, "auth: request failed");
      },
    },
    // Through the app's logger (request id, redaction of personal data), never straight to the console.
    logger: {
      level: "warn",
      log: (level, message, ...args) => {
        const err = args.find((arg): arg is Error => arg instanceof Error);
        log[level]({ err, details: args.filter((arg) => arg !== err) }, `auth: ${message}`);
      },
    },
    database: prismaAdapter(db(), { provider: "postgresql" }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      // Sign-up answers the same whether or not the e-mail has an account (a made-up user, no session
      // either way); the form then asks the person to sign in. The owner of a taken e-mail is told.
      autoSignIn: false,
      onExistingUserSignUp: async ({ user }, request) => {
        void sendSignUpAttemptMail(user, request).catch((error: unknown) => log.error({ err: error, userId: user.id }, "sign-up attempt e-mail failed"));
      },
      resetPasswordTokenExpiresIn: 60 * 60,
      onPasswordReset: async ({ user }, request) => {
        const actor = {
          id: user.id,
          role: (user as { role?: string | null }).role ?? null,
          ipAddress: request ? clientIp(request) : null,
          userAgent: request?.headers.get("user-agent"),
        };
        await audit(db(), actor, { action: "auth.password_reset", entityType: "user", entityId: user.id });
        await clearSignInLock(user.id);
      },
      revokeSessionsOnPasswordReset: true,
      // Not awaited: a known address must answer as fast as an unknown one, and a mail failure must
      // not turn into a different answer (both would tell whether an account exists).
      sendResetPassword: async ({ user, url, token }) => {
        void sendPasswordResetMail({ user, betterAuthUrl: url, token }).catch((error: unknown) => log.error({ err: error }, "password reset e-mail failed"));
      },
    },
    session: {
      // Sessions live in the database and are looked up on every request, so signing out (or an
      // admin revoking a session) takes effect at once. No cookie cache. updatedAt is refreshed at
      // most every few minutes of activity: it is the "last active" time and the staff idle clock.
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        await endIdleStaffSession(ctx);
        if (ctx.path === "/update-user" && !updateUserBody.safeParse(ctx.body ?? {}).success)
          throw new APIError("BAD_REQUEST", { message: "Only name, image and username can be changed, as text." });
        await refuseInvalidName(ctx);
        await beforePasswordSignIn(ctx);
        const twoFactorBody = await beforeTwoFactor(ctx);
        const setting = await passwordBeingSet(ctx);
        if (setting && typeof setting.password === "string" && isCommonPassword(setting.password, setting.owner)) {
          throw new APIError("BAD_REQUEST", { ...PASSWORD_TOO_COMMON });
        }
        // A new password ends every other session of the account, whatever the client asked.
        if (ctx.path === "/change-password") return { context: { body: { ...(ctx.body as object), revokeOtherSessions: true } } };
        if (twoFactorBody) return { context: { body: twoFactorBody } };
      }),
      after: createAuthMiddleware(async (ctx) => {
        await afterTwoFactor(ctx);
        await afterPasswordSignIn(ctx);
        await afterSignOut(ctx);
      }),
    },
    // The app does not use it, and it would tell anyone which usernames exist without any limit.
    disabledPaths: ["/is-username-available"],
    user: {
      additionalFields: {
        hospitalId: { type: "string", required: false, input: false },
      },
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      modelName: "rateLimit",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 60, max: 10 },
        "/sign-in/username": { window: 60, max: 10 },
        "/sign-up/email": { window: 60, max: 10 },
        "/request-password-reset": { window: 15 * 60, max: 5 },
        "/reset-password": { window: 15 * 60, max: 10 },
        "/change-password": { window: 15 * 60, max: 10 },
        // Each sign-in challenge also allows 5 codes only (Better Auth), then a new sign-in is needed.
        "/two-factor/*": { window: 60, max: 10 },
      },
    },
    advanced: {
      useSecureCookies: env.APP_URL.startsWith("https://"),
      database: { generateId: () => crypto.randomUUID() },
      // Its limits and session rows use the app's one notion of the client's address (clientIp), which
      // the auth route and the API wrapper put in this header, overwriting any value the client sent.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    plugins: [
      username({ minUsernameLength: 3, maxUsernameLength: 30, usernameValidator: (value) => USERNAME_PATTERN.test(value) }),
      admin({ defaultRole: "patient", adminRoles: ["admin"] }),
      // TOTP (authenticator apps) with one-time backup codes, stored encrypted. A staff account without
      // it acts as a patient until it is set up (session.ts); no "trust this device" (the hooks ignore it).
      twoFactor({ issuer: "AfyaBridge", backupCodeOptions: { amount: 10, length: 10 } }),
      nextCookies(),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

const globalForAuth = globalThis as unknown as { afyaAuth?: Auth };

/** Created on first use, so `next build` opens no database. */
export function getAuth(): Auth {
  globalForAuth.afyaAuth ??= createAuth();
  return globalForAuth.afyaAuth;
}
