import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { Browser, useFreshApp } from "./support/app";
import { callRoute, enrollTwoFactor, makeStaff, PASSWORD, signUpPatient, type Actor } from "./support/actors";
import { createTestDatabase, type TestDatabase } from "./support/databases";
import { totpCode } from "../support/totp";

/**
 * Account protection: no "trusted device" skips the second factor, and a password change ends the
 * account's other sessions. On PostgreSQL too when TEST_DATABASE_URL is set.
 */
type Handler = (request: Request) => Promise<Response>;

let auth: { GET: Handler; POST: Handler };
let me: Handler;
let logout: Handler;

async function db() {
  return (await import("@/lib/db")).db();
}

async function signedIn(browser: Browser): Promise<boolean> {
  return ((await (await callRoute(browser, me, "/api/auth/me")).json()) as { isAuthenticated: boolean }).isAuthenticated;
}

function signIn(json: { email?: string; username?: string; password: string }, browser = new Browser()) {
  return callRoute(browser, auth.POST, json.username ? "/api/auth/sign-in/username" : "/api/auth/sign-in/email", { json });
}

const nextCode = (secret: string) => totpCode(secret, Date.now() + 30_000);

const SECRET = "test-secret-test-secret-test-secret-0123"; // useFreshApp's BETTER_AUTH_SECRET
const hmac = (value: string, encoding: "base64" | "base64url") => createHmac("sha256", SECRET).update(value).digest(encoding);

/**
 * The two-factor plugin's "trust this device" cookie and record, made as the plugin makes them (the
 * app's routes no longer let it): a signed `<hmac(userId!id)>!<id>` cookie and a verification row.
 */
async function giveTrustedDeviceCookie(browser: Browser, userId: string) {
  const identifier = `trust-device-${randomBytes(16).toString("hex")}`;
  await (await db()).verification.create({ data: { id: randomUUID(), identifier, value: userId, expiresAt: new Date(Date.now() + 86_400_000) } });
  const value = `${hmac(`${userId}!${identifier}`, "base64url")}!${identifier}`;
  const signed = encodeURIComponent(`${value}.${hmac(value, "base64")}`);
  browser.remember(new Response(null, { headers: { "set-cookie": `better-auth.trust_device=${signed}; Path=/` } }));
}

describe("account protection", () => {
  let postgres: TestDatabase | null = null;
  before(async () => {
    if (process.env.TEST_DATABASE_URL) postgres = await createTestDatabase("postgres");
    await useFreshApp({ databaseUrl: postgres?.url ?? null });
    auth = (await import("@/app/api/auth/[...all]/route")) as unknown as { GET: Handler; POST: Handler };
    me = (await import("@/app/api/auth/me/route")).GET as Handler;
    logout = (await import("@/app/api/auth/logout/route")).POST as Handler;
  });
  after(async () => {
    await (await db()).$disconnect();
    await postgres?.drop();
  });

  async function signOut(browser: Browser) {
    assert.equal((await callRoute(browser, logout, "/api/auth/logout", { json: {} })).status, 200);
  }

  async function verifyWithTrustDevice(actor: Actor, browser: Browser, endpoint: "verify-totp" | "verify-backup-code", code: string) {
    const challenge = await signIn({ email: actor.email, password: PASSWORD }, browser);
    assert.equal(((await challenge.json()) as { twoFactorRedirect?: boolean }).twoFactorRedirect, true);
    const verify = await callRoute(browser, auth.POST, `/api/auth/two-factor/${endpoint}`, { json: { code, trustDevice: true } });
    assert.equal(verify.status, 200, await verify.clone().text());
    assert.doesNotMatch(verify.headers.getSetCookie().join("\n"), /trust_device=[^;]/, "no trusted-device cookie is set");
    assert.equal(await signedIn(browser), true);
  }

  test("trustDevice is ignored: after sign-out, signing in again asks for the code (staff and patients)", async () => {
    const admin = await makeStaff(await signUpPatient(), "admin");
    const patient = await signUpPatient();
    const backupCodes = await enrollTwoFactor(patient);
    for (const [actor, endpoint, code] of [
      [admin, "verify-totp", nextCode(admin.totpSecret!)],
      [patient, "verify-backup-code", backupCodes[0]],
    ] as const) {
      const browser = new Browser();
      await verifyWithTrustDevice(actor, browser, endpoint, code);
      await signOut(browser);
      const again = await signIn({ email: actor.email, password: PASSWORD }, browser);
      assert.equal(again.status, 200);
      assert.equal(((await again.json()) as { twoFactorRedirect?: boolean }).twoFactorRedirect, true, `${endpoint}: the code is asked again`);
      assert.equal(await signedIn(browser), false);
    }
    assert.equal(await (await db()).verification.count({ where: { identifier: { startsWith: "trust-device-" } } }), 0, "no trusted-device record is kept");
  });

  test("a trusted-device cookie made before (by the library) is never honoured, and sign-out clears it", async () => {
    const patient = await signUpPatient();
    await enrollTwoFactor(patient);
    const browser = new Browser();
    await giveTrustedDeviceCookie(browser, patient.id);
    const again = await signIn({ email: patient.email, password: PASSWORD }, browser);
    assert.equal(((await again.json()) as { twoFactorRedirect?: boolean }).twoFactorRedirect, true, "an old trusted-device cookie skips nothing");
    assert.doesNotMatch(browser.cookieHeader(), /trust_device=/, "and sign-in expires it");

    const signedInBrowser = new Browser();
    assert.equal((await signIn({ email: patient.email, password: PASSWORD }, signedInBrowser)).status, 200);
    const verify = await callRoute(signedInBrowser, auth.POST, "/api/auth/two-factor/verify-totp", { json: { code: nextCode(patient.totpSecret!) } });
    assert.equal(verify.status, 200, await verify.clone().text());
    await giveTrustedDeviceCookie(signedInBrowser, patient.id);
    await signOut(signedInBrowser);
    assert.doesNotMatch(signedInBrowser.cookieHeader(), /trust_device=/, "sign-out clears the trusted-device cookie");
    assert.equal(await (await db()).verification.count({ where: { identifier: { startsWith: "trust-device-" } } }), 0, "and its record");
  });

  test("changing the password ends every other session of the account, whatever the client asks", async () => {
    const patient = await signUpPatient();
    const elsewhere = new Browser();
    assert.equal((await signIn({ email: patient.email, password: PASSWORD }, elsewhere)).status, 200);
    const change = await callRoute(patient.browser, auth.POST, "/api/auth/change-password", {
      json: { currentPassword: PASSWORD, newPassword: "mango river lantern 42", revokeOtherSessions: false },
    });
    assert.equal(change.status, 200, await change.clone().text());
    assert.equal(await signedIn(elsewhere), false, "the other session ended");
    assert.equal(await signedIn(patient.browser), true, "the one that changed it stays signed in");
    assert.equal(await (await db()).session.count({ where: { userId: patient.id } }), 1);
  });
});
