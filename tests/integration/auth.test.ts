import { after, before, describe, mock, test } from "node:test";
import assert from "node:assert/strict";
import { useFreshApp, Browser } from "./support/app";

type Handler = (request: Request) => Promise<Response>;
let authHandler: { GET: Handler; POST: Handler };
let me: Handler;
let logout: Handler;

async function call(browser: Browser, handler: Handler, pathname: string, init?: Parameters<Browser["request"]>[1]) {
  return browser.remember(await handler(browser.request(pathname, init)));
}

function signUp(browser: Browser, overrides: Record<string, string> = {}) {
  return call(browser, authHandler.POST, "/api/auth/sign-up/email", {
    json: { name: "Amina Bello", username: "amina", email: "amina@example.com", password: "correct horse battery", ...overrides },
  });
}

describe("accounts", () => {
  before(async () => {
    await useFreshApp();
    authHandler = await import("@/app/api/auth/[...all]/route");
    me = (await import("@/app/api/auth/me/route")).GET;
    logout = (await import("@/app/api/auth/logout/route")).POST;
  });
  after(async () => {
    const { db } = await import("@/lib/db");
    await db().$disconnect();
  });

  test("a guest is not authenticated", async () => {
    const response = await call(new Browser(), me, "/api/auth/me");
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { isAuthenticated: false, user: null });
  });

  test("sign-up opens no session; signed in, /api/auth/me answers username, email and createdAt", async () => {
    const browser = new Browser();
    const response = await signUp(browser);
    assert.equal(response.status, 200, await response.clone().text());
    assert.equal(((await (await call(browser, me, "/api/auth/me")).json()) as { isAuthenticated: boolean }).isAuthenticated, false);
    const signIn = await call(browser, authHandler.POST, "/api/auth/sign-in/email", {
      json: { email: "amina@example.com", password: "correct horse battery" },
    });
    assert.equal(signIn.status, 200, await signIn.clone().text());
    const body = (await (await call(browser, me, "/api/auth/me")).json()) as { isAuthenticated: boolean; user: Record<string, string> };
    assert.equal(body.isAuthenticated, true);
    assert.equal(body.user.username, "amina");
    assert.equal(body.user.email, "amina@example.com");
    assert.equal(body.user.role, "patient", "new accounts are patients, never admins");
    assert.ok(!Number.isNaN(Date.parse(body.user.createdAt)));
    assert.ok(!("password" in body.user) && !("id" in body.user));
  });

  // A taken e-mail is not an error: sign-up answers as for a new one (account-protection.test.ts).
  test("bad sign-ups get a 400 JSON error", async () => {
    const cases: [string, Record<string, string>][] = [
      ["taken username", { email: "other@example.com" }],
      ["short password", { username: "short", email: "short@example.com", password: "123456789" }],
      ["malformed e-mail", { username: "bad", email: "not-an-email" }],
    ];
    for (const [label, overrides] of cases) {
      const response = await signUp(new Browser(), overrides);
      assert.equal(response.status, 400, label);
      const body = (await response.json()) as { error?: string };
      assert.equal(typeof body.error, "string", label);
      assert.ok(body.error!.length > 0, label);
    }
  });

  test("the account name follows the person-name rule on the server too (sign-up, profile update), in the reader's language", async () => {
    const { readFileSync } = await import("node:fs");
    const turkish = (JSON.parse(readFileSync("messages/tr.json", "utf8")) as { nameRules: Record<string, string> }).nameRules;
    for (const [name, problem] of [
      ["Amina\nYour account is locked: https://evil.example", "lineBreak"],
      ["Visit evil.example", "link"],
      ["<b>Amina</b>", "markup"],
      ["Amina\u202eolleB", "invisible"],
    ] as const) {
      const response = await call(new Browser(), authHandler.POST, "/api/auth/sign-up/email", {
        json: { name, username: "phish", email: "phish@example.com", password: "correct horse battery" },
        headers: { cookie: "NEXT_LOCALE=tr" },
      });
      assert.equal(response.status, 400, name);
      assert.deepEqual(await response.json(), { error: turkish[problem], code: "NAME_INVALID", field: "name" });
    }
    const { db } = await import("@/lib/db");
    assert.equal(await db().user.count({ where: { email: "phish@example.com" } }), 0);

    const browser = new Browser();
    assert.equal((await signUp(browser, { name: "Chiamaka O’Neil", username: "chiamaka", email: "chiamaka@example.com" })).status, 200);
    const update = await call(browser, authHandler.POST, "/api/auth/update-user", { json: { name: "Chiamaka\r\nhttps://evil.example" } });
    assert.equal(update.status, 400);
    assert.equal(((await update.json()) as { code: string }).code, "NAME_INVALID");
    assert.equal((await db().user.findUniqueOrThrow({ where: { email: "chiamaka@example.com" } })).name, "Chiamaka O’Neil");
  });

  test("the auth library logs through the app's logger, never the console", async () => {
    const { log } = await import("@/lib/log");
    const warnings = mock.method(log, "warn", () => {});
    const consoleCalls = (["log", "info", "warn", "error"] as const).map((name) => mock.method(console, name, () => {}));
    try {
      await call(new Browser(), authHandler.POST, "/api/auth/sign-in/email", { json: { email: "nobody@example.com", password: "wrong password 123" } });
      assert.ok(
        warnings.mock.calls.some((call) => String(call.arguments[1]).startsWith("auth: ")),
        "Better Auth's warning reached the logger",
      );
      // A refusal thrown by the app's own auth hook (a common password) is an answer, not a fault to print.
      const refused = await signUp(new Browser(), { username: "common_pw", email: "common.pw@example.com", password: "password1234" });
      assert.equal(refused.status, 400);
      assert.equal(
        consoleCalls.reduce((sum, method) => sum + method.mock.callCount(), 0),
        0,
      );
    } finally {
      mock.restoreAll();
    }
  });

  test("wrong credentials get one message whether or not the account exists", async () => {
    const wrongPassword = await call(new Browser(), authHandler.POST, "/api/auth/sign-in/email", {
      json: { email: "amina@example.com", password: "wrong password 123" },
    });
    const noAccount = await call(new Browser(), authHandler.POST, "/api/auth/sign-in/email", {
      json: { email: "nobody@example.com", password: "wrong password 123" },
    });
    assert.equal(wrongPassword.status, noAccount.status);
    assert.ok(wrongPassword.status >= 400 && wrongPassword.status < 500);
    assert.deepEqual(await wrongPassword.json(), await noAccount.json());
  });

  test("sign-in works by e-mail and by username; logout really ends the session", async () => {
    for (const [path, credentials] of [
      ["/api/auth/sign-in/email", { email: "amina@example.com" }],
      ["/api/auth/sign-in/username", { username: "amina" }],
    ] as const) {
      const browser = new Browser();
      const signIn = await call(browser, authHandler.POST, path, { json: { ...credentials, password: "correct horse battery" } });
      assert.equal(signIn.status, 200, await signIn.clone().text());
      const stolenCookie = browser.cookieHeader();
      assert.equal(((await (await call(browser, me, "/api/auth/me")).json()) as { isAuthenticated: boolean }).isAuthenticated, true);

      const out = await call(browser, logout, "/api/auth/logout", { method: "POST" });
      assert.equal(out.status, 200);
      assert.deepEqual(await out.json(), { success: true });
      assert.equal(((await (await call(browser, me, "/api/auth/me")).json()) as { isAuthenticated: boolean }).isAuthenticated, false);

      // A copy of the old cookie is worthless: the session row is gone.
      const replay = await me(new Request("http://localhost:3000/api/auth/me", { headers: { cookie: stolenCookie } }));
      assert.equal(((await replay.json()) as { isAuthenticated: boolean }).isAuthenticated, false);
    }
  });

  test("sign-in is rate-limited per client address", async () => {
    const attacker = new Browser("198.51.100.77");
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      // Each guess names another account: the per-account lock (account-protection.test.ts) stays out of it.
      const response = await call(attacker, authHandler.POST, "/api/auth/sign-in/email", {
        json: { email: `guess${i}@example.com`, password: `guess-number-${i}` },
      });
      statuses.push(response.status);
    }
    assert.ok(statuses.includes(429), `expected a 429 among ${statuses.join(",")}`);
    const blocked = await call(attacker, authHandler.POST, "/api/auth/sign-in/email", {
      json: { email: "amina@example.com", password: "correct horse battery" },
    });
    assert.equal(blocked.status, 429, "even the right password waits once the limit is hit");
    assert.match(blocked.headers.get("retry-after") ?? "", /^\d+$/, "Retry-After says how long to wait");
    assert.match(((await blocked.json()) as { error: string }).error, /Too many requests/);
    const other = await call(new Browser("198.51.100.78"), authHandler.POST, "/api/auth/sign-in/email", {
      json: { email: "amina@example.com", password: "correct horse battery" },
    });
    assert.equal(other.status, 200, "another address is not affected");
  });
});
