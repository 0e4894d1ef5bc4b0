import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Browser, useFreshApp } from "./support/app";
import { createTestDatabase, type TestDatabase } from "./support/databases";
import { multipartBody, MULTIPART_TYPE, samples, toStream, validFields } from "./support/multipart";

/**
 * The guest tracking code: asking for one takes the same time whether or not the tracking number and
 * e-mail belong together (else the answer's timing tells which e-mails have cases), and a code allows
 * at most 5 guesses even when they arrive at once.
 */
type Handler = (request: Request) => Promise<Response>;
const routes: Record<"submit" | "request" | "verify", Handler> = {} as never;
const EMAIL = "timing.guest@example.com";
let dataDir: string;
let guestCase: { id: string; trackingNumber: string };
let postgres: TestDatabase | null = null;

const database = async () => (await import("@/lib/db")).db();
let address = 0;
/** Each request from its own documentation-range address, so the per-address limit never answers first. */
function fromNewAddress(pathname: string, json: unknown): Request {
  const request = new Browser().request(pathname, { json });
  request.headers.set("x-forwarded-for", `198.51.${Math.floor(++address / 250)}.${address % 250}`);
  return request;
}

/** The codes mailed for a case so far, oldest first (mail goes to the development outbox). */
function mailedCodes(trackingNumber: string): string[] {
  const outbox = path.join(dataDir, "outbox");
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .sort()
    .map((name) => readFileSync(path.join(outbox, name), "utf8").match(new RegExp(`submission ${trackingNumber} is (\\d{6})\\.`))?.[1])
    .filter((code): code is string => !!code);
}

/** The first code mailed after the first `alreadyMailed` ones. */
async function waitForCode(trackingNumber: string, alreadyMailed: number, timeoutMs = 10_000): Promise<string> {
  for (const started = Date.now(); Date.now() - started < timeoutMs; await new Promise((resolve) => setTimeout(resolve, 20))) {
    const code = mailedCodes(trackingNumber)[alreadyMailed];
    if (code) return code;
  }
  throw new Error("no tracking code arrived");
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

describe("guest tracking codes", () => {
  before(async () => {
    if (process.env.TEST_DATABASE_URL) postgres = await createTestDatabase("postgres");
    ({ dataDir } = await useFreshApp({ databaseUrl: postgres?.url ?? null }));
    routes.submit = (await import("@/app/api/medical-submissions/route")).POST as Handler;
    routes.request = (await import("@/app/api/track/request-code/route")).POST as Handler;
    routes.verify = (await import("@/app/api/track/verify/route")).POST as Handler;
    const body = multipartBody([
      ...validFields({ email: EMAIL, consentEmail: EMAIL }),
      { name: "files", file: { name: "scan.pdf", type: "application/pdf", data: samples.pdf() } },
    ]);
    const response = await routes.submit(new Browser().request("/api/medical-submissions", { body: toStream(body), contentType: MULTIPART_TYPE }));
    assert.equal(response.status, 201, await response.clone().text());
    guestCase = (await response.json()) as { id: string; trackingNumber: string };
  });
  after(async () => {
    await (await database()).$disconnect();
    await postgres?.drop();
  });

  test("asking for a code takes as long for an unknown e-mail as for the case's own (50 tries each)", async () => {
    const db = await database();
    const ask = async (email: string) => {
      // The per-case limit (5 an hour) is not what is measured: cleared before each try, outside the timing.
      await db.$executeRaw`DELETE FROM "rateLimit" WHERE key LIKE 'afya:track-code-sub:%'`;
      const started = process.hrtime.bigint();
      const response = await routes.request(fromNewAddress("/api/track/request-code", { trackingNumber: guestCase.trackingNumber, email }));
      const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
      assert.equal(response.status, 200);
      assert.deepEqual(await response.json(), { success: true });
      return elapsed;
    };
    for (let i = 0; i < 5; i++) await ask(i % 2 ? EMAIL : "warm.up@example.com"); // first queries compile and cache plans
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 50; i++) {
      unknown.push(await ask(`someone.${i}@example.com`));
      const mails = mailedCodes(guestCase.trackingNumber).length;
      known.push(await ask(EMAIL));
      // The code is sent after the answer: wait for it, so that its work does not slow the next try.
      await waitForCode(guestCase.trackingNumber, mails);
    }
    const [k, u] = [median(known), median(unknown)];
    const noise = Math.max(3, 0.25 * Math.min(k, u));
    assert.ok(
      Math.abs(k - u) <= noise,
      `median ${k.toFixed(2)} ms for the case's e-mail vs ${u.toFixed(2)} ms for unknown ones (allowed difference ${noise.toFixed(2)} ms)`,
    );
  });

  test("guesses sent at once use up the code's five tries, never more", async () => {
    const db = await database();
    await db.$executeRaw`DELETE FROM "rateLimit"`;
    const before = mailedCodes(guestCase.trackingNumber).length;
    assert.equal((await routes.request(fromNewAddress("/api/track/request-code", { trackingNumber: guestCase.trackingNumber, email: EMAIL }))).status, 200);
    const code = await waitForCode(guestCase.trackingNumber, before);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const answers = await Promise.all(
      Array.from({ length: 15 }, () =>
        routes.verify(fromNewAddress("/api/track/verify", { trackingNumber: guestCase.trackingNumber, email: EMAIL, code: wrong })),
      ),
    );
    assert.deepEqual(new Set(answers.map((answer) => answer.status)), new Set([400]));
    const current = await db.trackingCode.findFirstOrThrow({ where: { submissionId: guestCase.id, consumedAt: null }, orderBy: { createdAt: "desc" } });
    assert.equal(current.attempts, 5, "every guess beyond the fifth is refused before it is compared");
    const right = await routes.verify(fromNewAddress("/api/track/verify", { trackingNumber: guestCase.trackingNumber, email: EMAIL, code }));
    assert.equal(right.status, 400, "the right code no longer works after five wrong ones");
  });
});
