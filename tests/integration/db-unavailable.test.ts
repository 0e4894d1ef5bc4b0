import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Browser, useFreshApp } from "./support/app";
import { createTestDatabase, type TestDatabase } from "./support/databases";
import { PASSWORD, signUpPatient, submitCase, type Actor } from "./support/actors";
import { CuttableProxy } from "../support/cuttable-proxy";

/**
 * Issue 7's fault proof: while the database is unreachable, APIs answer 503 with a clear message and
 * Retry-After, and they recover by themselves when it returns. The app reaches PostgreSQL through a TCP
 * proxy started here; closing the proxy (and cutting its open connections) is the outage. Pages in
 * the same outage: tests/e2e/database-outage.spec.ts.
 */
const MESSAGE = "The service is temporarily unavailable. Please try again in a minute.";

describe(
  "database unreachable: 503 with a clear message, then recovery",
  { skip: process.env.TEST_DATABASE_URL ? false : "TEST_DATABASE_URL is not set (needs a PostgreSQL server to cut the connection to)" },
  () => {
    let database: TestDatabase;
    let proxy: CuttableProxy;
    let patient: Actor;
    type Handler = (request: Request) => Promise<Response>;
    let list: Handler;
    let inquiries: Handler;
    let auth: Handler;

    before(async () => {
      database = await createTestDatabase("postgres");
      const cuttable = await CuttableProxy.in(database.url!);
      proxy = cuttable.proxy;
      await useFreshApp({ databaseUrl: cuttable.url });
      patient = await signUpPatient();
      await submitCase(patient);
      list = (await import("@/app/api/my-submissions/route")).GET as Handler;
      inquiries = (await import("@/app/api/inquiries/route")).POST as Handler;
      auth = (await import("@/app/api/auth/[...all]/route")).POST as Handler;
    });
    after(async () => {
      await proxy?.cut();
      await (
        await import("@/lib/db")
      )
        .db()
        .$disconnect()
        .catch(() => {});
      await database?.drop();
    });

    const listMine = () => list(patient.browser.request("/api/my-submissions"));
    const signIn = () => auth(new Browser().request("/api/auth/sign-in/email", { json: { email: patient.email, password: PASSWORD } }));
    const sendInquiry = () =>
      inquiries(
        patient.browser.request("/api/inquiries", {
          json: { name: "Amina Bello", email: "amina@example.com", message: "Is cardiology available in Istanbul next month?" },
        }),
      );

    test("fine while the database is reachable", async () => {
      const response = await listMine();
      assert.equal(response.status, 200, await response.clone().text());
      assert.equal(((await response.json()) as unknown[]).length, 1);
    });

    test("database gone: reads and writes answer 503 { error } with Retry-After, quickly", async () => {
      await proxy.cut();
      for (const call of [listMine, sendInquiry, signIn, listMine]) {
        const started = Date.now();
        const response = await call();
        assert.equal(response.status, 503, await response.clone().text());
        assert.equal(response.headers.get("retry-after"), "30");
        assert.deepEqual(await response.json(), { error: MESSAGE, code: "unavailable" });
        assert.ok(Date.now() - started < 15_000, "the 503 must not wait for a long timeout");
      }
    });

    test("database back: the same calls succeed again without a restart", async () => {
      await proxy.open();
      let response = await listMine();
      // The pool may hold one connection that died in the outage; the next request gets a fresh one.
      for (let attempt = 0; response.status === 503 && attempt < 5; attempt++) response = await listMine();
      assert.equal(response.status, 200, await response.clone().text());
      assert.equal(((await response.json()) as unknown[]).length, 1);
      const inquiry = await sendInquiry();
      assert.equal(inquiry.status, 201, await inquiry.clone().text());
      const signedIn = await signIn();
      assert.equal(signedIn.status, 200, await signedIn.clone().text());
    });
  },
);
