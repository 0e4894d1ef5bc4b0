import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Browser, useFreshApp } from "./support/app";
import { callRoute, enrollTwoFactor, makeStaff, PASSWORD, signUpPatient, type Actor } from "./support/actors";
import { secretFromTotpUri, totpCode } from "../support/totp";

/**
 * Issue 7: two-factor authentication (TOTP) through the real auth routes. Staff must have it: until they
 * set it up, staff routes answer 403 saying so and they are treated as patients everywhere else.
 */
type Handler = (request: Request, context?: { params: Promise<Record<string, string>> }) => Promise<Response>;

let auth: Handler;
let me: Handler;

async function db() {
  return (await import("@/lib/db")).db();
}

async function whoAmI(browser: Browser) {
  return (await (await callRoute(browser, me, "/api/auth/me")).json()) as {
    isAuthenticated: boolean;
    user: { role: string } | null;
    twoFactorSetupRequired?: boolean;
  };
}

/** A sign-in that stops at the second factor: no session yet, only the short-lived challenge cookie. */
async function signInToChallenge(email: string): Promise<Browser> {
  const browser = new Browser();
  const response = await callRoute(browser, auth, "/api/auth/sign-in/email", { json: { email, password: PASSWORD } });
  assert.equal(response.status, 200, await response.clone().text());
  assert.deepEqual(await response.json(), { twoFactorRedirect: true, twoFactorMethods: ["totp"] });
  assert.equal((await whoAmI(browser)).isAuthenticated, false, "no session before the code");
  return browser;
}

/** A code far from now: wrong whatever the clock's drift. */
const codeFromAnotherStep = (secret: string) => totpCode(secret, Date.now() + 60_000 * 5);
/**
 * The next step's code: accepted now (one step of drift is allowed) and not the one the set-up just
 * used, since a code works only once.
 */
const nextCode = (secret: string) => totpCode(secret, Date.now() + 30_000);

describe("two-factor authentication", () => {
  before(async () => {
    await useFreshApp();
    auth = (await import("@/app/api/auth/[...all]/route")).POST as Handler;
    me = (await import("@/app/api/auth/me/route")).GET as Handler;
  });
  after(async () => (await db()).$disconnect());

  test("set-up needs the password and a code from the authenticator app; the link names AfyaBridge", async () => {
    const patient = await signUpPatient();
    const wrong = await callRoute(patient.browser, auth, "/api/auth/two-factor/enable", { json: { password: "not my password" } });
    assert.equal(wrong.status, 400);
    assert.equal(typeof ((await wrong.json()) as { error: unknown }).error, "string");

    const enable = await callRoute(patient.browser, auth, "/api/auth/two-factor/enable", { json: { password: PASSWORD } });
    assert.equal(enable.status, 200);
    const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] };
    const uri = new URL(totpURI);
    assert.equal(uri.searchParams.get("issuer"), "AfyaBridge");
    assert.ok(decodeURIComponent(uri.pathname).includes(patient.email));
    assert.equal(backupCodes.length, 10);
    assert.equal(
      (await (await db()).user.findUniqueOrThrow({ where: { id: patient.id } })).twoFactorEnabled,
      false,
      "not on before a code proves the app has the secret",
    );
    const stored = await (await db()).twoFactor.findFirstOrThrow({ where: { userId: patient.id } });
    assert.ok(!stored.secret.includes(secretFromTotpUri(totpURI)), "the secret is stored encrypted");

    const badCode = await callRoute(patient.browser, auth, "/api/auth/two-factor/verify-totp", {
      json: { code: "000000" === totpCode(secretFromTotpUri(totpURI)) ? "111111" : "000000" },
    });
    assert.equal(badCode.status, 401);
    const good = await callRoute(patient.browser, auth, "/api/auth/two-factor/verify-totp", { json: { code: totpCode(secretFromTotpUri(totpURI)) } });
    assert.equal(good.status, 200, await good.clone().text());
    assert.equal((await (await db()).user.findUniqueOrThrow({ where: { id: patient.id } })).twoFactorEnabled, true);
    assert.equal((await whoAmI(patient.browser)).isAuthenticated, true, "the set-up keeps the person signed in");
  });

  test("turning it on ends every other session of the account (opened with the password alone) and is audited; so is turning it off", async () => {
    const patient = await signUpPatient();
    const elsewhere = new Browser();
    assert.equal((await callRoute(elsewhere, auth, "/api/auth/sign-in/email", { json: { email: patient.email, password: PASSWORD } })).status, 200);
    assert.equal((await whoAmI(elsewhere)).isAuthenticated, true);

    await enrollTwoFactor(patient);
    assert.equal((await whoAmI(elsewhere)).isAuthenticated, false, "the other session ended");
    assert.equal((await whoAmI(patient.browser)).isAuthenticated, true, "the session that set it up goes on");
    assert.equal(await (await db()).session.count({ where: { userId: patient.id } }), 1);
    const enabled = await (await db()).auditEvent.findFirstOrThrow({ where: { action: "auth.two_factor_enabled", entityId: patient.id } });
    assert.deepEqual([enabled.actorId, enabled.metadata], [patient.id, { otherSessionsEnded: 1 }]);

    assert.equal((await callRoute(patient.browser, auth, "/api/auth/two-factor/disable", { json: { password: PASSWORD } })).status, 200);
    assert.equal(await (await db()).auditEvent.count({ where: { action: "auth.two_factor_disabled", entityId: patient.id } }), 1);
  });

  test("sign-in then asks for the code: a wrong one is refused, the right one opens a session", async () => {
    const patient = await signUpPatient();
    await enrollTwoFactor(patient);
    const browser = await signInToChallenge(patient.email);
    const wrong = await callRoute(browser, auth, "/api/auth/two-factor/verify-totp", { json: { code: codeFromAnotherStep(patient.totpSecret!) } });
    assert.equal(wrong.status, 401);
    assert.equal((await whoAmI(browser)).isAuthenticated, false);
    const right = await callRoute(browser, auth, "/api/auth/two-factor/verify-totp", { json: { code: nextCode(patient.totpSecret!) } });
    assert.equal(right.status, 200, await right.clone().text());
    assert.equal((await whoAmI(browser)).isAuthenticated, true);
  });

  test("a code works once: the set-up's code cannot sign in again, and a wrong code does not use one up", async () => {
    const patient = await signUpPatient();
    await enrollTwoFactor(patient);
    const browser = await signInToChallenge(patient.email);
    const replayed = await callRoute(browser, auth, "/api/auth/two-factor/verify-totp", { json: { code: patient.totpSetUpCode } });
    assert.equal(replayed.status, 401);
    assert.equal((await whoAmI(browser)).isAuthenticated, false);

    const wrong = codeFromAnotherStep(patient.totpSecret!);
    assert.equal((await callRoute(browser, auth, "/api/auth/two-factor/verify-totp", { json: { code: wrong } })).status, 401);
    assert.equal(await (await db()).usedTotpCode.count({ where: { userId: patient.id, code: wrong } }), 0, "a refused code is not kept as used");

    const fresh = nextCode(patient.totpSecret!);
    assert.equal((await callRoute(browser, auth, "/api/auth/two-factor/verify-totp", { json: { code: fresh } })).status, 200);
    assert.equal((await whoAmI(browser)).isAuthenticated, true);
    const again = await signInToChallenge(patient.email);
    assert.equal(
      (await callRoute(again, auth, "/api/auth/two-factor/verify-totp", { json: { code: fresh } })).status,
      401,
      "the same code cannot open a second session",
    );
  });

  test("a code cannot be guessed: five wrong codes end the sign-in attempt", async () => {
    const patient = await signUpPatient();
    await enrollTwoFactor(patient);
    const browser = await signInToChallenge(patient.email);
    for (let i = 0; i < 5; i++) {
      const response = await callRoute(browser, auth, "/api/auth/two-factor/verify-totp", { json: { code: codeFromAnotherStep(patient.totpSecret!) } });
      assert.equal(response.status, 401);
    }
    const afterLimit = await callRoute(browser, auth, "/api/auth/two-factor/verify-totp", { json: { code: nextCode(patient.totpSecret!) } });
    assert.ok([400, 401].includes(afterLimit.status), `even the right code is refused now (${afterLimit.status})`);
    assert.equal((await whoAmI(browser)).isAuthenticated, false);
  });

  test("a backup code works once, instead of the app", async () => {
    const patient = await signUpPatient();
    const [backupCode] = await enrollTwoFactor(patient);
    const first = await signInToChallenge(patient.email);
    const used = await callRoute(first, auth, "/api/auth/two-factor/verify-backup-code", { json: { code: backupCode } });
    assert.equal(used.status, 200, await used.clone().text());
    assert.equal((await whoAmI(first)).isAuthenticated, true);
    const second = await signInToChallenge(patient.email);
    const reused = await callRoute(second, auth, "/api/auth/two-factor/verify-backup-code", { json: { code: backupCode } });
    assert.equal(reused.status, 401);
    assert.equal((await whoAmI(second)).isAuthenticated, false);
  });

  test("new backup codes replace the old ones; nobody can read anyone's codes over HTTP", async () => {
    const partner = await signUpPatient();
    const [old] = await enrollTwoFactor(partner);
    await (await db()).user.update({ where: { id: partner.id }, data: { role: "partner", hospitalId: "medipol-mega" } });
    const renewed = await callRoute(partner.browser, auth, "/api/auth/two-factor/generate-backup-codes", { json: { password: PASSWORD } });
    assert.equal(renewed.status, 200);
    const { backupCodes } = (await renewed.json()) as { backupCodes: string[] };
    assert.equal(backupCodes.length, 10);
    assert.ok(!backupCodes.includes(old));

    const first = await signInToChallenge(partner.email);
    assert.equal((await callRoute(first, auth, "/api/auth/two-factor/verify-backup-code", { json: { code: old } })).status, 401, "an old code no longer works");
    assert.equal((await callRoute(first, auth, "/api/auth/two-factor/verify-backup-code", { json: { code: backupCodes[0] } })).status, 200);

    const viewed = await callRoute(partner.browser, auth, "/api/auth/two-factor/view-backup-codes", { json: { userId: partner.id } });
    assert.equal(viewed.status, 404, "the library's view of stored codes is for the server only");
  });

  test("patients may turn it off with their password; staff may not", async () => {
    const patient = await signUpPatient();
    await enrollTwoFactor(patient);
    assert.equal((await callRoute(patient.browser, auth, "/api/auth/two-factor/disable", { json: { password: PASSWORD } })).status, 200);
    assert.equal((await (await db()).user.findUniqueOrThrow({ where: { id: patient.id } })).twoFactorEnabled, false);

    const partner = await makeStaff(await signUpPatient(), "partner", "medipol-mega");
    const refused = await callRoute(partner.browser, auth, "/api/auth/two-factor/disable", { json: { password: PASSWORD } });
    assert.equal(refused.status, 403);
    assert.match(((await refused.json()) as { error: string }).error, /required for staff/);
    assert.equal((await (await db()).user.findUniqueOrThrow({ where: { id: partner.id } })).twoFactorEnabled, true);
  });

  test("an admin without two-factor is refused admin work until it is set up, then works", async () => {
    const admin: Actor = await signUpPatient();
    await (await db()).user.update({ where: { id: admin.id }, data: { role: "admin" } });
    const list = (await import("@/app/api/admin/all-submissions/route")).GET as Handler;
    const unlock = (await import("@/app/api/admin/unlock/route")).POST as Handler;

    const before = await whoAmI(admin.browser);
    assert.deepEqual([before.user?.role, before.twoFactorSetupRequired], ["patient", true]);
    const refused = await callRoute(admin.browser, list, "/api/admin/all-submissions");
    assert.equal(refused.status, 403);
    assert.match(((await refused.json()) as { error: string }).error, /two-factor authentication is required/i);
    const wrongPassword = await callRoute(admin.browser, unlock, "/api/admin/unlock", { json: { password: "not it" } });
    assert.deepEqual([wrongPassword.status, ((await wrongPassword.json()) as { error: string }).error], [400, "Incorrect password. Please try again."]);
    const rightPassword = await callRoute(admin.browser, unlock, "/api/admin/unlock", { json: { password: PASSWORD } });
    assert.equal(rightPassword.status, 403, "the gate does not open without two-factor");

    await enrollTwoFactor(admin);
    const after = await whoAmI(admin.browser);
    assert.deepEqual([after.user?.role, after.twoFactorSetupRequired], ["admin", false]);
    assert.equal((await callRoute(admin.browser, unlock, "/api/admin/unlock", { json: { password: PASSWORD } })).status, 200);
    assert.equal((await callRoute(admin.browser, list, "/api/admin/all-submissions")).status, 200);

    // A new sign-in of the admin needs the code too.
    const browser = await signInToChallenge(admin.email);
    assert.equal((await callRoute(browser, auth, "/api/auth/two-factor/verify-totp", { json: { code: nextCode(admin.totpSecret!) } })).status, 200);
    assert.equal((await whoAmI(browser)).user?.role, "admin");
  });

  test("the auth library's own admin endpoints are not reachable over HTTP, even for an admin", async () => {
    const admin = await makeStaff(await signUpPatient(), "admin");
    const getHandler = (await import("@/app/api/auth/[...all]/route")).GET as Handler;
    const listed = await callRoute(admin.browser, getHandler, "/api/auth/admin/list-users");
    assert.equal(listed.status, 404);
    const promoted = await callRoute(admin.browser, auth, "/api/auth/admin/set-role", { json: { userId: admin.id, role: "admin" } });
    assert.equal(promoted.status, 404);
  });
});
