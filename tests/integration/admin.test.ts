import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Browser, useFreshApp } from "./support/app";
import { multipartBody, MULTIPART_TYPE, samples, toStream, validFields } from "./support/multipart";
import { enrollTwoFactor, type Actor } from "./support/actors";
import { totpCode } from "../support/totp";

type Handler = (request: Request, context?: { params: Promise<Record<string, string>> }) => Promise<Response>;
const routes: Record<string, Handler> = {};
const SETUP_KEY = "integration-admin-setup-key-0123456789";
const PASSWORD = "correct horse battery";

async function call(browser: Browser, route: string, pathname: string, json?: unknown) {
  return browser.remember(await routes[route](browser.request(pathname, json === undefined ? {} : { json })));
}

async function signUp(name: string) {
  const browser = new Browser();
  const email = `${name.toLowerCase()}@example.com`;
  const response = await call(browser, "auth", "/api/auth/sign-up/email", { name, username: name.toLowerCase(), email, password: PASSWORD });
  assert.equal(response.status, 200, await response.clone().text());
  // Sign-up opens no session (ADR 14).
  const signIn = await call(browser, "auth", "/api/auth/sign-in/email", { email, password: PASSWORD });
  assert.equal(signIn.status, 200, await signIn.clone().text());
  return { browser, email };
}

async function setKey(value: string | undefined) {
  const { resetEnvForTests } = await import("@/lib/env");
  if (value) process.env.ADMIN_SETUP_KEY = value;
  else delete process.env.ADMIN_SETUP_KEY;
  resetEnvForTests();
}

const roleOf = async (email: string) => (await (await import("@/lib/db")).db().user.findUniqueOrThrow({ where: { email } })).role;
const list = (browser: Browser, query = "") => call(browser, "list", `/api/admin/all-submissions${query}`);

describe("admin: setup key, password gate and the all-submissions API", () => {
  let admin: Awaited<ReturnType<typeof signUp>>;
  let patient: Awaited<ReturnType<typeof signUp>>;

  before(async () => {
    await useFreshApp();
    routes.auth = (await import("@/app/api/auth/[...all]/route")).POST;
    routes.setup = (await import("@/app/api/admin/setup/route")).POST;
    routes.unlock = (await import("@/app/api/admin/unlock/route")).POST;
    routes.list = (await import("@/app/api/admin/all-submissions/route")).GET;
    routes.storage = (await import("@/app/api/test-google-drive/route")).GET;
    routes.guest = (await import("@/app/api/medical-submissions/route")).POST;
    admin = await signUp("Grace");
    patient = await signUp("Tunde");
  });
  after(async () => {
    await setKey(undefined);
    const { db } = await import("@/lib/db");
    await db().$disconnect();
  });

  describe("POST /api/admin/setup", () => {
    test("without ADMIN_SETUP_KEY the setup is refused with a clear message", async () => {
      await setKey(undefined);
      const response = await call(admin.browser, "setup", "/api/admin/setup", { email: admin.email, adminKey: SETUP_KEY });
      assert.equal(response.status, 403);
      assert.match(((await response.json()) as { error: string }).error, /disabled/);
      assert.equal(await roleOf(admin.email), "patient");
    });

    test("a guest must sign in first", async () => {
      await setKey(SETUP_KEY);
      const response = await call(new Browser(), "setup", "/api/admin/setup", { email: admin.email, adminKey: SETUP_KEY });
      assert.equal(response.status, 401);
    });

    test("a wrong key is refused, audited without the key, and promotes nobody", async () => {
      const response = await call(admin.browser, "setup", "/api/admin/setup", { email: admin.email, adminKey: "not-the-key-not-the-key-000" });
      assert.equal(response.status, 403);
      assert.deepEqual(await response.json(), { error: "Invalid email or admin key.", code: "setup_rejected" });
      assert.equal(await roleOf(admin.email), "patient");
      const { db } = await import("@/lib/db");
      const rows = await db().auditEvent.findMany({ where: { action: "admin.setup_attempt" } });
      assert.equal(rows.length, 1);
      assert.deepEqual(rows[0].metadata, { email: admin.email, outcome: "wrong_key" });
      assert.ok(!JSON.stringify(rows).includes("not-the-key"));
    });

    test("the right key promotes the account, audited", async () => {
      const response = await call(admin.browser, "setup", "/api/admin/setup", { email: admin.email.toUpperCase(), adminKey: SETUP_KEY });
      assert.equal(response.status, 200, await response.clone().text());
      assert.equal(await roleOf(admin.email), "admin");
      const { db } = await import("@/lib/db");
      assert.equal(
        await db().auditEvent.count({ where: { action: "admin.setup_attempt", metadata: { equals: { email: admin.email, outcome: "granted" } } } }),
        1,
      );
      assert.equal(await db().auditEvent.count({ where: { action: "user.grant_admin" } }), 1);
      assert.ok(!JSON.stringify(await db().auditEvent.findMany()).includes(SETUP_KEY));
    });

    test("attempts are rate-limited per account", async () => {
      const { browser, email } = await signUp("Chidi");
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await call(browser, "setup", "/api/admin/setup", { email, adminKey: `wrong-key-wrong-key-wrong-${i}` })).status);
      assert.deepEqual(statuses, [403, 403, 403, 403, 403, 429]);
      assert.equal(await roleOf(email), "patient");
    });
  });

  describe("the password gate", () => {
    let totpSecret: string;
    before(async () => {
      // Admins set up two-factor authentication before anything else (tests/integration/two-factor.test.ts).
      const actor: Actor = { ...admin, id: "", name: "Grace" };
      await enrollTwoFactor(actor);
      totpSecret = actor.totpSecret!;
    });

    test("setting up two-factor authentication (password and code) unlocks that session: no third password", async () => {
      assert.equal((await list(admin.browser)).status, 200);
      // The unlock cookie lives as long as the browser session: closed, the gate asks again.
      admin.browser.forget("afya_admin_unlock");
    });

    test("admin APIs refuse an admin who has not unlocked", async () => {
      const response = await list(admin.browser);
      assert.equal(response.status, 403);
      assert.equal((await call(admin.browser, "storage", "/api/test-google-drive")).status, 403);
    });

    test("a wrong password answers the message and sets no cookie", async () => {
      const response = await call(admin.browser, "unlock", "/api/admin/unlock", { password: "wrong horse battery" });
      assert.equal(response.status, 400);
      assert.deepEqual(await response.json(), { error: "Incorrect password. Please try again.", code: "incorrect_password", field: "password" });
      assert.equal(response.headers.getSetCookie().length, 0);
      assert.equal((await list(admin.browser)).status, 403);
    });

    test("a non-admin with their own right password gets the same answer and no cookie", async () => {
      const response = await call(patient.browser, "unlock", "/api/admin/unlock", { password: PASSWORD });
      assert.equal(response.status, 400);
      assert.deepEqual(await response.json(), { error: "Incorrect password. Please try again.", code: "incorrect_password", field: "password" });
      assert.equal(response.headers.getSetCookie().length, 0);
    });

    test("the right password sets a strict, HTTP-only session cookie; the list then answers", async () => {
      const response = await call(admin.browser, "unlock", "/api/admin/unlock", { password: PASSWORD });
      assert.equal(response.status, 200);
      const [cookie] = response.headers.getSetCookie();
      assert.match(cookie, /^afya_admin_unlock=[\w-]+; Path=\/; HttpOnly; SameSite=Strict$/);
      assert.equal((await list(admin.browser)).status, 200);
      const { db } = await import("@/lib/db");
      assert.equal(await db().auditEvent.count({ where: { action: "admin.unlock" } }), 2); // the set-up's, and this one

      assert.equal(await db().auditEvent.count({ where: { action: "admin.unlock_failed" } }), 2);
    });

    test("a sign-in with password and code unlocks the new session at once, audited; its cookie is worthless in another session", async () => {
      const other = new Browser();
      await call(other, "auth", "/api/auth/sign-in/email", { email: admin.email, password: PASSWORD });
      const verified = await call(other, "auth", "/api/auth/two-factor/verify-totp", { code: totpCode(totpSecret, Date.now() + 30_000) }); // the next code: the set-up used this one
      assert.equal(verified.status, 200);
      assert.ok(verified.headers.getSetCookie().some((line) => /^afya_admin_unlock=[\w-]+;.*HttpOnly/i.test(line) && /SameSite=Strict/i.test(line)));
      assert.equal((await list(other)).status, 200);
      const { db } = await import("@/lib/db");
      assert.equal(await db().auditEvent.count({ where: { action: "admin.unlock", metadata: { path: ["with"], equals: "two_factor" } } }), 2);

      other.forget("afya_admin_unlock");
      const stolen = admin.browser.cookieHeader().match(/afya_admin_unlock=[^;]+/)![0];
      const request = other.request("/api/admin/all-submissions", { headers: { cookie: `${other.cookieHeader()}; ${stolen}` } });
      assert.equal((await routes.list(request)).status, 403);
    });
  });

  describe("GET /api/admin/all-submissions", () => {
    const ids: string[] = [];
    before(async () => {
      const { db } = await import("@/lib/db");
      const patientUser = await db().user.findUniqueOrThrow({ where: { email: patient.email } });
      const base = Date.parse("2026-11-01T10:00:00Z");
      for (let i = 0; i < 12; i++) {
        const row = await db().submission.create({
          data: {
            trackingNumber: `SUB-20261101-TEST${String(i).padStart(6, "0")}`,
            source: i % 3 === 0 ? "authenticated" : "guest",
            userId: i % 3 === 0 ? patientUser.id : null,
            patientName: i === 4 ? "Ngozi Okafor" : `Patient ${i}`,
            email: i % 3 === 0 ? "registered.contact@example.com" : `guest${i}@example.com`,
            homeCountry: "Nigeria",
            specialty: i % 2 ? "oncology" : "cardiology",
            urgency: i % 4 === 0 ? "urgent" : "standard",
            status: i === 5 ? "under_review" : "submitted",
            consent: true,
            consentFullName: `Patient ${i}`,
            consentEmail: "consent@example.com",
            consentDate: new Date("2026-11-01"),
            consentVersion: "2025-01-01",
            // Pairs share a timestamp, so the id breaks ties.
            createdAt: new Date(base + Math.floor(i / 2) * 60_000),
          },
        });
        ids.push(row.id);
      }
      const browser = new Browser();
      const request = browser.request("/api/medical-submissions", {
        body: toStream(
          multipartBody([
            ...validFields({ name: "Yusuf Garba", email: "yusuf@example.com", consentEmail: "yusuf@example.com" }),
            { name: "files", file: { name: "scan.pdf", data: samples.pdf(), type: "application/pdf" } },
          ]),
        ),
        contentType: MULTIPART_TYPE,
      });
      const response = await routes.guest(request);
      assert.equal(response.status, 201, await response.clone().text());
      ids.push(((await response.json()) as { id: string }).id);
    });

    test("answers items with the admin view and the tab counts", async () => {
      const body = (await (await list(admin.browser)).json()) as {
        items: Record<string, unknown>[];
        counts: Record<string, number>;
        nextCursor: string | null;
      };
      assert.equal(body.items.length, 13);
      assert.equal(body.nextCursor, null);
      assert.deepEqual(body.counts, { total: 13, urgent: 4, registered: 4, withFiles: 1, overdue: 0 });
      const yusuf = body.items[0] as { patientName: string; files: { originalName: string; mimeType: string }[]; source: string; consentFullName: string };
      assert.equal(yusuf.patientName, "Yusuf Garba");
      assert.equal(yusuf.source, "guest");
      assert.deepEqual(
        yusuf.files.map((f) => [f.originalName, f.mimeType]),
        [["scan.pdf", "application/pdf"]],
      );
      const registered = body.items.find((item) => item.source === "authenticated") as { userEmail: string; email: string };
      assert.equal(registered.userEmail, patient.email);
      assert.ok(!JSON.stringify(body).includes("storageKey"));
    });

    test("pages through everything exactly once with the cursor, newest first", async () => {
      const seen: { id: string; createdAt: string }[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const response = await list(admin.browser, `?limit=5${cursor ? `&cursor=${cursor}` : ""}`);
        assert.equal(response.status, 200);
        const body = (await response.json()) as { items: { id: string; createdAt: string }[]; nextCursor: string | null; counts: { total: number } | null };
        // The tab counts come with the first page only; the dashboard keeps them while it loads more.
        assert.deepEqual(body.counts?.total ?? null, cursor ? null : 13);
        seen.push(...body.items);
        cursor = body.nextCursor;
        pages++;
      } while (cursor);
      assert.equal(pages, 3);
      assert.deepEqual(seen.map((s) => s.id).sort(), [...ids].sort());
      const keys = seen.map((s) => `${s.createdAt}|${s.id}`);
      assert.deepEqual(keys, [...keys].sort().reverse());
    });

    test("limits the page size and refuses a forged cursor", async () => {
      assert.equal((await list(admin.browser, "?limit=101")).status, 400);
      assert.equal((await list(admin.browser, "?cursor=not-a-cursor")).status, 400);
    });

    test("searches by tracking number, e-mail (own or account) and name, case-insensitively", async () => {
      const search = async (q: string) =>
        (await (await list(admin.browser, `?q=${encodeURIComponent(q)}`)).json()) as { items: { patientName: string }[]; counts: { total: number } };
      assert.deepEqual(
        (await search("sub-20261101-test000007")).items.map((i) => i.patientName),
        ["Patient 7"],
      );
      assert.deepEqual(
        (await search("GUEST5@example")).items.map((i) => i.patientName),
        ["Patient 5"],
      );
      assert.equal((await search(patient.email.toUpperCase())).counts.total, 4);
      assert.deepEqual(
        (await search("ngozi")).items.map((i) => i.patientName),
        ["Ngozi Okafor"],
      );
      assert.equal((await search("nobody-matches-this")).items.length, 0);
    });

    test("filters by status, urgency, specialty and source, with counts for the same filters", async () => {
      const filtered = async (query: string) =>
        (await (await list(admin.browser, query)).json()) as { items: { status: string }[]; counts: Record<string, number> };
      assert.deepEqual(
        (await filtered("?status=under_review")).items.map((i) => i.status),
        ["under_review"],
      );
      assert.deepEqual((await filtered("?urgency=urgent&source=authenticated")).counts, { total: 1, urgent: 1, registered: 1, withFiles: 0, overdue: 0 });
      assert.equal((await filtered("?specialty=oncology")).counts.total, 6);
      assert.equal((await filtered("?source=guest")).counts.total, 9);
      assert.equal((await list(admin.browser, "?status=bogus")).status, 400);
    });

    test("storage status names where files go", async () => {
      const body = (await (await call(admin.browser, "storage", "/api/test-google-drive")).json()) as { success: boolean; email: string; error: string | null };
      assert.equal(body.success, true);
      assert.match(body.email, /^local disk .* \(AES-256-GCM\)$/);
      assert.equal(body.error, null);
    });
  });

  describe("who else may call the admin APIs", () => {
    const adminCalls: [string, string, unknown?][] = [
      ["list", "/api/admin/all-submissions"],
      ["storage", "/api/test-google-drive"],
    ];

    test("a patient gets 404 from every admin API, even with an admin's unlock cookie", async () => {
      const stolen = admin.browser.cookieHeader().match(/afya_admin_unlock=[^;]+/)![0];
      for (const [route, pathname] of adminCalls) {
        const request = patient.browser.request(pathname, { headers: { cookie: `${patient.browser.cookieHeader()}; ${stolen}` } });
        assert.equal((await routes[route](request)).status, 404, pathname);
      }
    });

    test("a guest gets 401 from every admin API", async () => {
      for (const [route, pathname] of adminCalls) assert.equal((await call(new Browser(), route, pathname)).status, 401, pathname);
      assert.equal((await call(new Browser(), "unlock", "/api/admin/unlock", { password: PASSWORD })).status, 401);
    });
  });
});
