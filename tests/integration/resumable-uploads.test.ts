import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { APP_URL, useFreshApp } from "./support/app";
import { serveRoutes } from "./support/http-app";
import { validJsonFields } from "./support/multipart";
import { s3rverEnv, startS3rver } from "../support/s3rver";

/*
 * The resumable upload endpoint (tus 1.0 at /api/uploads) against the route handlers served over
 * real HTTP, on the embedded store (encrypted local disk) and on S3 (s3rver).
 */
const MiB = 1024 * 1024;
const MARKER = Buffer.from("PLAINTEXT-MARKER-afyabridge-7f3c9a51");

/** A PDF-looking file with a known marker every 64 KiB, so that plaintext on disk can be searched for. */
function markedPdf(size: number): Buffer {
  const bytes = randomBytes(size);
  bytes.write("%PDF-1.4\n", 0);
  for (let at = 1024; at + MARKER.length < size; at += 64 * 1024) MARKER.copy(bytes, at);
  return bytes;
}
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const b64 = (text: string) => Buffer.from(text).toString("base64");

class Client {
  private cookies = new Map<string, string>();
  constructor(readonly base: string) {}

  async fetch(
    pathname: string,
    init: { method: string; headers?: Record<string, string>; body?: Buffer | string | ReadableStream<Uint8Array> },
  ): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set("origin", APP_URL);
    if (this.cookies.size) headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    const response = await fetch(new URL(pathname, this.base), { method: init.method, headers, body: init.body, duplex: "half" } as RequestInit);
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const [name, ...value] = pair.split("=");
      this.cookies.set(name.trim(), value.join("="));
    }
    return response;
  }

  async submit(files: { name: string; size: number }[]) {
    const response = await this.fetch("/api/medical-submissions", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...validJsonFields(), files }),
    });
    return { response, body: (await response.json()) as { id: string; uploads: { id: string; name: string; size: number }[]; error?: string; code?: string } };
  }

  create(id: string, length: number, first?: Buffer) {
    return this.fetch("/api/uploads", {
      method: "POST",
      headers: {
        "tus-resumable": "1.0.0",
        "upload-length": String(length),
        "upload-metadata": `uploadId ${b64(id)},filename ${b64("scan.pdf")}`,
        ...(first ? { "content-type": "application/offset+octet-stream" } : {}),
      },
      body: first,
    });
  }

  patch(id: string, offset: number, bytes: Buffer) {
    return this.fetch(`/api/uploads/${id}`, {
      method: "PATCH",
      headers: { "tus-resumable": "1.0.0", "upload-offset": String(offset), "content-type": "application/offset+octet-stream" },
      body: bytes,
    });
  }

  async offset(id: string): Promise<{ status: number; offset: number }> {
    const response = await this.fetch(`/api/uploads/${id}`, { method: "HEAD", headers: { "tus-resumable": "1.0.0" } });
    return { status: response.status, offset: Number(response.headers.get("upload-offset")) };
  }
}

async function filesUnder(folder: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(folder, { withFileTypes: true, recursive: true })) if (entry.isFile()) found.push(path.join(entry.parentPath, entry.name));
  return found;
}

describe("resumable uploads (tus at /api/uploads)", () => {
  let dataDir: string;
  let server: { url: string; close: () => Promise<void> };
  const env = { ...process.env };

  before(async () => {
    process.env.REQUEST_IDLE_TIMEOUT_SECONDS = "2";
    ({ dataDir } = await useFreshApp());
    const uploads = await import("@/app/api/uploads/[[...id]]/route");
    const submissions = await import("@/app/api/medical-submissions/route");
    server = await serveRoutes(
      [
        { pattern: /^\/api\/uploads(\/[0-9a-f]*)?$/, handlers: { POST: uploads.POST, PATCH: uploads.PATCH, HEAD: uploads.HEAD, DELETE: uploads.DELETE } },
        { pattern: /^\/api\/medical-submissions$/, handlers: { POST: submissions.POST } },
      ],
      APP_URL,
    );
  });
  after(async () => {
    await server.close();
    const { db } = await import("@/lib/db");
    await db().$disconnect();
  });

  test("a submission announces its files before any byte travels: too large, empty and too many are refused by name", async () => {
    const guest = new Client(server.url);
    const tooLarge = await guest.submit([{ name: "ct-study.zip", size: 500 * MiB + 1 }]);
    assert.equal(tooLarge.response.status, 413);
    assert.match(tooLarge.body.error ?? "", /ct-study\.zip/);
    const empty = await guest.submit([{ name: "blank.pdf", size: 0 }]);
    assert.equal(empty.response.status, 400);
    assert.match(empty.body.error ?? "", /blank\.pdf/);
    const many = await guest.submit(Array.from({ length: 51 }, (_, i) => ({ name: `IM${i}`, size: 10 })));
    assert.equal(many.body.code, "too_many_files");
    const { db } = await import("@/lib/db");
    assert.equal(await db().submission.count(), 0, "a refused announcement creates no case");
  });

  for (const backend of ["local", "s3"] as const) {
    describe(`on the ${backend === "local" ? "embedded (encrypted local disk)" : "S3 (s3rver)"} store`, () => {
      let s3: { close: () => Promise<void> } | undefined;
      let s3Directory = "";

      before(async () => {
        if (backend === "local") return;
        s3Directory = await mkdtemp(path.join(tmpdir(), "afya-s3rver-"));
        const started = await startS3rver(s3Directory, ["uploads-test"]);
        s3 = started;
        const { port } = started;

        Object.assign(process.env, s3rverEnv(port, "uploads-test"));
        (await import("@/lib/env")).resetEnvForTests();
      });
      after(async () => {
        if (backend === "local") return;
        for (const name of Object.keys(process.env)) if (name.startsWith("S3_") && !(name in env)) delete process.env[name];
        (await import("@/lib/env")).resetEnvForTests();
        await s3?.close();
        await rm(s3Directory, { recursive: true, force: true });
      });

      test("HEAD gives the offset, a PATCH at a wrong offset is 409, and the finished file's bytes equal the original's", async () => {
        const guest = new Client(server.url);
        const file = markedPdf(backend === "s3" ? 12 * MiB + 12345 : 3 * MiB + 12345);
        const { response, body } = await guest.submit([{ name: "scan.pdf", size: file.length }]);
        assert.equal(response.status, 201, JSON.stringify(body));
        const [upload] = body.uploads;

        const created = await guest.create(upload.id, file.length, file.subarray(0, 700 * 1024));
        assert.equal(created.status, 201, await created.text());
        assert.equal(created.headers.get("location"), `/api/uploads/${upload.id}`);
        assert.equal(Number(created.headers.get("upload-offset")), 700 * 1024);
        assert.deepEqual(await guest.offset(upload.id), { status: 200, offset: 700 * 1024 });

        const wrong = await guest.patch(upload.id, 100, file.subarray(100, 200));
        assert.equal(wrong.status, 409);
        assert.equal(((await wrong.json()) as { code: string }).code, "upload_offset_conflict");

        // Sent in pieces that do not fall on the store's 1 MiB records.
        let offset = 700 * 1024;
        for (const piece of [1_500_000, 333_333]) {
          const sent = await guest.patch(upload.id, offset, file.subarray(offset, offset + piece));
          assert.equal(sent.status, 204, await sent.text());
          offset += piece;
          assert.equal((await guest.offset(upload.id)).offset, offset);
        }
        if (backend === "local") {
          const plaintext = [];
          for (const found of await filesUnder(dataDir)) if ((await readFile(found)).includes(MARKER)) plaintext.push(found);
          assert.deepEqual(plaintext, [], "no file under the data directory holds the upload's plaintext while it is paused half-way");
        }
        const last = await guest.patch(upload.id, offset, file.subarray(offset));
        assert.equal(last.status, 204, await last.text());

        const { db } = await import("@/lib/db");
        const { getStore } = await import("@/lib/storage");
        const row = await db().upload.findUniqueOrThrow({ where: { id: upload.id } });
        assert.ok(row.completedAt && row.fileId);
        const stored = await db().submissionFile.findUniqueOrThrow({ where: { id: row.fileId } });
        assert.equal(stored.sha256, sha256(file));
        assert.equal(stored.mimeType, "application/pdf");
        const bytes: Buffer[] = [];
        for await (const chunk of (await getStore().get(stored.storageKey!)) as AsyncIterable<Buffer>) bytes.push(chunk);
        assert.equal(sha256(Buffer.concat(bytes)), sha256(file));
        assert.equal((await db().submission.findUniqueOrThrow({ where: { id: body.id } })).hasFiles, true);
      });

      test("someone else's upload is 404; an Upload-Length over 500 MB is 413; a length other than announced is refused", async () => {
        const owner = new Client(server.url);
        const { body } = await owner.submit([{ name: "scan.pdf", size: 2048 }]);
        const stranger = new Client(server.url);
        await stranger.submit([{ name: "mine.pdf", size: 10 }]); // holds an upload cookie, for another submission
        assert.equal((await stranger.offset(body.uploads[0].id)).status, 404);
        assert.equal((await stranger.create(body.uploads[0].id, 2048)).status, 404);
        assert.equal((await owner.create(body.uploads[0].id, 501 * MiB)).status, 413);
        const mismatch = await owner.create(body.uploads[0].id, 4096);
        assert.equal(mismatch.status, 400);
        assert.equal(((await mismatch.json()) as { code: string }).code, "upload_length_mismatch");
        assert.equal((await owner.create(body.uploads[0].id, 2048)).status, 201);
        const stolen = await stranger.patch(body.uploads[0].id, 0, markedPdf(2048));
        assert.equal(stolen.status, 404);
      });

      test("a file whose first bytes are not an accepted type is refused on its first request, on its own, and nothing of it is kept", async () => {
        const guest = new Client(server.url);
        const exe = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00"), randomBytes(200_000)]);
        const pdf = markedPdf(50_000);
        const { body } = await guest.submit([
          { name: "report.pdf", size: exe.length },
          { name: "letter.pdf", size: pdf.length },
        ]);
        const refused = await guest.create(body.uploads[0].id, exe.length, exe);
        assert.equal(refused.status, 415);
        assert.match(((await refused.json()) as { error: string }).error, /report\.pdf/);
        assert.equal((await guest.offset(body.uploads[0].id)).status, 415);
        assert.equal((await guest.create(body.uploads[1].id, pdf.length, pdf)).status, 201, "the other file is not touched");
        const { db } = await import("@/lib/db");
        const rows = await db().upload.findMany({ where: { submissionId: body.id }, orderBy: { fileName: "desc" } });
        assert.deepEqual(
          rows.map((row) => [row.fileName, row.failure, row.receivedBytes, !!row.completedAt]),
          [
            ["report.pdf", "file_type_refused", 0n, false],
            ["letter.pdf", null, BigInt(pdf.length), true],
          ],
        );
      });

      test("termination deletes the bytes; an expired upload is 410, then swept: its bytes go and the patient is told", async () => {
        const guest = new Client(server.url);
        const file = markedPdf(2 * MiB + 10);
        const { body } = await guest.submit([
          { name: "dropped.pdf", size: file.length },
          { name: "forgotten.pdf", size: file.length },
        ]);
        const [dropped, forgotten] = body.uploads;
        assert.equal((await guest.create(dropped.id, file.length, file.subarray(0, MiB + 5))).status, 201);
        const deleted = await guest.fetch(`/api/uploads/${dropped.id}`, { method: "DELETE", headers: { "tus-resumable": "1.0.0" } });
        assert.equal(deleted.status, 204);
        assert.equal((await guest.offset(dropped.id)).status, 404);
        if (backend === "local")
          assert.deepEqual(
            (await filesUnder(path.join(dataDir, "uploads"))).filter((f) => f.includes(dropped.id)),
            [],
          );

        assert.equal((await guest.create(forgotten.id, file.length, file.subarray(0, MiB + 5))).status, 201);
        const { db } = await import("@/lib/db");
        await db().upload.update({ where: { id: forgotten.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
        const late = await guest.patch(forgotten.id, MiB + 5, file.subarray(MiB + 5));
        assert.equal(late.status, 410);
        assert.equal(((await late.json()) as { code: string }).code, "upload_expired");

        const { sweepOrphanedUploads } = await import("@/lib/uploads/orphan-sweep");
        const report = await sweepOrphanedUploads();
        assert.ok(report.expiredUploads >= 1);
        const row = await db().upload.findUniqueOrThrow({ where: { id: forgotten.id } });
        assert.equal(row.failure, "upload_expired");
        if (backend === "local")
          assert.deepEqual(
            (await filesUnder(path.join(dataDir, "uploads"))).filter((f) => f.includes(forgotten.id)),
            [],
          );
        const audit = await db().auditEvent.findFirst({ where: { action: "upload.expired", entityId: body.id } });
        assert.ok(audit, "the expiry is audited");
      });
    });
  }

  test("a request cut off mid-way keeps what arrived: the upload continues from there", async () => {
    const guest = new Client(server.url);
    const file = markedPdf(3 * MiB);
    const { body } = await guest.submit([{ name: "cut.pdf", size: file.length }]);
    const id = body.uploads[0].id;
    assert.equal((await guest.create(id, file.length)).status, 201);
    // A body that stops after 1.6 MiB and then fails, as a dropped mobile connection does.
    const sent = Math.floor(1.6 * MiB);
    const dropped = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(file.subarray(0, sent));
        setTimeout(() => controller.error(new Error("connection dropped")), 300);
      },
    });
    await guest
      .fetch(`/api/uploads/${id}`, {
        method: "PATCH",
        headers: { "tus-resumable": "1.0.0", "upload-offset": "0", "content-type": "application/offset+octet-stream" },
        body: dropped,
      })
      .catch(() => null);
    let offset = 0;
    for (let i = 0; i < 50 && offset === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      offset = (await guest.offset(id)).offset;
    }
    assert.equal(offset, sent, "the server kept every byte that arrived");
    assert.equal((await guest.patch(id, offset, file.subarray(offset))).status, 204);
    const { db } = await import("@/lib/db");
    const row = await db().upload.findUniqueOrThrow({ where: { id }, include: { submission: { include: { files: true } } } });
    assert.equal(row.submission.files[0].sha256, sha256(file));
  });

  test("a request that goes silent is let go after the idle time, keeping what it sent", { timeout: 20_000 }, async () => {
    const guest = new Client(server.url);
    const file = markedPdf(2 * MiB);
    const { body } = await guest.submit([{ name: "silent.pdf", size: file.length }]);
    const id = body.uploads[0].id;
    assert.equal((await guest.create(id, file.length)).status, 201);
    const sent = 1.25 * MiB;
    let closeSilent = () => {};
    const silent = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(file.subarray(0, sent));
        closeSilent = () => controller.close();
      },
    });
    const started = Date.now();
    await guest.fetch(`/api/uploads/${id}`, {
      method: "PATCH",
      headers: { "tus-resumable": "1.0.0", "upload-offset": "0", "content-type": "application/offset+octet-stream" },
      body: silent,
    });
    closeSilent();
    assert.ok(Date.now() - started < 8000, `released after ${Date.now() - started} ms`);
    assert.equal((await guest.offset(id)).offset, sent, "what arrived before the silence is kept");
    assert.equal((await guest.patch(id, sent, file.subarray(sent))).status, 204);
  });

  test("a file whose last byte arrived but was not recorded (the server failed in between) is recorded on the client's next HEAD", async () => {
    const guest = new Client(server.url);
    const file = markedPdf(300_000);
    const { body } = await guest.submit([{ name: "unrecorded.pdf", size: file.length }]);
    const id = body.uploads[0].id;
    assert.equal((await guest.create(id, file.length)).status, 201);
    // The bytes reach the store, but not the request's end (where the file is recorded).
    const { uploadServer } = await import("@/lib/uploads/tus/server");
    const { Readable } = await import("node:stream");
    await uploadServer().datastore.write(Readable.from([file]), id, 0);
    const { db } = await import("@/lib/db");
    assert.equal((await db().upload.findUniqueOrThrow({ where: { id } })).completedAt, null);

    assert.deepEqual(await guest.offset(id), { status: 200, offset: file.length });
    const row = await db().upload.findUniqueOrThrow({ where: { id } });
    assert.ok(row.completedAt && row.fileId, "recorded");
    assert.equal((await db().submissionFile.findUniqueOrThrow({ where: { id: row.fileId } })).sha256, sha256(file));
  });
});
