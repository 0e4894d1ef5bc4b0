import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { Browser, useFreshApp } from "./support/app";
import { createTestDatabase, type TestDatabase } from "./support/databases";
import { multipartBody, MULTIPART_TYPE, samples, toStream, validFields } from "./support/multipart";

/**
 * The guest tracking code: asking for one is answered before the tracking number and e-mail are even
 * looked up, so the answer's timing cannot tell which e-mails have cases; and a code allows at most 5
 * guesses even when they arrive at once.
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

/** The per-case limit (5 codes an hour) is not what these tests are about. */
async function clearCaseLimit() {
  const db = await database();
  await db.$executeRaw`DELETE FROM "rateLimit" WHERE key LIKE 'afya:track-code-sub:%'`;
}

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

  test("the answer leaves before the code is mailed: nothing is in the outbox when it arrives, the code follows", async () => {
    await clearCaseLimit();
    const mails = mailedCodes(guestCase.trackingNumber).length;
    const response = await routes.request(fromNewAddress("/api/track/request-code", { trackingNumber: guestCase.trackingNumber, email: EMAIL }));
    // Read synchronously, before any of the request's own later I/O can complete.
    const mailedWhenAnswered = mailedCodes(guestCase.trackingNumber).length;
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { success: true });
    assert.equal(mailedWhenAnswered, mails, "the answer waited for the code's mail");
    await waitForCode(guestCase.trackingNumber, mails);
  });

  test(
    "with the cases unreadable (tables locked), the case's e-mail and an unknown one are both answered at once: the answer never waits for the look-up",
    { skip: !process.env.TEST_DATABASE_URL && "needs PostgreSQL (TEST_DATABASE_URL): the embedded database has one connection" },
    async () => {
      await clearCaseLimit();
      const mails = mailedCodes(guestCase.trackingNumber).length;
      const locker = new pg.Client({ connectionString: postgres!.url! });
      await locker.connect();
      await locker.query("BEGIN");
      await locker.query('LOCK TABLE "Submission", "TrackingCode" IN ACCESS EXCLUSIVE MODE');
      try {
        for (const email of [EMAIL, "someone.else@example.com"]) {
          const answer = routes.request(fromNewAddress("/api/track/request-code", { trackingNumber: guestCase.trackingNumber, email }));
          const status = await Promise.race([answer.then((response) => response.status), sleep(5_000).then(() => "no answer after 5 s")]);
          assert.equal(status, 200, `asking with ${email} waited for the case's look-up`);
        }
        assert.equal(mailedCodes(guestCase.trackingNumber).length, mails);
      } finally {
        await locker.query("ROLLBACK");
        await locker.end();
      }
      await waitForCode(guestCase.trackingNumber, mails);
    },
  );

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
