import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { APP_URL, Browser, useFreshApp } from "./support/app";
import { signUpAdmin, signUpPartner, signUpPatient, submitCase } from "./support/actors";

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
      assert.deepEqual(await response.json(), { error: "This request must come from the AfyaBridge website.", code: "cross_site_refused" });
      const signUp = await routes.auth(
        post("/api/auth/sign-up/email", origin, { name: "X", username: "xorigin", email: "x.origin@example.com", password: "correct horse battery" }),
      );
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

/*
 * Every state-changing method of every route file under app/api, found on disk (so a new route file is
 * covered the day it is added): a foreign Origin, "null" or none is refused with 403 and the JSON
 * error, whoever is signed in, and nothing in the database changes.
 */
const STATE_CHANGING = ["POST", "PUT", "PATCH", "DELETE"] as const;
type RouteHandler = (request: Request, context?: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

function routeFiles(): string[] {
  return readdirSync("app/api", { recursive: true })
    .map(String)
    .filter((file) => path.basename(file) === "route.ts")
    .sort();
}

/** Every table's row count (model names read from the schema, so new tables are included). */
async function tableCounts(): Promise<Record<string, number>> {
  const { db } = await import("@/lib/db");
  const client = db() as unknown as Record<string, { count: () => Promise<number> }>;
  const models = [...readFileSync("prisma/schema.prisma", "utf8").matchAll(/^model (\w+) \{/gm)].map((match) => match[1]);
  const counts: Record<string, number> = {};
  for (const model of models) counts[model] = await client[model[0].toLowerCase() + model.slice(1)].count();
  return counts;
}

describe("every state-changing API route refuses a cross-site or Origin-less request", () => {
  const callers: Record<string, Browser> = {};
  let ids: Record<string, string> = {};

  before(async () => {
    await useFreshApp();
    const patient = await signUpPatient();
    const admin = await signUpAdmin();
    const partner = await signUpPartner("medipol-mega");
    // A real case id, so that a handler that skipped the check would find something to change.
    const { id } = await submitCase(patient);
    ids = { id, token: "x".repeat(43), all: "sign-up/email", path: "anything" };
    Object.assign(callers, { guest: new Browser(), patient: patient.browser, partner: partner.browser, "unlocked admin": admin.browser });
  });
  after(async () => (await import("@/lib/db")).db().$disconnect());

  /** Bodies that a route would accept from this site, so a missing check would show as a change. */
  function bodyFor(pattern: string): unknown {
    if (pattern === "/api/auth/[...all]")
      return { name: "Cross Site", username: "crosssite", email: "cross.site@example.com", password: "correct horse battery" };
    if (pattern === "/api/inquiries") return { name: "Cross Site", email: "cross.site@example.com", message: "From another site." };
    return {};
  }

  test("found every route file, and state-changing methods in them", () => {
    const files = routeFiles();
    assert.ok(files.length >= 40, `${files.length} route files`);
    assert.ok(files.includes("auth/[...all]/route.ts") && files.includes("[...path]/route.ts"));
  });

  for (const file of routeFiles()) {
    const pattern = `/api/${path.dirname(file)}`.replace(/\/\.$/, "");
    test(`${pattern}: every state-changing method refuses a foreign, "null" or missing Origin`, async () => {
      const exported = (await import(`@/app/api/${file}`)) as Record<string, unknown>;
      const methods = STATE_CHANGING.filter((method) => typeof exported[method] === "function");
      const before = await tableCounts();
      const params: Record<string, string | string[]> = {};
      const urlPath = pattern
        .split("/")
        .map((segment) => {
          const name = segment.match(/^\[(\.\.\.)?(\w+)\]$/);
          if (!name) return segment;
          const value = ids[name[2]] ?? ids.id;
          params[name[2]] = name[1] ? value.split("/") : value;
          return value;
        })
        .join("/");
      for (const method of methods) {
        for (const [who, browser] of Object.entries(callers)) {
          for (const origin of ["https://evil.example", "null", null]) {
            const request = browser.request(urlPath, { method, json: bodyFor(pattern) });
            if (origin === null) request.headers.delete("origin");
            else request.headers.set("origin", origin);
            const response = await (exported[method] as RouteHandler)(request, { params: Promise.resolve(params) });
            const label = `${method} ${urlPath} as ${who}, Origin ${origin ?? "missing"}`;
            assert.equal(response.status, 403, `${label}: ${response.status} ${await response.clone().text()}`);
            assert.match(response.headers.get("content-type") ?? "", /application\/json/, label);
            assert.deepEqual(await response.json(), { error: "This request must come from the AfyaBridge website.", code: "cross_site_refused" }, label);
          }
        }
      }
      assert.deepEqual(await tableCounts(), before, `${pattern}: the database changed`);
    });
  }
});
