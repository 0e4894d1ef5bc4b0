import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Browser, useFreshApp } from "./support/app";
import { callRoute, enrollTwoFactor, makeStaff, signUpAdmin, signUpPartner, signUpPatient, type Actor } from "./support/actors";

type Handler = (request: Request, context?: { params: Promise<Record<string, string>> }) => Promise<Response>;
const routes: Record<string, Handler> = {};
let dataDir: string;

/** The token of the invitation link in the newest e-mail to `email` (quoted-printable decoded), other than `except`. */
async function invitationToken(email: string, except?: string): Promise<string> {
  const outbox = path.join(dataDir, "outbox");
  for (let i = 0; i < 50; i++) {
    const mails = existsSync(outbox)
      ? readdirSync(outbox)
          .sort()
          .map((name) => readFileSync(path.join(outbox, name), "utf8"))
      : [];
    const mail = mails.filter((text) => text.includes(`To: ${email}`)).pop();
    if (mail) {
      const decoded = mail.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
      const match = /\/partner\/invite\?token=([A-Za-z0-9_-]{43})/.exec(decoded);
      assert.ok(match, decoded);
      if (match[1] !== except) return match[1];
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no invitation e-mail to ${email}`);
}

async function invite(admin: Actor, body: Record<string, unknown>) {
  return callRoute(admin.browser, routes.invite, "/api/admin/partners", { json: body });
}

async function accept(browser: Browser, body: Record<string, unknown>) {
  return callRoute(browser, routes.accept, "/api/partner/invitations/accept", { json: body });
}

const db = async () => (await import("@/lib/db")).db();

describe("partner invitations", () => {
  let admin: Actor;

  before(async () => {
    ({ dataDir } = await useFreshApp());
    routes.invite = (await import("@/app/api/admin/partners/route")).POST;
    routes.list = (await import("@/app/api/admin/partners/route")).GET;
    routes.accept = (await import("@/app/api/partner/invitations/accept/route")).POST;
    routes.me = (await import("@/app/api/auth/me/route")).GET;
    admin = await signUpAdmin();
  });
  after(async () => (await db()).$disconnect());

  test("an admin invites; the invitee accepts, becomes a partner of that hospital and is signed in", async () => {
    const response = await invite(admin, { name: "Dr Ayşe Kaya", email: "Ayse.Kaya@Example.com", hospitalId: "medipol-mega" });
    assert.equal(response.status, 201, await response.clone().text());
    const { invitation } = (await response.json()) as { invitation: { id: string; hospitalName: string; email: string } };
    assert.equal(invitation.email, "ayse.kaya@example.com");

    const stored = await (await db()).partnerInvitation.findUniqueOrThrow({ where: { id: invitation.id } });
    const token = await invitationToken("ayse.kaya@example.com");
    assert.notEqual(stored.tokenHash, token, "only the hash is stored");
    assert.equal(stored.tokenHash.length, 64);
    assert.ok(stored.expiresAt.getTime() - Date.now() > 6.9 * 24 * 3600 * 1000);
    assert.ok(await (await db()).auditEvent.findFirst({ where: { action: "partner.invite", entityId: invitation.id } }));

    const listed = (await (await callRoute(admin.browser, routes.list, "/api/admin/partners", { method: "GET" })).json()) as {
      invitations: { email: string; hospitalName: string }[];
    };
    assert.ok(listed.invitations.some((i) => i.email === "ayse.kaya@example.com" && i.hospitalName === invitation.hospitalName));

    const browser = new Browser();
    // The name and e-mail come from the invitation, whatever the request says.
    const accepted = await accept(browser, { token, username: "ayse.kaya", password: "a long enough password", name: "Mallory", email: "mallory@example.com" });
    assert.equal(accepted.status, 201, await accepted.clone().text());
    const user = await (await db()).user.findUniqueOrThrow({ where: { email: "ayse.kaya@example.com" } });
    assert.equal(user.role, "partner");
    assert.equal(user.hospitalId, "medipol-mega");
    assert.equal(user.name, "Dr Ayşe Kaya");
    assert.equal(await (await db()).user.count({ where: { email: "mallory@example.com" } }), 0);
    const after = await (await db()).partnerInvitation.findUniqueOrThrow({ where: { id: invitation.id } });
    assert.ok(after.acceptedAt);
    assert.equal(after.acceptedUserId, user.id);
    assert.ok(await (await db()).auditEvent.findFirst({ where: { action: "partner.invitation_accept", entityId: invitation.id, actorId: user.id } }));

    // Signed in, but a partner only once two-factor authentication is set up.
    const me = async () =>
      (await (await callRoute(browser, routes.me, "/api/auth/me", { method: "GET" })).json()) as {
        isAuthenticated: boolean;
        user: { role: string };
        twoFactorSetupRequired: boolean;
      };
    assert.deepEqual(await me(), { ...(await me()), isAuthenticated: true, twoFactorSetupRequired: true });
    assert.equal((await me()).user.role, "patient");
    await enrollTwoFactor({ browser, id: user.id, email: user.email, name: user.name }, "a long enough password");
    assert.equal((await me()).user.role, "partner");

    const listedAfter = (await (await callRoute(admin.browser, routes.list, "/api/admin/partners", { method: "GET" })).json()) as {
      partners: { email: string; hospitalName: string }[];
      invitations: { email: string }[];
    };
    assert.ok(listedAfter.partners.some((p) => p.email === "ayse.kaya@example.com" && p.hospitalName));
    assert.ok(!listedAfter.invitations.some((i) => i.email === "ayse.kaya@example.com"));

    // Reused: a clear 409 and no second account.
    const again = await accept(new Browser(), { token, username: "someone_else", password: "a long enough password" });
    assert.equal(again.status, 409);
    assert.match(((await again.json()) as { error: string }).error, /already been used/);
    assert.equal(await (await db()).user.count({ where: { username: "someone_else" } }), 0);
  });

  test("an expired invitation is refused with a clear message and creates nothing", async () => {
    const response = await invite(admin, { name: "Late Partner", email: "late@example.com", hospitalId: "memorial-sisli" });
    assert.equal(response.status, 201);
    const token = await invitationToken("late@example.com");
    await (await db()).partnerInvitation.updateMany({ where: { email: "late@example.com" }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const accepted = await accept(new Browser(), { token, username: "late_partner", password: "a long enough password" });
    assert.equal(accepted.status, 400);
    assert.match(((await accepted.json()) as { error: string }).error, /expired/);
    assert.equal(await (await db()).user.count({ where: { email: "late@example.com" } }), 0);
  });

  test("a wrong or malformed token, a taken username or bad input: clear 4xx and no account", async () => {
    await invite(admin, { name: "Careful Partner", email: "careful@example.com", hospitalId: "memorial-sisli" });
    const token = await invitationToken("careful@example.com");
    const wrong = await accept(new Browser(), { token: "A".repeat(43), username: "careful", password: "a long enough password" });
    assert.equal(wrong.status, 404);
    const malformed = await accept(new Browser(), { token: "short", username: "careful", password: "a long enough password" });
    assert.equal(malformed.status, 400);
    const shortPassword = await accept(new Browser(), { token, username: "careful", password: "short" });
    assert.equal(shortPassword.status, 400);
    assert.match(((await shortPassword.json()) as { error: string }).error, /at least 10/);
    const badUsername = await accept(new Browser(), { token, username: "no spaces please", password: "a long enough password" });
    assert.equal(badUsername.status, 400);
    const taken = await accept(new Browser(), { token, username: admin.email.split("@")[0].replace(/[^a-z0-9_.]/g, "_"), password: "a long enough password" });
    assert.equal(taken.status, 409, await taken.clone().text());
    assert.equal(await (await db()).user.count({ where: { email: "careful@example.com" } }), 0);
    // The invitation is still usable after those failures.
    const ok = await accept(new Browser(), { token, username: "careful", password: "a long enough password" });
    assert.equal(ok.status, 201, await ok.clone().text());
  });

  test("inviting: only unlocked admins; bad hospital, taken e-mail or malformed input are 4xx with nothing stored", async () => {
    const before = await (await db()).partnerInvitation.count();
    const patient = await signUpPatient();
    const partner = await signUpPartner("medipol-mega");
    const body = { name: "X", email: "x@example.com", hospitalId: "medipol-mega" };
    assert.equal((await invite(patient, body)).status, 404);
    assert.equal((await invite(partner, body)).status, 404);
    assert.equal((await callRoute(new Browser(), routes.invite, "/api/admin/partners", { json: body })).status, 401);
    assert.equal((await callRoute(patient.browser, routes.list, "/api/admin/partners", { method: "GET" })).status, 404);
    assert.equal((await callRoute(partner.browser, routes.list, "/api/admin/partners", { method: "GET" })).status, 404);
    const lockedAdmin = await makeStaff(await signUpPatient(), "admin");
    assert.equal((await invite(lockedAdmin, body)).status, 403);

    assert.equal((await invite(admin, { ...body, hospitalId: "no-such-hospital" })).status, 400);
    assert.equal((await invite(admin, { ...body, email: "not-an-email" })).status, 400);
    assert.equal((await invite(admin, { ...body, name: "" })).status, 400);
    const taken = await invite(admin, { ...body, email: patient.email });
    assert.equal(taken.status, 409);
    assert.match(((await taken.json()) as { error: string }).error, /already exists/);
    assert.equal(await (await db()).partnerInvitation.count(), before);
  });

  test("a new invitation for the same address replaces the open one", async () => {
    await invite(admin, { name: "Twice", email: "twice@example.com", hospitalId: "medipol-mega" });
    const first = await invitationToken("twice@example.com");
    await invite(admin, { name: "Twice", email: "twice@example.com", hospitalId: "memorial-sisli" });
    const second = await invitationToken("twice@example.com", first);
    assert.equal((await accept(new Browser(), { token: first, username: "twice_one", password: "a long enough password" })).status, 400);
    assert.equal((await accept(new Browser(), { token: second, username: "twice_two", password: "a long enough password" })).status, 201);
    assert.equal((await (await db()).user.findUniqueOrThrow({ where: { email: "twice@example.com" } })).hospitalId, "memorial-sisli");
  });
});
