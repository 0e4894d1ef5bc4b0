import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { APP_URL, Browser, useFreshApp } from "./support/app";
import { signUpAdmin, signUpPartner, signUpPatient, submitCase, type Actor } from "./support/actors";
import { samples, validFields } from "./support/multipart";

/*
 * Issue 7's fuzzing proof: every method of every route handler under app/api, and every Better Auth
 * endpoint the app serves through /api/auth/[...all] (enumerated from the auth instance; its admin/*
 * endpoints are refused over HTTP and get one target together), gets FUZZ_RUNS generated malformed
 * requests, as a guest, a signed-in patient, a partner and an unlocked admin, with and without a valid
 * Origin. No answer may be a 5xx, and every 4xx must be JSON { error }. The seed is fixed (FUZZ_SEED to
 * change it), so a failure is reproducible.
 * In `npm test` FUZZ_RUNS defaults to 40 per target (about 4,100 requests, about 80 s on two cores
 * beside the rest of the suite): the full proof, 500 per target (about 51,500 requests), would exceed
 * the suite's budget, so it runs as `node bench/fuzz.mjs`, which prints the requests, targets and 5xx
 * count.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 4);
/** FUZZ_ROUTES=regex fuzzes only the matching route patterns (to reproduce one failure quickly). */
const ONLY = process.env.FUZZ_ROUTES ? new RegExp(process.env.FUZZ_ROUTES) : null;
const MAX_BYTES = 100 * 1024;
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"] as const;

type Handler = (request: Request, context?: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

interface RouteFile {
  /** e.g. /api/files/[id] */
  pattern: string;
  segments: string[];
  handlers: Partial<Record<(typeof METHODS)[number], Handler>>;
  /** Field names found in the route's source (zod object keys, form fields), so bodies reach validation. */
  fields: string[];
}

function routeFiles(): string[] {
  return readdirSync("app/api", { recursive: true })
    .map(String)
    .filter((file) => path.basename(file) === "route.ts")
    .sort();
}

const COMMON_FIELDS = [
  "id",
  "name",
  "email",
  "password",
  "phone",
  "message",
  "status",
  "note",
  "code",
  "token",
  "trackingNumber",
  "hospitalId",
  "planId",
  "reason",
  "files",
  "locale",
  "consent",
  "kind",
  "cursor",
  "limit",
  "page",
  "q",
  "to",
];

function fieldsOf(source: string): string[] {
  const names = new Set<string>();
  for (const match of source.matchAll(/\b([a-zA-Z][a-zA-Z0-9]*)\s*:\s*z\./g)) names.add(match[1]);
  for (const match of source.matchAll(/\.get(?:All)?\(\s*"([^"]+)"\s*\)/g)) names.add(match[1]);
  return [...names];
}

// Strings that have broken parsers before: traversal, NUL, lone surrogates, bidi marks, emoji, injection.
const NASTY = [
  "",
  " ",
  "../",
  "../../../../etc/passwd",
  "..%2f..%2fetc%2fpasswd",
  "%2e%2e",
  "%2e%2e%2f%2e%2e%2f",
  "..\\..\\windows\\win.ini",
  "a\u0000b",
  "\u0000",
  "%00",
  "\uD800",
  "\uDFFF",
  "x\uDC00y",
  "\u202Eevil\u202C",
  "\u200F\u200E",
  "\uFEFF",
  "👨‍👩‍👧‍👦",
  "🏥".repeat(1000),
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "${jndi:ldap://x}",
  "{{7*7}}",
  "NaN",
  "Infinity",
  "-1",
  "0",
  "1e309",
  "9".repeat(400),
  "null",
  "true",
  "[]",
  "{}",
  "00000000-0000-0000-0000-000000000000",
  "ffffffff-ffff-ffff-ffff-ffffffffffff",
  "AFY-0000-0000",
  "/api/../../etc/passwd",
  "C:\\Windows",
  "\r\nSet-Cookie: x=y",
  "ﾟ･✿ヾ╲(｡◕‿◕｡)╱✿･ﾟ",
  "ǅ",
  "İ",
  "ß".repeat(5000),
];

function huge(): fc.Arbitrary<string> {
  return fc
    .record({ unit: fc.constantFrom("a", "é", "🏥", "\uD800", "../", "\u0000"), size: fc.integer({ min: 1000, max: MAX_BYTES / 4 }) })
    .map(({ unit, size }) => unit.repeat(size));
}

const loneSurrogates = fc.string({ unit: fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)), maxLength: 20 });

const nastyString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...NASTY), weight: 5 },
  { arbitrary: fc.string({ maxLength: 50 }), weight: 3 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 50 }), weight: 2 },
  { arbitrary: loneSurrogates, weight: 1 },
  { arbitrary: fc.uuid(), weight: 2 },
  { arbitrary: fc.emailAddress(), weight: 1 },
  { arbitrary: huge(), weight: 1 },
);

const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: nastyString, weight: 5 },
  { arbitrary: fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.bigInt().map(String)), weight: 3 },
  { arbitrary: fc.array(nastyString, { maxLength: 5 }), weight: 1 },
  { arbitrary: fc.dictionary(fc.constantFrom("__proto__", "constructor", "a", "toString"), nastyString, { maxKeys: 3 }), weight: 1 },
  { arbitrary: fc.date({ noInvalidDate: false }).map((d) => (Number.isNaN(d.getTime()) ? "Invalid Date" : d.toISOString())), weight: 1 },
);

const VALID_FIELD_NAMES = validFields().map((part) => part.name);
/** Routes that take multipart uploads get mostly near-valid forms. */
const UPLOAD_ROUTE = /submissions|add-files|transcriptions$/;

/** A path id: a real one (so handlers go deep), a random uuid, or garbage. */
function idArbitrary(realIds: string[]): fc.Arbitrary<string> {
  return fc.oneof({ arbitrary: fc.constantFrom(...realIds), weight: 3 }, { arbitrary: fc.uuid(), weight: 2 }, { arbitrary: nastyString, weight: 5 });
}

type BodySpec =
  | { kind: "none" }
  | { kind: "json"; value: unknown }
  | { kind: "raw"; contentType: string | null; text: string }
  | {
      kind: "multipart";
      parts: { name: string; value?: string; file?: { name: string; type: string; data: "pdf" | "png" | "exe" | "empty" | "text" } }[];
      boundary: "ok" | "mismatch" | "missing" | "weird";
      truncate: number | null;
    };

function bodyArbitrary(fields: string[], uploads: boolean): fc.Arbitrary<BodySpec> {
  const key = fc.oneof({ arbitrary: fc.constantFrom(...fields, ...COMMON_FIELDS), weight: 4 }, { arbitrary: nastyString, weight: 1 });
  const object = fc.dictionary(key, wrongValue, { maxKeys: 12 });
  const json: fc.Arbitrary<BodySpec> = fc
    .oneof(
      { arbitrary: object, weight: 6 },
      { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 2 },
      { arbitrary: fc.anything({ maxDepth: 2 }).map((v) => JSON.parse(JSON.stringify(v ?? null) ?? "null")), weight: 1 },
    )
    .map((value) => ({ kind: "json" as const, value }));
  const raw: fc.Arbitrary<BodySpec> = fc.record({
    kind: fc.constant("raw" as const),
    contentType: fc.constantFrom(
      null,
      "application/json",
      "application/json; charset=utf-16",
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data",
      "application/xml",
      "image/png",
      "*/*",
      'application/json; charset="x"',
      "application/json;;;",
    ),
    text: fc.oneof(
      fc.constantFrom("{", '{"a":', "[1,2", "{'a':1}", "\u0000\u0001", '{"__proto__":{"admin":true}}', "null", "", "1e999999", '"\\uD800"'),
      object.map((value) => JSON.stringify(value).slice(0, -1)),
      nastyString,
    ),
  });
  const filePart = fc.record({
    name: nastyString.map((n) => n.slice(0, 300)),
    type: fc.constantFrom("application/pdf", "image/png", "application/octet-stream", "text/html", "", "application/dicom", "audio/wav"),
    data: fc.constantFrom("pdf" as const, "png" as const, "exe" as const, "empty" as const, "text" as const),
  });
  const part = fc.oneof(
    fc.record({ name: key, value: wrongValue.map((v) => (typeof v === "string" ? v : (JSON.stringify(v) ?? ""))) }),
    fc.record({ name: fc.constantFrom("files", "file", "audio", "document", ...fields), file: filePart }),
  );
  const multipart: fc.Arbitrary<BodySpec> = fc.record({
    kind: fc.constant("multipart" as const),
    parts: fc.array(part, { maxLength: 20 }),
    boundary: fc.constantFrom("ok" as const, "ok" as const, "mismatch" as const, "missing" as const, "weird" as const),
    truncate: fc.option(fc.integer({ min: 0, max: 4000 }), { nil: null }),
  });
  // A valid submission form with a few fields made wrong or left out, and odd files: reaches the upload code itself.
  const nearValid: fc.Arbitrary<BodySpec> = fc
    .record({
      overrides: fc.dictionary(fc.constantFrom(...VALID_FIELD_NAMES), fc.option(nastyString, { nil: undefined, freq: 4 }), { maxKeys: 3 }),
      files: fc.array(filePart, { minLength: 0, maxLength: 3 }),
      truncate: fc.option(fc.integer({ min: 100, max: 8000 }), { nil: null, freq: 4 }),
    })
    .map(({ overrides, files, truncate }) => ({
      kind: "multipart" as const,
      parts: [...validFields(overrides).map(({ name, value }) => ({ name, value })), ...files.map((file) => ({ name: "files", file }))],
      boundary: "ok" as const,
      truncate,
    }));
  return fc.oneof(
    { arbitrary: fc.constant({ kind: "none" as const }), weight: 1 },
    { arbitrary: json, weight: 4 },
    { arbitrary: raw, weight: 2 },
    { arbitrary: multipart, weight: 2 },
    { arbitrary: nearValid, weight: uploads ? 4 : 1 },
  );
}

const BOUNDARY = "----afyafuzzboundary";

function encodeBody(spec: BodySpec): { body?: Buffer | string; contentType?: string } {
  switch (spec.kind) {
    case "none":
      return {};
    case "json":
      return { body: JSON.stringify(spec.value) ?? "null", contentType: "application/json" };
    case "raw":
      return { body: spec.text, contentType: spec.contentType ?? undefined };
    case "multipart": {
      const chunks: Buffer[] = [];
      for (const part of spec.parts) {
        const header = part.file
          ? `Content-Disposition: form-data; name="${part.name}"; filename="${part.file.name}"\r\nContent-Type: ${part.file.type}\r\n\r\n`
          : `Content-Disposition: form-data; name="${part.name}"\r\n\r\n`;
        chunks.push(Buffer.from(`--${BOUNDARY}\r\n${header}`));
        if (part.file) chunks.push(fileBytes(part.file.data));
        else chunks.push(Buffer.from(part.value ?? ""));
        chunks.push(Buffer.from("\r\n"));
      }
      chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
      let bytes = Buffer.concat(chunks);
      if (spec.truncate !== null) bytes = bytes.subarray(0, spec.truncate);
      const contentType = {
        ok: `multipart/form-data; boundary=${BOUNDARY}`,
        mismatch: "multipart/form-data; boundary=somethingelse",
        missing: "multipart/form-data",
        weird: `multipart/form-data; boundary="${"\t".repeat(3)}${"x".repeat(200)}"`,
      }[spec.boundary];
      return { body: bytes, contentType };
    }
  }
}

function fileBytes(kind: "pdf" | "png" | "exe" | "empty" | "text"): Buffer {
  if (kind === "empty") return Buffer.alloc(0);
  if (kind === "text") return Buffer.from("just some text, not a medical file");
  return samples[kind]();
}

interface FuzzRequest {
  actor: "guest" | "patient" | "partner" | "admin";
  origin: "ok" | "missing" | "foreign" | "null";
  method: string;
  params: Record<string, string | string[]>;
  query: Record<string, string>;
  forwardedFor: string | null;
  body: BodySpec;
}

/**
 * What gets FUZZ_RUNS requests: one method of one route file, or, for the Better Auth catch-all, one
 * endpoint (path template like "reset-password/:token") with one of its methods.
 */
interface Target {
  label: string;
  route: RouteFile;
  method: (typeof METHODS)[number];
  /** Catch-all routes: the paths to aim at, as segments (":name" segments are fuzzed); none: garbage paths. */
  catchAllPaths?: string[][];
  /** Body and query keys the target reads (its schema's keys), on top of those found in the route source. */
  fields?: string[];
}

function requestArbitrary(target: Target, realIds: string[]): fc.Arbitrary<FuzzRequest> {
  const { route } = target;
  const fields = [...route.fields, ...(target.fields ?? [])];
  const params: Record<string, fc.Arbitrary<string | string[]>> = {};
  for (const segment of route.segments) {
    const catchAll = segment.match(/^\[\.\.\.(\w+)\]$/);
    const single = segment.match(/^\[(\w+)\]$/);
    if (catchAll) {
      const garbage = fc.array(
        nastyString.map((s) => s.slice(0, 200)),
        { maxLength: 4 },
      );
      const templates = target.catchAllPaths ?? [];
      params[catchAll[1]] = templates.length
        ? fc.oneof(...templates.map((template) => fc.tuple(...template.map((part) => (part.startsWith(":") ? idArbitrary(realIds) : fc.constant(part))))))
        : garbage;
    } else if (single) params[single[1]] = idArbitrary(realIds);
  }
  return fc.record({
    actor: fc.constantFrom("guest" as const, "patient" as const, "partner" as const, "admin" as const),
    origin: fc.oneof(
      { arbitrary: fc.constant("ok" as const), weight: 8 },
      { arbitrary: fc.constantFrom("missing" as const, "foreign" as const, "null" as const), weight: 2 },
    ),
    method: fc.constant(target.method),
    params: fc.record(params),
    query: fc.dictionary(
      fc.constantFrom(...fields, ...COMMON_FIELDS),
      nastyString.map((s) => s.slice(0, 2000)),
      { maxKeys: 5 },
    ),
    forwardedFor: fc.option(
      fc.oneof(
        fc.ipV4(),
        fc.ipV6(),
        nastyString.map((s) => s.slice(0, 200)),
      ),
      { nil: null, freq: 3 },
    ),
    body: bodyArbitrary(fields, UPLOAD_ROUTE.test(route.pattern)),
  });
}

/** Better Auth's endpoints as the app serves them: every one with an HTTP path, admin/* apart (refused, one target). */
async function authEndpoints(): Promise<{ paths: string[][]; methods: string[]; fields: string[] }[]> {
  const { getAuth } = await import("@/lib/auth/server");
  type Endpoint = {
    path?: string;
    options?: { method?: string | string[]; metadata?: { SERVER_ONLY?: boolean }; body?: { shape?: object }; query?: { shape?: object } };
  };
  const served = Object.values(getAuth().api as unknown as Record<string, Endpoint>).filter(
    (endpoint) => typeof endpoint.path === "string" && !endpoint.options?.metadata?.SERVER_ONLY,
  );
  const endpoints = served.filter((endpoint) => !endpoint.path!.startsWith("/admin/"));
  const segments = (endpoint: Endpoint) => endpoint.path!.slice(1).split("/");
  const shapeKeys = (schema?: { shape?: object }) => Object.keys(schema?.shape ?? {});
  return [
    ...endpoints.map((endpoint) => ({
      paths: [segments(endpoint)],
      methods: [endpoint.options?.method ?? "GET"].flat().filter((m) => m !== "*"),
      fields: [...shapeKeys(endpoint.options?.body), ...shapeKeys(endpoint.options?.query)],
    })),
    {
      paths: served.filter((endpoint) => endpoint.path!.startsWith("/admin/")).map(segments),
      methods: ["GET", "POST"],
      fields: ["userId", "role", "email", "password", "newPassword"],
    },
  ];
}

/** The URL path the request claims, built from the route pattern and the generated params. */
function pathFor(route: RouteFile, params: Record<string, string | string[]>): string {
  return route.segments
    .map((segment) => {
      const name = segment.match(/^\[(?:\.\.\.)?(\w+)\]$/)?.[1];
      if (!name) return segment;
      const value = params[name];
      // A URL cannot carry lone surrogates (the handler still gets them raw through params).
      const encode = (part: string) => encodeURIComponent(part.toWellFormed());
      return Array.isArray(value) ? value.map(encode).join("/") : encode(value ?? "");
    })
    .join("/");
}

function toRequest(route: RouteFile, spec: FuzzRequest, browsers: Record<FuzzRequest["actor"], Browser>): Request {
  const url = new URL(pathFor(route, spec.params), APP_URL);
  for (const [key, value] of Object.entries(spec.query)) url.searchParams.append(key, value);
  const headers = new Headers();
  if (spec.origin === "ok") headers.set("origin", APP_URL);
  if (spec.origin === "foreign") headers.set("origin", "https://evil.example");
  if (spec.origin === "null") headers.set("origin", "null");
  const cookie = browsers[spec.actor].cookieHeader();
  if (cookie) headers.set("cookie", cookie);
  // Header values must be ByteStrings: garbage that cannot be one is left out (a client could not send it either).
  if (spec.forwardedFor !== null && /^[\x20-\x7e]*$/.test(spec.forwardedFor)) headers.set("x-forwarded-for", spec.forwardedFor);
  else headers.set("x-forwarded-for", `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`);
  const hasBody = !["GET", "HEAD"].includes(spec.method);
  const { body, contentType } = hasBody ? encodeBody(spec.body) : {};
  if (contentType) headers.set("content-type", contentType);
  return new Request(url, { method: spec.method, headers, body: body as BodyInit | undefined });
}

describe("API fuzzing: malformed requests never cause a 5xx", () => {
  const routes: RouteFile[] = [];
  const targets: Target[] = [];
  const browsers = {} as Record<FuzzRequest["actor"], Browser>;
  const realIds: string[] = [];
  const actorIds: string[] = [];

  before(async () => {
    await useFreshApp();
    for (const file of routeFiles()) {
      const exported = (await import(`@/app/api/${file}`)) as Record<string, unknown>;
      const handlers: RouteFile["handlers"] = {};
      for (const method of METHODS) if (typeof exported[method] === "function") handlers[method] = exported[method] as Handler;
      const pattern = `/api/${path.dirname(file)}`.replace(/\/\.$/, "");
      routes.push({ pattern, segments: pattern.split("/"), handlers, fields: fieldsOf(readFileSync(path.join("app/api", file), "utf8")) });
    }
    for (const route of routes) {
      for (const method of Object.keys(route.handlers) as (typeof METHODS)[number][]) {
        if (route.pattern !== "/api/auth/[...all]") targets.push({ label: `${method} ${route.pattern}`, route, method });
      }
    }
    const auth = routes.find((route) => route.pattern === "/api/auth/[...all]")!;
    for (const endpoint of await authEndpoints()) {
      for (const method of endpoint.methods as (typeof METHODS)[number][]) {
        const label = endpoint.paths.length === 1 ? endpoint.paths[0].join("/") : "admin/* (refused)";
        targets.push({ label: `${method} /api/auth/${label}`, route: auth, method, catchAllPaths: endpoint.paths, fields: endpoint.fields });
      }
    }
    for (const method of ["GET", "POST"] as const) targets.push({ label: `${method} /api/auth/<garbage path>`, route: auth, method });
    await refreshActors();
  });
  after(async () => (await import("@/lib/db")).db().$disconnect());

  /** Fresh actors (auth and gate routes may sign them out or lock them), with a case and its file to aim ids at. */
  async function refreshActors() {
    const patient: Actor = await signUpPatient();
    const admin: Actor = await signUpAdmin();
    const partner: Actor = await signUpPartner("medipol-mega");
    browsers.guest = new Browser();
    browsers.patient = patient.browser;
    browsers.admin = admin.browser;
    browsers.partner = partner.browser;
    const { id } = await submitCase(patient);
    const { db } = await import("@/lib/db");
    const files = await db().submissionFile.findMany({ where: { submissionId: id }, select: { id: true } });
    realIds.splice(0, realIds.length, id, patient.id, admin.id, ...files.map((f) => f.id));
    actorIds.splice(0, actorIds.length, patient.id, admin.id, partner.id);
  }

  /** Whether the shared actors are still signed in as what they were (a fuzzed sign-out or 2FA change ends that). */
  async function actorsIntact(): Promise<boolean> {
    const { db } = await import("@/lib/db");
    const users = await db().user.findMany({
      where: { id: { in: actorIds } },
      select: { id: true, role: true, twoFactorEnabled: true, _count: { select: { sessions: true } } },
    });
    return users.length === 3 && users.every((user) => user._count.sessions > 0 && (user.role === "patient" || user.twoFactorEnabled === true));
  }

  test("every route under app/api and every Better Auth endpoint is a target", () => {
    assert.ok(routes.length >= 40, `only ${routes.length} route files found`);
    for (const route of routes) assert.ok(Object.keys(route.handlers).length > 0, `${route.pattern} exports no method`);
    const labels = targets.map((target) => target.label);
    for (const expected of [
      "POST /api/auth/sign-in/email",
      "POST /api/auth/two-factor/verify-totp",
      "GET /api/auth/get-session",
      "POST /api/auth/get-session",
      "GET /api/auth/reset-password/:token",
      "POST /api/transcriptions",
      "GET /api/transcriptions",
    ])
      assert.ok(labels.includes(expected), `${expected} in ${labels.join(", ")}`);
    assert.ok(!labels.some((label) => /\/api\/auth\/admin\/(?!\*)/.test(label)), "admin endpoints share one target");
    assert.equal(new Set(labels).size, labels.length);
  });

  test("requests the full campaign once answered with a 500 now get a JSON 4xx", async () => {
    const auth = routes.find((route) => route.pattern === "/api/auth/[...all]")!.handlers.POST!;
    const cases: [string, string, unknown, FuzzRequest["actor"]][] = [
      ["reset-password", "token with a lone surrogate", { token: "\udfe6\udd57x", newPassword: "a long enough new password" }, "guest"],
      ["reset-password", "NUL in a key", { token: "abc", "a\u0000b": null }, "guest"],
      ["update-user", "name as a number", { name: 6.06e-156 }, "partner"],
      ["update-user", "name as an array", { name: ["a", "b"] }, "partner"],
      ["update-user", "an unknown key", { constructor: "x", name: "Valid Name" }, "patient"],
    ];
    for (const [endpoint, label, body, actor] of cases) {
      const request = new Request(new URL(`/api/auth/${endpoint}`, APP_URL), {
        method: "POST",
        headers: { origin: APP_URL, "content-type": "application/json", cookie: browsers[actor].cookieHeader(), "x-forwarded-for": "198.18.77.77" },
        body: JSON.stringify(body),
      });
      const response = await auth(request, { params: Promise.resolve({ all: endpoint.split("/") }) });
      assert.equal(response.status, 400, `${endpoint}, ${label}: ${await response.clone().text()}`);
      assert.equal(typeof ((await response.json()) as { error?: unknown }).error, "string");
    }
    // A real profile change still works.
    const rename = await auth(
      new Request(new URL("/api/auth/update-user", APP_URL), {
        method: "POST",
        headers: { origin: APP_URL, "content-type": "application/json", cookie: browsers.patient.cookieHeader() },
        body: JSON.stringify({ name: "Renamed Patient" }),
      }),
      { params: Promise.resolve({ all: ["update-user"] }) },
    );
    assert.equal(rename.status, 200, await rename.clone().text());
  });

  test(`${RUNS} generated requests per route, method and auth endpoint: no 5xx, every 4xx is JSON { error }`, { timeout: 60 * 60_000 }, async () => {
    const failures: string[] = [];
    const totals = { requests: 0, fiveXX: 0, routes: 0 };
    const runStarted = Date.now();
    let index = 0;
    for (const target of targets) {
      const { route } = target;
      if (ONLY && !ONLY.test(target.label)) {
        index++;
        continue;
      }
      // Auth and gate routes can end the shared sessions: fresh actors before them when that happened.
      const sessionChanging = /\/api\/(auth|admin\/(unlock|setup))\b/.test(route.pattern);
      if (sessionChanging && !(await actorsIntact())) await refreshActors();
      totals.routes++;
      const samples = fc.sample(requestArbitrary(target, realIds), { numRuns: RUNS, seed: SEED + index++ });
      const histogram = new Map<number, number>();
      const started = Date.now();
      // A few requests in flight at once, as a server sees them (and so the run stays short).
      let next = 0;
      const fire = async () => {
        for (let spec = samples[next++]; spec; spec = samples[next++]) {
          const request = toRequest(route, spec, browsers);
          const handler = route.handlers[spec.method as (typeof METHODS)[number]]!;
          let status: number;
          let problem: string | null = null;
          try {
            const response = await handler(request, { params: Promise.resolve(spec.params) });
            status = response.status;
            if (status >= 400) {
              const type = response.headers.get("content-type") ?? "";
              const text = spec.method === "HEAD" ? "" : await response.text();
              let body: unknown = null;
              try {
                body = JSON.parse(text);
              } catch {
                /* reported below */
              }
              if (spec.method !== "HEAD" && (!type.includes("application/json") || typeof (body as { error?: unknown })?.error !== "string"))
                problem = `${status} without JSON {error}: ${type} ${text.slice(0, 200)}`;
              if (status >= 500) problem = `${status}: ${text.slice(0, 300)}`;
            } else await response.body?.cancel();
          } catch (error) {
            status = 599;
            problem = `threw ${error instanceof Error ? error.stack : String(error)}`;
          }
          histogram.set(status, (histogram.get(status) ?? 0) + 1);
          totals.requests++;
          if (status >= 500) totals.fiveXX++;
          if (problem && failures.length < 40) console.log(`FUZZ PROBLEM ${target.label}: ${problem.slice(0, 300)}`);
          if (problem && failures.length < 40)
            failures.push(`${target.label} as ${spec.actor} (origin ${spec.origin}): ${problem}\n    request: ${JSON.stringify(spec).slice(0, 600)}`);
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, fire));
      const counts = [...histogram]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}×${n}`)
        .join(" ");
      console.log(
        `fuzz ${target.label.padEnd(56)} ${String(samples.length).padStart(5)} requests in ${((Date.now() - started) / 1000).toFixed(1)} s: ${counts}`,
      );
    }
    console.log(
      `fuzz total: ${totals.requests} requests over ${totals.routes} targets (route methods and auth endpoints), ${totals.fiveXX} answers 5xx, ${((Date.now() - runStarted) / 1000).toFixed(0)} s (seed ${SEED})`,
    );
    assert.deepEqual(failures, [], failures.join("\n"));
    assert.equal(totals.fiveXX, 0);
  });
});
