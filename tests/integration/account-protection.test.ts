import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Browser, useFreshApp } from "./support/app";
import { callRoute, enrollTwoFactor, makeStaff, PASSWORD, signUpPatient, type Actor } from "./support/actors";
import { createTestDatabase, type TestDatabase } from "./support/databases";
import { totpCode } from "../support/totp";

/**
 * Account protection: no "trusted device" skips the second factor, sign-up does not tell whether an
 * e-mail has an account, an account's password sign-in locks after 10 failures from any address, and
 * a password change ends the account's other sessions. On PostgreSQL too when TEST_DATABASE_URL is set.
 */
type Handler = (request: Request) => Promise<Response>;

let auth: { GET: Handler; POST: Handler };
let me: Handler;
let logout: Handler;
let dataDir: string;

async function db() {
  return (await import("@/lib/db")).db();
}

async function signedIn(browser: Browser): Promise<boolean> {
  return ((await (await callRoute(browser, me, "/api/auth/me")).json()) as { isAuthenticated: boolean }).isAuthenticated;
}

function signIn(json: { email?: string; username?: string; password: string }, browser = new Browser()) {
  return callRoute(browser, auth.POST, json.username ? "/api/auth/sign-in/username" : "/api/auth/sign-in/email", { json });
}

/** The e-mails in the outbox to `email`, decoded enough to search their text. */
function mailsTo(email: string): string[] {
  const outbox = path.join(dataDir, "outbox");
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .sort()
    .map((name) =>
      readFileSync(path.join(outbox, name), "utf8")
        .replace(/=\r?\n/g, "")
        .replace(/=3D/g, "="),
    )
    .filter((text) => text.includes(`To: ${email}`));
}

async function waitForMails(email: string, count: number): Promise<string[]> {
  for (let i = 0; i < 100 && mailsTo(email).length < count; i++) await new Promise((resolve) => setTimeout(resolve, 20));
  return mailsTo(email);
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
    dataDir = (await useFreshApp({ databaseUrl: postgres?.url ?? null })).dataDir;
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

  test("sign-up answers the same for a new and a taken e-mail, signs nobody in, and e-mails the owner", async () => {
    const owner = await signUpPatient();
    const attempt = (email: string, username: string) =>
      callRoute(new Browser(), auth.POST, "/api/auth/sign-up/email", { json: { name: "Someone", username, email, password: "a different long password" } });
    const fresh = await attempt(`fresh-${Date.now()}@example.com`, `fresh_${Date.now()}`);
    const taken = await attempt(owner.email, `taker_${Date.now()}`);
    assert.equal(taken.status, fresh.status);
    assert.equal(fresh.status, 200);
    const shape = (body: { token: unknown; user: Record<string, unknown> }) => ({ token: body.token, user: Object.keys(body.user).sort() });
    assert.deepEqual(shape(await taken.json()), shape(await fresh.json()));
    for (const response of [fresh, taken]) assert.doesNotMatch(response.headers.getSetCookie().join("\n"), /session_token=[^;]/, "no session either way");
    const mails = await waitForMails(owner.email, 1);
    assert.equal(mails.length, 1, "the owner is told someone tried");
    assert.match(mails[0], /Subject: Someone tried to create an AfyaBridge account with your e-mail/);
    assert.match(mails[0], /\/simple-login\.html/);
    assert.match(mails[0], /\/reset-password/);
    // Greeted plainly, the account's name quoted as data on its own line (never a sentence's start).
    assert.match(mails[0], /^Hello,\r?$/m);
    assert.match(mails[0], new RegExp(`^Account name: ${owner.name}\\r?$`, "m"));
    assert.equal(await (await db()).user.count({ where: { email: owner.email } }), 1);
  });

  test("the username check is not reachable over HTTP", async () => {
    const response = await callRoute(new Browser(), auth.POST, "/api/auth/is-username-available", { json: { username: "someone" } });
    assert.equal(response.status, 404);
  });

  test("10 failed sign-ins from any addresses lock the account's password sign-in, audited, the owner e-mailed once", async () => {
    const patient = await signUpPatient();
    const username = (await (await db()).user.findUniqueOrThrow({ where: { id: patient.id } })).username!;
    for (let i = 0; i < 10; i++) {
      const wrong = await signIn(i % 2 ? { email: patient.email, password: "wrong password 1" } : { username, password: "wrong password 1" });
      assert.equal(wrong.status, 401, `failure ${i + 1}`);
    }
    for (const json of [
      { email: patient.email, password: PASSWORD },
      { username, password: PASSWORD },
      { email: patient.email, password: "wrong again 22" },
    ]) {
      const browser = new Browser();
      const locked = await signIn(json, browser);
      assert.equal(locked.status, 429, JSON.stringify(json));
      const body = (await locked.json()) as { error: string; code: string };
      assert.equal(body.code, "ACCOUNT_SIGN_IN_LOCKED");
      assert.ok(Number(locked.headers.get("retry-after")) > 0);
      assert.equal(await signedIn(browser), false);
    }
    assert.equal(await signedIn(patient.browser), true, "sessions already open stay open");
    assert.equal(await (await db()).auditEvent.count({ where: { action: "auth.sign_in_locked", entityId: patient.id } }), 1);
    const mails = await waitForMails(patient.email, 1);
    assert.equal(mails.length, 1, "one e-mail per lock");
    assert.match(mails[0], /Subject: Password sign-in to your AfyaBridge account is paused/);
    assert.match(mails[0], /There were 10 failed attempts/);

    // The lock ends after its time; the right password then works and starts the count again.
    await (await db()).$executeRawUnsafe(`UPDATE "PasswordSignInLock" SET "lockedUntil" = now() - interval '1 second'`);
    assert.equal((await signIn({ email: patient.email, password: PASSWORD })).status, 200);
    for (let i = 0; i < 9; i++) assert.equal((await signIn({ email: patient.email, password: "wrong password 1" })).status, 401);
    assert.equal((await signIn({ email: patient.email, password: PASSWORD })).status, 200, "a success resets the count");
  });

  test("a password reset by e-mail ends the lock (the owner's way back in)", async () => {
    const patient = await signUpPatient();
    for (let i = 0; i < 10; i++) await signIn({ email: patient.email, password: "wrong password 1" });
    assert.equal((await signIn({ email: patient.email, password: PASSWORD })).status, 429);
    const mailsBefore = (await waitForMails(patient.email, 1)).length;
    assert.equal(
      (
        await callRoute(new Browser(), auth.POST, "/api/auth/request-password-reset", {
          json: { email: patient.email, redirectTo: "http://localhost:3000/reset-password" },
        })
      ).status,
      200,
    );
    const mails = await waitForMails(patient.email, mailsBefore + 1);
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mails.at(-1) ?? "")?.[1];
    assert.ok(token, "the reset e-mail came");
    assert.equal(
      (await callRoute(new Browser(), auth.POST, "/api/auth/reset-password", { json: { token, newPassword: "mango river lantern 42" } })).status,
      200,
    );
    assert.equal((await signIn({ email: patient.email, password: "mango river lantern 42" })).status, 200);
  });

  test("an unknown e-mail locks the same way, so the lock tells nothing about who has an account", async () => {
    const email = `nobody-${Date.now()}@example.com`;
    for (let i = 0; i < 10; i++) assert.equal((await signIn({ email, password: "wrong password 1" })).status, 401);
    const locked = await signIn({ email, password: "wrong password 1" });
    assert.equal(locked.status, 429);
    assert.equal(((await locked.json()) as { code: string }).code, "ACCOUNT_SIGN_IN_LOCKED");
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
