import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { APP_URL, Browser, useFreshApp } from "./support/app";
import { callRoute, PASSWORD, signUpPartner, signUpPatient, type Actor } from "./support/actors";

type Handler = (request: Request, context?: { params: Promise<Record<string, string>> }) => Promise<Response>;

let dataDir: string;
let auth: { GET: Handler; POST: Handler };
let me: Handler;
let sessions: { GET: Handler; DELETE: Handler };
let oneSession: { DELETE: Handler };

const NEW_PASSWORD = "mango river lantern 42";

async function db() {
  return (await import("@/lib/db")).db();
}

async function signedIn(browser: Browser): Promise<boolean> {
  const body = (await (await callRoute(browser, me, "/api/auth/me")).json()) as { isAuthenticated: boolean };
  return body.isAuthenticated;
}

async function signIn(email: string, password: string, browser = new Browser()) {
  return { browser, response: await callRoute(browser, auth.POST, "/api/auth/sign-in/email", { json: { email, password } }) };
}

async function passwordHash(userId: string) {
  return (await (await db()).account.findFirstOrThrow({ where: { userId, providerId: "credential" } })).password;
}

/** The newest reset e-mail to `email`, waiting a little: it is sent after the answer. */
async function waitForResetMail(email: string) {
  for (let i = 0; i < 100; i++) {
    const mail = resetMail(email);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return null;
}

/** The token of the newest reset link e-mailed to `email` (quoted-printable decoded). */
function resetMail(email: string): { token: string; link: string; text: string } | null {
  const outbox = path.join(dataDir, "outbox");
  const mails = existsSync(outbox)
    ? readdirSync(outbox)
        .sort()
        .map((name) => readFileSync(path.join(outbox, name), "utf8"))
    : [];
  for (const mail of mails.reverse()) {
    const text = mail.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    if (!text.includes(`To: ${email}`)) continue;
    const match = /(https?:\/\/\S+\/reset-password\?token=([A-Za-z0-9_-]+))/.exec(text);
    if (match) return { link: match[1], token: match[2], text };
  }
  return null;
}

function requestReset(browser: Browser, email: string, page = `${APP_URL}/reset-password`) {
  return callRoute(browser, auth.POST, "/api/auth/request-password-reset", { json: { email, redirectTo: page } });
}

describe("account security", () => {
  before(async () => {
    ({ dataDir } = await useFreshApp());
    auth = await import("@/app/api/auth/[...all]/route");
    me = (await import("@/app/api/auth/me/route")).GET;
    sessions = await import("@/app/api/account/sessions/route");
    oneSession = await import("@/app/api/account/sessions/[id]/route");
  });
  after(async () => {
    await (await db()).$disconnect();
  });

  test("sign-up refuses very common passwords and passwords made of the account's details", async () => {
    for (const password of ["password1234", "P@ssw0rd2024!", "qwertyuiop", "1234567890", "aaaaaaaaaaaa", "iloveyou123", "chidinma.okafor"]) {
      const email = "chidinma.okafor@example.com";
      const response = await callRoute(new Browser(), auth.POST, "/api/auth/sign-up/email", {
        json: { name: "Chidinma Okafor", username: "chidinma", email, password },
      });
      assert.equal(response.status, 400, password);
      assert.deepEqual(
        await response.json(),
        { error: "This password is too common. Please choose another.", code: "PASSWORD_TOO_COMMON", field: "password" },
        password,
      );
      assert.equal(await (await db()).user.count({ where: { email } }), 0, password);
    }
  });

  test("password change: common password refused, wrong current refused, a good one works", async () => {
    const patient = await signUpPatient();
    const before = await passwordHash(patient.id);
    const change = (json: object) => callRoute(patient.browser, auth.POST, "/api/auth/change-password", { json });
    const common = await change({ currentPassword: PASSWORD, newPassword: "sunshine2025!" });
    assert.equal(common.status, 400);
    assert.equal(((await common.json()) as { code: string }).code, "PASSWORD_TOO_COMMON");
    assert.equal((await change({ currentPassword: "not my password", newPassword: NEW_PASSWORD })).status, 400);
    assert.equal(await passwordHash(patient.id), before, "a refused change leaves the password");

    const elsewhere = (await signIn(patient.email, PASSWORD)).browser;
    const ok = await change({ currentPassword: PASSWORD, newPassword: NEW_PASSWORD, revokeOtherSessions: true });
    assert.equal(ok.status, 200, await ok.clone().text());
    assert.equal(await signedIn(elsewhere), false, "other sessions end with the change");
    assert.equal((await signIn(patient.email, NEW_PASSWORD)).response.status, 200);
    assert.equal((await signIn(patient.email, PASSWORD)).response.status, 401);
  });

  test("reset by e-mail: localized link, common password refused, token works once, every session ends", async () => {
    const patient = await signUpPatient();
    const other = (await signIn(patient.email, PASSWORD)).browser;
    const response = await requestReset(new Browser(), patient.email, `${APP_URL}/fr/reset-password`);
    assert.equal(response.status, 200);
    const mail = await waitForResetMail(patient.email);
    assert.ok(mail, "the reset e-mail is in the outbox");
    assert.ok(mail.link.startsWith(`${APP_URL}/fr/reset-password?token=`), mail.link);
    assert.ok(mail.text.includes("Content-Type: text/plain"));

    const reset = (newPassword: string, token = mail.token) =>
      callRoute(new Browser(), auth.POST, "/api/auth/reset-password", { json: { token, newPassword } });
    const before = await passwordHash(patient.id);
    const common = await reset("letmein12345");
    assert.equal(common.status, 400);
    assert.equal(((await common.json()) as { code: string }).code, "PASSWORD_TOO_COMMON");
    const personal = await reset(`${patient.email.split("@")[0]}!!`);
    assert.equal(personal.status, 400, "the e-mail's name part is refused");
    assert.equal((await reset("short")).status, 400);
    assert.equal((await reset(NEW_PASSWORD, "not-a-real-token")).status, 400);
    assert.equal(await passwordHash(patient.id), before);
    assert.equal(await signedIn(patient.browser), true, "refused resets end no session");

    assert.equal((await reset(NEW_PASSWORD)).status, 200);
    assert.equal(await signedIn(patient.browser), false);
    assert.equal(await signedIn(other), false);
    assert.equal(await (await db()).session.count({ where: { userId: patient.id } }), 0);
    assert.equal(await (await db()).auditEvent.count({ where: { action: "auth.password_reset", entityId: patient.id } }), 1);
    assert.equal((await reset("another fine password 7")).status, 400, "the token works once");
    assert.equal((await signIn(patient.email, NEW_PASSWORD)).response.status, 200);
    assert.equal((await signIn(patient.email, PASSWORD)).response.status, 401);
  });

  test("a reset request for an unknown e-mail answers exactly the same and sends nothing", async () => {
    const patient = await signUpPatient();
    const known = await requestReset(new Browser(), patient.email);
    const unknown = await requestReset(new Browser(), "nobody-here@example.com");
    assert.equal(known.status, 200);
    assert.equal(unknown.status, known.status);
    assert.deepEqual(await unknown.json(), await known.json());
    assert.ok(await waitForResetMail(patient.email));
    assert.equal(resetMail("nobody-here@example.com"), null);
  });

  test("a reset link with a forged token kilobytes long is a 404, not a 500 (the rate limiter keys a row by the path)", async () => {
    const token = encodeURIComponent("🏥".repeat(150));
    const response = await auth.GET(new Browser().request(`/api/auth/reset-password/${token}?callbackURL=${encodeURIComponent("/reset-password")}`));
    assert.equal(response.status, 404);
    assert.equal(((await response.json()) as { code: string }).code, "not_found");
  });

  test("reset requests, resets and password changes are rate limited with Retry-After", async () => {
    const browser = new Browser();
    const statuses: number[] = [];
    let limited: Response | undefined;
    for (let i = 0; i < 8; i++) {
      const response = await requestReset(browser, `flood${i}@example.com`);
      statuses.push(response.status);
      if (response.status === 429) limited = response;
    }
    assert.ok(limited, `expected a 429 among ${statuses.join(",")}`);
    assert.ok(Number(limited.headers.get("retry-after")) > 0);
    assert.equal(typeof ((await limited.json()) as { error: string }).error, "string");

    const guesser = new Browser();
    const resets: number[] = [];
    for (let i = 0; i < 12; i++)
      resets.push((await callRoute(guesser, auth.POST, "/api/auth/reset-password", { json: { token: `guess${i}`, newPassword: NEW_PASSWORD } })).status);
    assert.ok(resets.includes(429), resets.join(","));

    const patient = await signUpPatient();
    const changes: number[] = [];
    for (let i = 0; i < 12; i++)
      changes.push(
        (await callRoute(patient.browser, auth.POST, "/api/auth/change-password", { json: { currentPassword: `wrong ${i}`, newPassword: NEW_PASSWORD } }))
          .status,
      );
    assert.ok(changes.includes(429), changes.join(","));
  });

  test("a user lists their own sessions and ends one or all others; never another user's", async () => {
    const patient = await signUpPatient();
    const laptop = new Browser();
    await callRoute(laptop, auth.POST, "/api/auth/sign-in/email", { json: { email: patient.email, password: PASSWORD } });
    const phone = new Browser();
    await callRoute(phone, auth.POST, "/api/auth/sign-in/email", { json: { email: patient.email, password: PASSWORD } });
    const stranger = await signUpPatient();

    const list = async (actor: Actor | Browser) => {
      const response = await callRoute(actor instanceof Browser ? actor : actor.browser, sessions.GET, "/api/account/sessions");
      assert.equal(response.status, 200);
      return (
        (await response.json()) as {
          sessions: {
            id: string;
            current: boolean;
            device: string | null;
            address: { kind: string; text?: string } | null;
            lastActiveAt: string;
            createdAt: string;
          }[];
        }
      ).sessions;
    };
    const mine = await list(patient);
    assert.equal(mine.length, 3);
    assert.equal(mine.filter((s) => s.current).length, 1);
    assert.ok(mine.every((s) => !("token" in s) && !Number.isNaN(Date.parse(s.lastActiveAt)) && !Number.isNaN(Date.parse(s.createdAt))));
    const strangers = await list(stranger);
    assert.equal(strangers.length, 1);

    const revoke = (browser: Browser, id: string) => callRoute(browser, oneSession.DELETE, `/api/account/sessions/${id}`, { method: "DELETE", params: { id } });
    const foreign = await revoke(patient.browser, strangers[0].id);
    assert.equal(foreign.status, 404);
    assert.equal(typeof ((await foreign.json()) as { error: string }).error, "string");
    assert.equal(await signedIn(stranger.browser), true, "another user's session is untouched");
    for (const bad of ["not-a-uuid", "../../etc/passwd", "%00", crypto.randomUUID()]) assert.equal((await revoke(patient.browser, bad)).status, 404, bad);
    assert.equal((await callRoute(new Browser(), sessions.GET, "/api/account/sessions")).status, 401);

    const phoneSession = (await list(phone)).find((s) => s.current)!;
    assert.equal((await revoke(patient.browser, phoneSession.id)).status, 200);
    assert.equal(await signedIn(phone), false);
    assert.equal(await signedIn(laptop), true);

    const all = await callRoute(patient.browser, sessions.DELETE, "/api/account/sessions", { method: "DELETE" });
    assert.equal(all.status, 200);
    assert.deepEqual(await all.json(), { revoked: 1 });
    assert.equal(await signedIn(laptop), false);
    assert.equal(await signedIn(patient.browser), true, "this device stays signed in");
    assert.equal(await signedIn(stranger.browser), true);
    assert.equal((await list(patient)).length, 1);
  });

  test("the session list shows a readable address: 'this computer' for loopback, IPv4-mapped IPv6 as IPv4", async () => {
    const patient = await signUpPatient();
    const signInFrom = async (ip: string) =>
      callRoute(new Browser(ip), auth.POST, "/api/auth/sign-in/email", { json: { email: patient.email, password: PASSWORD } });
    for (const ip of ["::1", "::ffff:203.0.113.5", "2001:0db8:0000:0000:0000:0000:0000:0007"]) assert.equal((await signInFrom(ip)).status, 200, ip);
    const response = await callRoute(patient.browser, sessions.GET, "/api/account/sessions");
    const { sessions: listed } = (await response.json()) as { sessions: { current: boolean; address: { kind: string; text?: string } | null }[] };
    const others = listed.filter((session) => !session.current).map((session) => session.address);
    assert.deepEqual(
      others.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
      // IPv6 is stored as its /64 network (the sign-in library's rate-limit key).
      [{ kind: "address", text: "2001:db8::" }, { kind: "address", text: "203.0.113.5" }, { kind: "loopback" }],
    );
  });

  test("staff sessions end after 30 minutes idle; recent staff activity and patients are not affected", async () => {
    const { db: database } = await import("@/lib/db");
    // As if the last request (which refreshed the session) was `minutes` ago: both dates move back.
    const idleFor = async (userId: string, minutes: number) => {
      const last = Date.now() - minutes * 60_000;
      await database().session.updateMany({ where: { userId }, data: { updatedAt: new Date(last), expiresAt: new Date(last + 7 * 24 * 3600_000) } });
    };
    const partner = await signUpPartner("medipol-mega");
    await idleFor(partner.id, 20);
    assert.equal(await signedIn(partner.browser), true, "20 minutes idle is fine");
    const refreshed = await database().session.findFirstOrThrow({ where: { userId: partner.id } });
    assert.ok(Date.now() - refreshed.updatedAt.getTime() < 60_000, "activity moves the last-active time forward");

    await idleFor(partner.id, 31);
    assert.equal(await signedIn(partner.browser), false, "31 minutes idle signs staff out");
    assert.equal(await database().session.count({ where: { userId: partner.id } }), 0, "the idle session is deleted");

    // Better Auth's own endpoints do not revive an idle staff session either.
    const other = await signUpPartner("memorial-sisli");
    await idleFor(other.id, 31);
    const getSession = await callRoute(other.browser, auth.GET, "/api/auth/get-session");
    assert.equal(await getSession.text(), "null");
    assert.equal(await database().session.count({ where: { userId: other.id } }), 0);
    const third = await signUpPartner("medipol-mega");
    await idleFor(third.id, 40);
    const change = await callRoute(third.browser, auth.POST, "/api/auth/change-password", { json: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD } });
    assert.equal(change.status, 401);
    assert.equal(await database().session.count({ where: { userId: third.id } }), 0);

    const admin = await signUpPatient();
    await database().user.update({ where: { id: admin.id }, data: { role: "admin" } });
    await idleFor(admin.id, 45);
    assert.equal(await signedIn(admin.browser), false);

    const patient = await signUpPatient();
    await idleFor(patient.id, 24 * 60);
    assert.equal(await signedIn(patient.browser), true, "patients keep their session");
  });
});
