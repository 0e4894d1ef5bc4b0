import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { getEnv } from "@/lib/env";

/**
 * HTTP-only cookies that name one submission a guest has proved to own, signed with the app's secret
 * under a purpose of their own (a tracking cookie cannot be used as an upload cookie).
 */
export interface SignedCookie {
  name: string;
  purpose: string;
  maxAgeSeconds: number;
  path: string;
}

function sign(cookie: SignedCookie, payload: string): string {
  return createHmac("sha256", `${getEnv().BETTER_AUTH_SECRET}:${cookie.purpose}`).update(payload).digest("base64url");
}

/** The Set-Cookie header that grants `submissionId` for the cookie's lifetime. */
export function issueSignedCookie(cookie: SignedCookie, submissionId: string, now = Date.now()): string {
  const payload = Buffer.from(JSON.stringify({ sid: submissionId, exp: now + cookie.maxAgeSeconds * 1000 })).toString("base64url");
  const secure = getEnv().APP_URL.startsWith("https://") ? "; Secure" : "";
  return `${cookie.name}=${payload}.${sign(cookie, payload)}; Path=${cookie.path}; HttpOnly; SameSite=Lax; Max-Age=${cookie.maxAgeSeconds}${secure}`;
}

/** The submission id the request's cookie grants, or null (absent, altered or expired). */
export function readSignedCookie(cookie: SignedCookie, request: Pick<Request, "headers">, now = Date.now()): string | null {
  const value = request.headers
    .get("cookie")
    ?.split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${cookie.name}=`));
  if (!value) return null;
  const [payload, signature] = value.slice(cookie.name.length + 1).split(".");
  if (!payload || !signature) return null;
  const expected = Buffer.from(sign(cookie, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const { sid, exp } = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { sid?: unknown; exp?: unknown };
    return typeof sid === "string" && typeof exp === "number" && exp > now ? sid : null;
  } catch {
    return null;
  }
}
