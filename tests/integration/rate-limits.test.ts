import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { APP_URL, Browser, useFreshApp } from "./support/app";
import { signUpPatient, type Actor } from "./support/actors";
import { createTestDatabase, type TestDatabase } from "./support/databases";
import { MULTIPART_TYPE, multipartBody, toStream } from "./support/multipart";

/*
 * Issue 7: every rate limit answers 429 with a Retry-After header (whole seconds) and a clear JSON
 * message on the first request over its limit, and only the address (or account) that went over is
 * refused. The app's limits (lib/api/rate-limit.ts) and Better Auth's (lib/auth/server.ts) alike.
 * On PostgreSQL too when TEST_DATABASE_URL is set (the counters are an upsert in SQL).
 */
type Handler = (request: Request, context?: { params: Promise<Record<string, string>> }) => Promise<Response>;

let counter = 0;
const freshIp = () => `198.19.${Math.floor(++counter / 250)}.${counter % 250}`;

interface Row {
  label: string;
  /** How many requests pass before the limit; the next one is refused. */
  max: number;
  /** Window in seconds: Retry-After is never longer. */
  window: number;
  /** "address": keyed on the client's address; "account": on the signed-in user. */
  per: "address" | "account";
  route: string;
  /** Sends one request as `actor` (null for a guest) from `ip`. */
  send: (actor: Actor | null, ip: string) => Request;
  signedIn?: boolean;
}

/** A request from `browser`'s cookies, sent from `ip`. */
function from(browser: Browser, ip: string, pathname: string, init: Parameters<Browser["request"]>[1] = {}): Request {
  const request = browser.request(pathname, init);
  request.headers.set("x-forwarded-for", ip);
  return request;
}
const browserOf = (actor: Actor | null) => actor?.browser ?? new Browser();
const emptyForm = () => ({ body: toStream(multipartBody([{ name: "fullName", value: "Rate Limit" }])), contentType: MULTIPART_TYPE });
const track = { trackingNumber: "SUB-20260101-AAAAAAAAAA", email: "nobody@example.com" };

const rows: Row[] = [
  {
    label: "sign-in",
    max: 10,
    window: 60,
    per: "address",
    route: "auth",
    // Each attempt names another e-mail, so the per-account lock (10 failures) never answers instead.
    send: (_, ip) => from(new Browser(), ip, "/api/auth/sign-in/email", { json: { email: `nobody${++counter}@example.com`, password: "wrong password 123" } }),
  },
  {
    label: "sign-up",
    max: 10,
    window: 60,
    per: "address",
    route: "auth",
    send: (_, ip) =>
      from(new Browser(), ip, "/api/auth/sign-up/email", {
        json: { name: "X", username: `rl${++counter}`, email: "not-an-email", password: "correct horse battery" },
      }),
  },
  {
    label: "password reset request",
    max: 5,
    window: 15 * 60,
    per: "address",
    route: "auth",
    send: (_, ip) =>
      from(new Browser(), ip, "/api/auth/request-password-reset", { json: { email: "nobody@example.com", redirectTo: `${APP_URL}/reset-password` } }),
  },
  {
    label: "guest submission (POST /api/medical-submissions)",
    max: 20,
    window: 3600,
    per: "address",
    route: "guestSubmission",
    send: (_, ip) => from(new Browser(), ip, "/api/medical-submissions", emptyForm()),
  },
  {
    label: "signed-in submission (POST /api/my-submissions)",
    max: 20,
    window: 3600,
    per: "address",
    route: "mySubmission",
    signedIn: true,
    send: (actor, ip) => from(browserOf(actor), ip, "/api/my-submissions", emptyForm()),
  },
  {
    label: "inquiry",
    max: 10,
    window: 3600,
    per: "address",
    route: "inquiry",
    send: (_, ip) =>
      from(new Browser(), ip, "/api/inquiries", { json: { name: "Amina Bello", email: "amina@example.com", message: "A question about cardiology." } }),
  },
  {
    label: "tracking-code request",
    max: 10,
    window: 3600,
    per: "address",
    route: "trackRequest",
    send: (_, ip) => from(new Browser(), ip, "/api/track/request-code", { json: track }),
  },
  {
    label: "tracking-code verify",
    max: 20,
    window: 3600,
    per: "address",
    route: "trackVerify",
    send: (_, ip) => from(new Browser(), ip, "/api/track/verify", { json: { ...track, code: "123456" } }),
  },
  {
    label: "partner invitation accept",
    max: 10,
    window: 3600,
    per: "address",
    route: "inviteAccept",
    send: (_, ip) =>
      from(new Browser(), ip, "/api/partner/invitations/accept", {
        json: { token: randomBytes(32).toString("base64url"), username: "partner_x", password: "correct horse battery" },
      }),
  },
  {
    label: "admin setup",
    max: 5,
    window: 3600,
    per: "account",
    route: "adminSetup",
    signedIn: true,
    send: (actor, ip) =>
      from(browserOf(actor), ip, "/api/admin/setup", { json: { email: "someone@example.com", adminKey: "not-the-key-not-the-key-not-the-key" } }),
  },
  {
    label: "admin gate (POST /api/admin/unlock)",
    max: 10,
    window: 900,
    per: "account",
    route: "adminUnlock",
    signedIn: true,
    send: (actor, ip) => from(browserOf(actor), ip, "/api/admin/unlock", { json: { password: "not my password" } }),
  },
  {
    label: "privacy export",
    max: 5,
    window: 3600,
    per: "account",
    route: "export",
    signedIn: true,
    send: (actor, ip) => from(browserOf(actor), ip, "/api/account/export"),
  },
];

describe("rate limits: 429 with Retry-After and a clear message, for the offender only", () => {
  const routes: Record<string, Handler> = {};
  let postgres: TestDatabase | null = null;

  before(async () => {
    process.env.ADMIN_SETUP_KEY = "the-real-admin-setup-key-for-tests-0123";
    if (process.env.TEST_DATABASE_URL) postgres = await createTestDatabase("postgres");
    await useFreshApp({ databaseUrl: postgres?.url ?? null });
    routes.auth = (await import("@/app/api/auth/[...all]/route")).POST as Handler;
    routes.guestSubmission = (await import("@/app/api/medical-submissions/route")).POST as Handler;
    routes.mySubmission = (await import("@/app/api/my-submissions/route")).POST as Handler;
    routes.inquiry = (await import("@/app/api/inquiries/route")).POST as Handler;
    routes.trackRequest = (await import("@/app/api/track/request-code/route")).POST as Handler;
    routes.trackVerify = (await import("@/app/api/track/verify/route")).POST as Handler;
    routes.inviteAccept = (await import("@/app/api/partner/invitations/accept/route")).POST as Handler;
    routes.adminSetup = (await import("@/app/api/admin/setup/route")).POST as Handler;
    routes.adminUnlock = (await import("@/app/api/admin/unlock/route")).POST as Handler;
    routes.export = (await import("@/app/api/account/export/route")).GET as Handler;
  });
  after(async () => {
    delete process.env.ADMIN_SETUP_KEY;
    await (await import("@/lib/db")).db().$disconnect();
    await postgres?.drop();
  });

  async function call(row: Row, actor: Actor | null, ip: string): Promise<Response> {
    const response = await routes[row.route](row.send(actor, ip));
    if (actor) actor.browser.remember(response);
    return response;
  }

  for (const row of rows) {
    test(`${row.label}: ${row.max} per ${row.per} pass, the next is refused`, async () => {
      const actor = row.signedIn ? await signUpPatient() : null;
      const ip = freshIp();
      for (let i = 1; i <= row.max; i++) {
        const response = await call(row, actor, ip);
        assert.notEqual(response.status, 429, `request ${i} of ${row.max} was refused`);
        assert.ok(response.status < 500, `request ${i}: ${response.status} ${await response.clone().text()}`);
        await response.body?.cancel();
      }

      const refused = await call(row, actor, ip);
      assert.equal(refused.status, 429, await refused.clone().text());
      const retryAfter = refused.headers.get("retry-after") ?? "";
      assert.match(retryAfter, /^\d+$/, `Retry-After is whole seconds: "${retryAfter}"`);
      assert.ok(Number(retryAfter) > 0 && Number(retryAfter) <= row.window, `Retry-After ${retryAfter} within the ${row.window} s window`);
      assert.match(refused.headers.get("content-type") ?? "", /application\/json/);
      const { error } = (await refused.json()) as { error: string };
      assert.match(error, /too many requests/i);

      // Someone else (another address, and for per-account limits another account too) is not affected.
      const other = await call(row, row.signedIn ? await signUpPatient() : null, freshIp());
      assert.notEqual(other.status, 429, `${row.label}: another ${row.per} was refused too`);
      await other.body?.cancel();

      if (row.per === "account") {
        // The account stays refused from a new address: changing address does not reset an account's limit.
        const moved = await call(row, actor, freshIp());
        assert.equal(moved.status, 429);
        await moved.body?.cancel();
      }
    });
  }
});
