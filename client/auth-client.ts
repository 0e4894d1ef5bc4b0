"use client";

import { createAuthClient } from "better-auth/react";
import { twoFactorClient, usernameClient } from "better-auth/client/plugins";

/**
 * The Better Auth client, with the plugins the server uses (lib/auth/server.ts): sign-in by e-mail or
 * username, sign-up, sign-out, two-factor, password change and reset. It is loaded by the pages that
 * use it, never by the header of the marketing pages (client/use-session.ts keeps that check small).
 * A refusal comes back as `{ error: { status, code, message } }` (the body of lib/auth/errors.ts).
 */
export const authClient = createAuthClient({
  plugins: [usernameClient(), twoFactorClient()],
  // The global fetch at call time, not the one there was when this module loaded (tests replace it).
  fetchOptions: { customFetchImpl: (input, init) => fetch(input, init) },
});

/** What an auth call refused with: its HTTP status and Better Auth's code (e.g. INVALID_PASSWORD). */
export interface AuthRefusal {
  status: number;
  code?: string;
}

/** Runs an auth call; a dropped connection (the call throws) comes back as a refusal with status 0. */
export async function authCall<R extends { error: unknown }>(run: () => Promise<R>): Promise<R | { data: null; error: AuthRefusal }> {
  try {
    return await run();
  } catch {
    return { data: null, error: { status: 0 } };
  }
}
