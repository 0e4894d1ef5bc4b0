import "server-only";
import { betterAuth } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { nextCookies } from "better-auth/next-js";
import { admin, username } from "better-auth/plugins";
import { db } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH, USERNAME_PATTERN } from "./rules";

function createAuth() {
  const env = getEnv();
  return betterAuth({
    appName: "AfyaBridge",
    baseURL: env.APP_URL,
    secret: env.BETTER_AUTH_SECRET,
    trustedOrigins: [env.APP_URL],
    database: prismaAdapter(db(), { provider: "postgresql" }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: true,
    },
    session: {
      // Sessions live in the database and are looked up on every request, so signing out (or an
      // admin revoking a session) takes effect at once. No cookie cache.
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
    },
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
      },
    },
    advanced: {
      useSecureCookies: env.APP_URL.startsWith("https://"),
      database: { generateId: () => crypto.randomUUID() },
    },
    plugins: [
      username({ minUsernameLength: 3, maxUsernameLength: 30, usernameValidator: (value) => USERNAME_PATTERN.test(value) }),
      admin({ defaultRole: "patient", adminRoles: ["admin"] }),
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
