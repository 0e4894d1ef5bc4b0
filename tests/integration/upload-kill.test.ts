import { after, before, describe, mock, test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import { spawnUploadServer, type UploadServer } from "../support/upload-server-process";
import { APP_URL } from "./support/app";
import { multipartBody, MULTIPART_TYPE, samples, validFields, type Part } from "./support/multipart";

/*
 * Issue 7's fault proof: the server is killed (SIGKILL) in the middle of 20 uploads, then restarted.
 * Afterwards every submission that exists is complete (all its files readable, sha256 as sent), none
 * is half-made, and after the orphan sweep no stored object lacks a row and no temporary file of a
 * cut-off write is left. The server is a child process
 * serving the real route handler on the embedded database (tests/support/upload-server.ts).
 */
const UPLOADS = 20;
const dataDir = mkdtempSync(path.join(tmpdir(), "afya-kill-"));
const env = {
  DATA_DIR: dataDir,
  APP_URL,
  BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
  STORAGE_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
};

function startServer(): Promise<UploadServer> {
  return spawnUploadServer(env);
}

interface Sent {
  email: string;
  files: { name: string; sha256: string }[];
  status: number | null;
  id?: string;
}

/** One guest submission, its file bytes dribbled out slowly when `slow`, from its own address (rate limits are per address). */
function upload(port: number, index: number, slow: boolean): { sent: Sent; done: Promise<void> } {
  const email = `kill-${index}@example.com`;
  const files: Buffer[] = [
    samples.pdf(),
    ...(index % 2 ? [samples.png()] : []),
    ...(slow ? [Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(600_000, index)])] : []),
  ];
  const sent: Sent = { email, files: files.map((data, i) => ({ name: `scan-${i}`, sha256: createHash("sha256").update(data).digest("hex") })), status: null };
  const parts: Part[] = [
    ...validFields({ email, consentEmail: email }),
    ...files.map((data, i) => ({
      name: "files",
      file: {
        name: `scan-${i}.${data[0] === 0x89 ? "png" : "pdf"}`,
        type: data[0] === 0x89 ? "image/png" : "application/pdf",
        data: slow ? dribble(data, 2 + (index % 5) * 4) : data,
      },
    })),
  ];
  const done = new Promise<void>((resolve) => {
    const request = http.request({
      host: "127.0.0.1",
      port,
      method: "POST",
      path: "/api/medical-submissions",
      headers: { "content-type": MULTIPART_TYPE, origin: APP_URL, "x-forwarded-for": `198.51.100.${index + 1}` },
    });
    request.on("response", (response) => {
      let text = "";
      response.on("data", (chunk) => (text += chunk));
      response.on("end", () => {
        sent.status = response.statusCode ?? null;
        if (sent.status === 201) sent.id = (JSON.parse(text) as { id: string }).id;
        resolve();
      });
      response.on("error", () => resolve());
    });
    request.on("error", () => resolve()); // the server died under us
    Readable.from(multipartBody(parts))
      .on("error", () => request.destroy())
      .pipe(request);
  });
  return { sent, done };
}

/** Resolved when the server has been killed: slow uploads hold part of their last file until then. */
let markKilled: () => void = () => {};
const killed = new Promise<void>((resolve) => (markKilled = resolve));

/** 16 KiB every 40 ms; after `stallAfter` chunks the stream waits for the kill, so it is surely cut off. */
async function* dribble(data: Buffer, stallAfter: number): AsyncGenerator<Buffer> {
  for (let offset = 0, chunk = 0; offset < data.length; offset += 16 * 1024, chunk++) {
    if (chunk === stallAfter) await killed;
    yield data.subarray(offset, offset + 16 * 1024);
    await sleep(40);
  }
}

describe("server killed (SIGKILL) in the middle of 20 uploads", () => {
  let server: UploadServer | null = null;
  after(async () => {
    server?.child.kill("SIGKILL");
    await server?.exited;
    await (
      await import("@/lib/db")
    )
      .db()
      .$disconnect()
      .catch(() => {});
  });

  const results: Sent[] = [];
  before(async () => {
    server = await startServer();
    // Six uploads finish quickly; fourteen are still streaming their last file when the server dies.
    const uploads = Array.from({ length: UPLOADS }, (_, i) => upload(server!.port, i, i >= 6));
    results.push(...uploads.map((u) => u.sent));
    const deadline = Date.now() + 20_000;
    while (results.filter((r) => r.status === 201).length < 6 && Date.now() < deadline) await sleep(50);
    await sleep(300);
    server.child.kill("SIGKILL");
    await server.exited;
    markKilled();
    await Promise.all(uploads.map((u) => u.done));

    // The restart: the server starts on the same data and accepts uploads again.
    server = await startServer();
    const afterRestart = upload(server.port, UPLOADS, false);
    await afterRestart.done;
    results.push(afterRestart.sent);
    assert.equal(afterRestart.sent.status, 201, "an upload after the restart succeeds");
    server.child.kill("SIGTERM");
    await server.exited;
    server = null;

    // This process now opens the same data directory to check what the server left.
    Object.assign(process.env, env);
    delete process.env.DATABASE_URL;
    (await import("@/lib/env")).resetEnvForTests();
    await (await import("@/lib/db/prepare")).prepareDatabase(() => {});
  });

  test("some uploads completed before the kill and some were cut off", () => {
    const completed = results.filter((r) => r.status === 201).length;
    assert.ok(completed >= 6, `only ${completed} uploads completed`);
    assert.ok(
      results.some((r) => r.status === null),
      "no upload was cut off by the kill",
    );
    console.log(`upload-kill: ${completed - 1} of ${UPLOADS} uploads completed before the kill, ${results.filter((r) => r.status === null).length} cut off`);
  });

  test("every submission that exists is complete, with all its files as sent; none is half-made", async () => {
    const { db } = await import("@/lib/db");
    const submissions = await db().submission.findMany({ select: { id: true, email: true, files: { select: { id: true, sha256: true } } } });
    const byEmail = new Map(results.map((r) => [r.email, r]));
    for (const submission of submissions) {
      const sent = byEmail.get(submission.email);
      assert.ok(sent, `unexpected submission for ${submission.email}`);
      assert.deepEqual(
        submission.files.map((f) => f.sha256).sort(),
        sent.files.map((f) => f.sha256).sort(),
        `submission of ${submission.email} has not exactly the files sent`,
      );
    }
    for (const sent of results.filter((r) => r.status === 201))
      assert.ok(
        submissions.some((s) => s.id === sent.id),
        `the acknowledged submission of ${sent.email} is missing`,
      );
    assert.equal(submissions.length, new Set(submissions.map((s) => s.email)).size, "a submission was stored twice");
  });

  test("through the API, an admin reads every file of every submission with its sha256", async () => {
    const { signUpAdmin } = await import("./support/actors");
    const admin = await signUpAdmin();
    const { db } = await import("@/lib/db");
    const files = await db().submissionFile.findMany({ select: { id: true, sha256: true } });
    assert.ok(files.length > 0);
    const { GET } = await import("@/app/api/files/[id]/route");
    for (const file of files) {
      const response = await GET(admin.browser.request(`/api/files/${file.id}`), { params: Promise.resolve({ id: file.id }) });
      assert.equal(response.status, 200, await response.clone().text());
      assert.equal(
        createHash("sha256")
          .update(Buffer.from(await response.arrayBuffer()))
          .digest("hex"),
        file.sha256,
      );
    }
  });

  test("the orphan sweep deletes stored objects without a row and the temporary files of cut-off writes, and keeps every referenced one", async () => {
    const { getStore } = await import("@/lib/storage");
    const { db } = await import("@/lib/db");
    const { log } = await import("@/lib/log");
    const { sweepOrphanedUploads } = await import("@/lib/uploads/orphan-sweep");
    const store = getStore();
    // The window a kill can hit (bytes stored, row not yet committed), made certain: one planted object.
    const planted = await store.put("submissions/planted-orphan", Readable.from([Buffer.from("%PDF-1.4 orphan")]));
    const before = await storedKeys();
    // The files the killed server was still writing (the slow uploads' last files) are left behind.
    const leftByKill = temporaryFiles();
    assert.ok(leftByKill.length >= 1, "the kill left no temporary file: the slow uploads were not cut off while being stored");

    // With the default age (1 hour), fresh objects and temporary files are left alone: they may belong to an upload in progress.
    const fresh = await sweepOrphanedUploads();
    assert.equal(fresh.deleted, 0);
    assert.equal(fresh.temporaryFiles, 0);
    assert.ok(await store.exists(planted.key));
    assert.deepEqual(temporaryFiles(), leftByKill);

    await sleep(20);
    const info = mock.method(log, "info");
    let result: Awaited<ReturnType<typeof sweepOrphanedUploads>>;
    try {
      result = await sweepOrphanedUploads({ minAgeMs: 0 });
    } finally {
      info.mock.restore();
    }
    assert.ok(result.deleted >= 1);
    assert.equal(await store.exists(planted.key), false);
    assert.equal(result.temporaryFiles, leftByKill.length);
    assert.deepEqual(temporaryFiles(), [], "temporary files remain after the sweep");
    const [fields] = info.mock.calls.at(-1)!.arguments as unknown as [Record<string, unknown>];
    assert.deepEqual(fields, { job: "orphan_upload_sweep", ...result }, "the sweep logs how many objects and temporary files it deleted");
    const referenced = new Set((await db().submissionFile.findMany({ select: { storageKey: true } })).map((f) => f.storageKey));
    const left = await storedKeys();
    assert.deepEqual(
      left.filter((key) => !referenced.has(key)),
      [],
      "stored objects without a row remain",
    );
    assert.deepEqual(before.filter((key) => referenced.has(key)).sort(), [...left].sort(), "a referenced object was deleted");
    const auditRow = await db().auditEvent.findFirst({ where: { action: "storage.orphans_deleted" }, orderBy: { createdAt: "desc" } });
    assert.ok(auditRow, "the sweep is audited");
    console.log(
      `upload-kill: orphan sweep checked ${result.checked} objects, deleted ${result.deleted} (1 planted) and ${result.temporaryFiles} temporary files`,
    );

    /** Every *.tmp file anywhere in the local store. */
    function temporaryFiles() {
      return readdirSync(path.join(dataDir, "files"), { recursive: true, encoding: "utf8" })
        .filter((name) => name.endsWith(".tmp"))
        .sort();
    }

    async function storedKeys() {
      const keys: string[] = [];
      for (const prefix of ["submissions", "transcriptions"]) for await (const key of store.list(prefix)) keys.push(key);
      return keys;
    }
  });
});
