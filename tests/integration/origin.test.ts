import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { APP_URL, useFreshApp } from "./support/app";

type Handler = (request: Request) => Promise<Response>;

/** A request as a script or another site would send it: no cookies needed to show the refusal. */
function post(path: string, origin: string | null, json: unknown = {}) {
  const headers = new Headers({ "content-type": "application/json", "x-forwarded-for": "198.18.7.7" });
  if (origin !== null) headers.set("origin", origin);
  return new Request(new URL(path, APP_URL), { method: "POST", headers, body: JSON.stringify(json) });
}

describe("state-changing requests must come from this site (Origin check)", () => {
  const routes: Record<string, Handler> = {};
  before(async () => {
    await useFreshApp();
    routes.inquiries = (await import("@/app/api/inquiries/route")).POST as Handler;
    routes.auth = (await import("@/app/api/auth/[...all]/route")).POST as Handler;
    routes.me = (await import("@/app/api/auth/me/route")).GET as Handler;
  });
  after(async () => (await import("@/lib/db")).db().$disconnect());

  const inquiry = { name: "Amina Bello", email: "amina@example.com", message: "I would like to know more about cardiology." };

  for (const [label, origin] of [
    ["without an Origin header", null],
    ["from another site", "https://evil.example"],
    ["with Origin null (sandboxed frame, file://)", "null"],
    ["from a look-alike address", `${APP_URL}.evil.example`],
  ] as const) {
    test(`refused ${label}: 403 with a clear error, nothing stored`, async () => {
      const response = await routes.inquiries(post("/api/inquiries", origin, inquiry));
      assert.equal(response.status, 403);
      assert.deepEqual(await response.json(), { error: "This request must come from the AfyaBridge website." });
      const signUp = await routes.auth(post("/api/auth/sign-up/email", origin, { name: "X", username: "xorigin", email: "x.origin@example.com", password: "correct horse battery" }));
      assert.equal(signUp.status, 403);
      const { db } = await import("@/lib/db");
      assert.equal(await db().inquiry.count(), 0);
      assert.equal(await db().user.count({ where: { email: "x.origin@example.com" } }), 0);
    });
  }

  test("accepted from this site; reads need no Origin", async () => {
    const response = await routes.inquiries(post("/api/inquiries", new URL(APP_URL).origin, inquiry));
    assert.equal(response.status, 201, await response.clone().text());
    const me = await routes.me(new Request(new URL("/api/auth/me", APP_URL)));
    assert.equal(me.status, 200);
  });
});
