import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { APP_URL, useFreshApp } from "./support/app";
import { createTestDatabase, type TestDatabase } from "./support/databases";
import { serveRoutes } from "./support/http-app";
import { validJsonFields } from "./support/multipart";
import { s3rverEnv, startS3rver } from "../support/s3rver";

/*
 * Two app instances on one PostgreSQL database and one S3 bucket (s3rver) continue one upload in turn:
 * each instance has its own tus server, store client and locker, as separate processes would. Runs
 * when TEST_DATABASE_URL names a PostgreSQL server (.ci/run sets it).
 */
const MiB = 1024 * 1024;
const b64 = (text: string) => Buffer.from(text).toString("base64");

describe("one upload continued by two app instances (PostgreSQL + S3)", { skip: !process.env.TEST_DATABASE_URL && "needs TEST_DATABASE_URL" }, () => {
  let database: TestDatabase;
  let s3: { close: () => Promise<void> };
  let s3Directory: string;
  const instances: { url: string; close: () => Promise<void> }[] = [];
  const lockers: { close(): Promise<void> }[] = [];
  let cookie = "";

  before(async () => {
    database = await createTestDatabase("postgres");
    s3Directory = await mkdtemp(path.join(tmpdir(), "afya-s3rver-"));
    const started = await startS3rver(s3Directory, ["instances"]);
    s3 = started;
    Object.assign(process.env, s3rverEnv(started.port, "instances"));
    await useFreshApp({ databaseUrl: database.url });
    const { createUploadServer } = await import("@/lib/uploads/tus/server");
    const { getEnv } = await import("@/lib/env");
    const submissions = await import("@/app/api/medical-submissions/route");
    for (let i = 0; i < 2; i++) {
      const tus = createUploadServer(getEnv());
      lockers.push(tus.options.locker as unknown as { close(): Promise<void> });
      const handle = (request: Request) => tus.handleWeb(request);
      instances.push(
        await serveRoutes(
          [
            { pattern: /^\/api\/uploads(\/[0-9a-f]*)?$/, handlers: { POST: handle, PATCH: handle, HEAD: handle } },
            { pattern: /^\/api\/medical-submissions$/, handlers: { POST: submissions.POST } },
          ],
          APP_URL,
        ),
      );
    }
  });
  after(async () => {
    await Promise.all(instances.map((instance) => instance.close()));
    await Promise.all(lockers.map((locker) => locker.close()));
    const { db } = await import("@/lib/db");
    await db().$disconnect();
    await s3.close();
    await rm(s3Directory, { recursive: true, force: true });
    for (const name of Object.keys(process.env)) if (name.startsWith("S3_")) delete process.env[name];
    await database.drop();
  });

  async function call(instance: number, pathname: string, init: { method: string; headers?: Record<string, string>; body?: BodyInit }) {
    const response = await fetch(new URL(pathname, instances[instance].url), {
      ...init,
      headers: { origin: APP_URL, cookie, "tus-resumable": "1.0.0", ...init.headers },
      duplex: "half",
    } as RequestInit);
    const set = response.headers.getSetCookie()[0];
    if (set) cookie = set.split(";")[0];
    return response;
  }

  test("started on one instance, continued on the other, finished whole; a request hanging on one gives way to the other's", async () => {
    const file = Buffer.concat([Buffer.from("%PDF-1.4\n"), randomBytes(11 * MiB)]);
    const created = await call(0, "/api/medical-submissions", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...validJsonFields(), files: [{ name: "study.pdf", size: file.length }] }),
    });
    assert.equal(created.status, 201, await created.clone().text());
    const id = ((await created.json()) as { uploads: { id: string }[] }).uploads[0].id;

    const first = 6 * MiB;
    const started = await call(0, "/api/uploads", {
      method: "POST",
      headers: { "upload-length": String(file.length), "upload-metadata": `uploadId ${b64(id)}`, "content-type": "application/offset+octet-stream" },
      body: file.subarray(0, first),
    });
    assert.equal(started.status, 201, await started.clone().text());
    const offset = Number((await call(1, `/api/uploads/${id}`, { method: "HEAD" })).headers.get("upload-offset"));
    assert.equal(offset, first, "the other instance sees what the first one received");

    // Instance 0 gets a request that sends a little and then hangs (a phone that lost its signal)...
    const hanging = new ReadableStream<Uint8Array>({ start: (controller) => controller.enqueue(file.subarray(offset, offset + 1000)) });
    const stuck = call(0, `/api/uploads/${id}`, {
      method: "PATCH",
      headers: { "upload-offset": String(offset), "content-type": "application/offset+octet-stream" },
      body: hanging,
    }).catch(() => null);
    await new Promise((resolve) => setTimeout(resolve, 500));
    // ...and the phone, reconnected, continues on instance 1: the hanging request is asked to let go.
    const now = Number((await call(1, `/api/uploads/${id}`, { method: "HEAD" })).headers.get("upload-offset"));
    const rest = await call(1, `/api/uploads/${id}`, {
      method: "PATCH",
      headers: { "upload-offset": String(now), "content-type": "application/offset+octet-stream" },
      body: file.subarray(now),
    });
    assert.equal(rest.status, 204, await rest.clone().text());
    assert.equal(Number(rest.headers.get("upload-offset")), file.length);
    await stuck;

    const { db } = await import("@/lib/db");
    const row = await db().upload.findUniqueOrThrow({ where: { id }, include: { submission: { include: { files: true } } } });
    assert.ok(row.completedAt);
    assert.equal(row.submission.files[0].sha256, createHash("sha256").update(file).digest("hex"));
  });
});
