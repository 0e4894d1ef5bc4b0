import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";
import { APP_URL, useFreshApp } from "./support/app";

/*
 * Every API answer carries X-Request-Id (the id its log lines carry), the route files that cannot use
 * apiRoute included; HSTS is decided when the server runs: production mode and an https APP_URL.
 */
type Handler = (request: Request, context?: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const OFFERED = "client-chosen-id-1234";

describe("API answers: request ids and HSTS", () => {
  const routes: Record<string, Handler> = {};
  before(async () => {
    await useFreshApp();
    const auth = await import("@/app/api/auth/[...all]/route");
    routes.authGet = auth.GET as Handler;
    routes.authPost = auth.POST as Handler;
    routes.download = (await import("@/app/api/download/medical-departments/route")).GET as Handler;
    const unknown = await import("@/app/api/[...path]/route");
    routes.unknownGet = unknown.GET as Handler;
    routes.unknownPost = unknown.POST as Handler;
    routes.me = (await import("@/app/api/auth/me/route")).GET as Handler;
  });
  after(async () => (await import("@/lib/db")).db().$disconnect());

  const calls: [string, () => [Handler, Request]][] = [
    ["GET /api/auth/get-session", () => [routes.authGet, new Request(new URL("/api/auth/get-session", APP_URL))]],
    [
      "POST /api/auth/sign-in/email (refused)",
      () => [
        routes.authPost,
        new Request(new URL("/api/auth/sign-in/email", APP_URL), {
          method: "POST",
          headers: { origin: APP_URL, "content-type": "application/json", "x-forwarded-for": "198.51.100.70" },
          body: JSON.stringify({ email: "nobody@example.com", password: "wrong password 1" }),
        }),
      ],
    ],
    [
      "POST /api/auth/sign-in/email without Origin (403)",
      () => [routes.authPost, new Request(new URL("/api/auth/sign-in/email", APP_URL), { method: "POST", body: "{}" })],
    ],
    ["GET /api/download/medical-departments", () => [routes.download, new Request(new URL("/api/download/medical-departments?locale=en", APP_URL))]],
    ["GET /api/no-such-thing", () => [routes.unknownGet, new Request(new URL("/api/no-such-thing", APP_URL))]],
    [
      "POST /api/no-such-thing",
      () => [routes.unknownPost, new Request(new URL("/api/no-such-thing", APP_URL), { method: "POST", headers: { origin: APP_URL } })],
    ],
  ];

  for (const [label, make] of calls) {
    test(`${label}: X-Request-Id, a new one or the caller's`, async () => {
      const [handler, request] = make();
      const response = await handler(request);
      assert.match(response.headers.get("x-request-id") ?? "", UUID);
      await response.body?.cancel();
      const [again, offered] = make();
      offered.headers.set("x-request-id", OFFERED);
      const echoed = await again(offered);
      assert.equal(echoed.headers.get("x-request-id"), OFFERED);
      await echoed.body?.cancel();
    });
  }

  test("an unknown API path answers JSON 404, and a cross-site POST to it 403", async () => {
    const response = await routes.unknownPost(new Request(new URL("/api/no-such-thing", APP_URL), { method: "POST", headers: { origin: APP_URL } }));
    assert.equal(response.status, 404);
    assert.deepEqual(await response.json(), { error: "Not found.", code: "not_found" });
    const foreign = await routes.unknownPost(
      new Request(new URL("/api/no-such-thing", APP_URL), { method: "POST", headers: { origin: "https://evil.example" } }),
    );
    assert.equal(foreign.status, 403);
  });

  async function withProcessEnv<T>(values: Record<string, string>, run: () => Promise<T>): Promise<T> {
    const saved = Object.fromEntries(Object.keys(values).map((key) => [key, process.env[key]]));
    Object.assign(process.env, values);
    try {
      return await run();
    } finally {
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }
  }

  const HSTS = "max-age=63072000; includeSubDomains";
  const apiCalls: [string, () => Promise<Response>][] = [
    ["apiRoute (GET /api/auth/me)", () => routes.me(new Request(new URL("/api/auth/me", APP_URL)))],
    ["the auth route", () => routes.authGet(new Request(new URL("/api/auth/get-session", APP_URL)))],
    ["an unknown API path", () => routes.unknownGet(new Request(new URL("/api/x", APP_URL)))],
  ];

  test("HSTS on API answers in production mode with an https APP_URL, decided at run time", async () => {
    for (const [label, call] of apiCalls) {
      const on = await withProcessEnv({ NODE_ENV: "production", APP_URL: "https://afyabridge.example" }, call);
      assert.equal(on.headers.get("strict-transport-security"), HSTS, label);
      for (const env of [
        { NODE_ENV: "production", APP_URL: "http://localhost:3000" },
        { NODE_ENV: "development", APP_URL: "https://afyabridge.example" },
      ]) {
        const off = await withProcessEnv(env, call);
        assert.equal(off.headers.get("strict-transport-security"), null, `${label} ${JSON.stringify(env)}`);
      }
    }
  });

  test("HSTS on pages (proxy.ts) on the same condition; a client's x-afyabridge-client-ip never reaches a page", async () => {
    const proxy = (await import("@/proxy")).default;
    const page = () => {
      const request = new NextRequest(new URL("/fr/track", APP_URL));
      request.headers.set("x-afyabridge-client-ip", "192.0.2.1");
      return request;
    };
    // Production mode reads the build's script hashes: from an empty folder, not this checkout's .next,
    // which `npm test`'s build may be rewriting at this moment.
    const noBuild = { NEXT_DIST_DIR: mkdtempSync(path.join(tmpdir(), "afya-no-build-")) };
    const on = await withProcessEnv({ ...noBuild, NODE_ENV: "production", APP_URL: "https://afyabridge.example" }, async () => proxy(page()));
    assert.equal(on.headers.get("strict-transport-security"), HSTS);
    const off = await withProcessEnv({ ...noBuild, NODE_ENV: "production", APP_URL: "http://localhost:3000" }, async () => proxy(page()));
    assert.equal(off.headers.get("strict-transport-security"), null);
    const offDev = await withProcessEnv({ NODE_ENV: "development", APP_URL: "https://afyabridge.example" }, async () => proxy(page()));
    assert.equal(offDev.headers.get("strict-transport-security"), null);
    // Headers passed on to the page: Next lists them in x-middleware-override-headers; the private one is gone.
    const forwarded = (off.headers.get("x-middleware-override-headers") ?? "").split(",");
    assert.ok(forwarded.includes("content-security-policy"), forwarded.join(","));
    assert.ok(!forwarded.includes("x-afyabridge-client-ip"));
  });
});
