import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { createHash, randomBytes } from "node:crypto";
import { APP_URL, useFreshApp } from "./support/app";
import { serveRoutes } from "./support/http-app";
import { validJsonFields } from "./support/multipart";
import { ThrottleProxy } from "../support/throttle-proxy";
import { tusUpload } from "../support/tus-upload";

/*
 * "No request may need to be long", scaled down: the server refuses to spend more than 10 s receiving
 * any one request (Node's requestTimeout; 300 s in production), and a 1 MiB file crosses a 256 kbit/s
 * link in about 33 s. Sent in 128 KiB PATCHes (about 4 s each) it arrives whole; sent in one PATCH,
 * the same link and timeout cut it. bench/slow-upload.mjs is the full-size proof.
 */
const REQUEST_TIMEOUT_MS = 10_000;
const LINK_BITS_PER_SECOND = 256_000;
const FILE_BYTES = 1024 * 1024;
const CHUNK_BYTES = 128 * 1024;

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

function pdf(size: number): Buffer {
  const bytes = randomBytes(size);
  bytes.write("%PDF-1.4\n", 0);
  return bytes;
}

describe("uploads over a slow link against a short request timeout", () => {
  let server: { url: string; close: () => Promise<void> };
  let link: { proxy: ThrottleProxy; url: string };
  let cookie = "";
  let uploads: { id: string; name: string; size: number }[] = [];
  const files = [pdf(FILE_BYTES), pdf(FILE_BYTES)];

  before(async () => {
    await useFreshApp();
    const route = await import("@/app/api/uploads/[[...id]]/route");
    const submissions = await import("@/app/api/medical-submissions/route");
    server = await serveRoutes(
      [
        { pattern: /^\/api\/uploads(\/[0-9a-f]*)?$/, handlers: { POST: route.POST, PATCH: route.PATCH, HEAD: route.HEAD, DELETE: route.DELETE } },
        { pattern: /^\/api\/medical-submissions$/, handlers: { POST: submissions.POST } },
      ],
      APP_URL,
      { requestTimeout: REQUEST_TIMEOUT_MS },
    );
    link = await ThrottleProxy.before(server.url, { upBitsPerSecond: LINK_BITS_PER_SECOND });

    const response = await fetch(`${server.url}/api/medical-submissions`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: APP_URL },
      body: JSON.stringify({ ...validJsonFields(), files: files.map((file, i) => ({ name: `scan-${i}.pdf`, size: file.length })) }),
    });
    const body = (await response.json()) as { uploads: typeof uploads };
    assert.equal(response.status, 201, JSON.stringify(body));
    uploads = body.uploads;
    cookie = response.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    assert.match(cookie, /afya_upload=/);
  });

  after(async () => {
    await link?.proxy.close();
    await server?.close();
    const { db } = await import("@/lib/db");
    await db().$disconnect();
  });

  test("in PATCHes that each last a few seconds, a file that takes half a minute arrives whole", async (t) => {
    const outcome = await tusUpload({
      endpoint: `${link.url}/api/uploads`,
      file: files[0],
      uploadId: uploads[0].id,
      name: uploads[0].name,
      headers: { Origin: APP_URL, Cookie: cookie },
      chunkSize: CHUNK_BYTES,
      retryDelays: null, // no retry: every request has to succeed the first time
    });
    assert.ok(outcome.ok, `upload failed: ${outcome.error?.message}`);

    const patches = outcome.requests.filter((r) => r.method === "PATCH");
    const longest = Math.max(...patches.map((p) => p.ms));
    t.diagnostic(`${patches.length} PATCHes in ${(outcome.ms / 1000).toFixed(1)} s, the longest ${(longest / 1000).toFixed(1)} s`);
    assert.equal(patches.length, FILE_BYTES / CHUNK_BYTES);
    assert.ok(
      patches.every((p) => p.status === 204),
      JSON.stringify(patches),
    );
    assert.ok(outcome.ms > 25_000, `the link was slow: the upload took ${(outcome.ms / 1000).toFixed(1)} s`);
    assert.ok(longest < REQUEST_TIMEOUT_MS * 0.75, `every PATCH well under the timeout: the longest took ${(longest / 1000).toFixed(1)} s`);
    assert.ok(link.proxy.bytesUp > FILE_BYTES, "the file went through the proxy");

    const { db } = await import("@/lib/db");
    const row = await db().upload.findUniqueOrThrow({ where: { id: uploads[0].id } });
    assert.ok(row.completedAt && row.fileId);
    const stored = await db().submissionFile.findUniqueOrThrow({ where: { id: row.fileId } });
    assert.equal(stored.sha256, sha256(files[0]));
  });

  test("the same file in one PATCH over the same link is cut by the request timeout, keeping what arrived", async (t) => {
    const outcome = await tusUpload({
      endpoint: `${link.url}/api/uploads`,
      file: files[1],
      uploadId: uploads[1].id,
      name: uploads[1].name,
      headers: { Origin: APP_URL, Cookie: cookie },
      retryDelays: null,
    });
    assert.equal(outcome.ok, false, "a request that needs ~33 s cannot finish under a 10 s timeout");
    const patch = outcome.requests.find((r) => r.method === "PATCH");
    assert.ok(patch, JSON.stringify(outcome.requests));
    // Node answers 408 (or, with the body still arriving, resets the connection) once the timeout is checked.
    t.diagnostic(`the single PATCH ended after ${(patch.ms / 1000).toFixed(1)} s with ${patch.status || "no answer"}`);
    assert.ok([0, 408].includes(patch.status), `cut by the server, not refused: ${JSON.stringify(patch)}`);
    assert.ok(patch.ms >= REQUEST_TIMEOUT_MS - 500 && patch.ms < REQUEST_TIMEOUT_MS + 5_000, `cut at the timeout: after ${(patch.ms / 1000).toFixed(1)} s`);

    // The server ends the cut request's write (and records it) just after the connection goes.
    let offset = 0;
    for (let i = 0; i < 50 && offset === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const head = await fetch(`${server.url}/api/uploads/${uploads[1].id}`, {
        method: "HEAD",
        headers: { "tus-resumable": "1.0.0", origin: APP_URL, cookie },
      });
      assert.equal(head.status, 200);
      offset = Number(head.headers.get("upload-offset"));
    }
    t.diagnostic(`the server kept ${offset} bytes`);
    assert.ok(offset > 0 && offset < FILE_BYTES, `the server kept what arrived before the cut (${offset} bytes), so the client can resume`);
    const { db } = await import("@/lib/db");
    assert.equal((await db().upload.findUniqueOrThrow({ where: { id: uploads[1].id } })).completedAt, null);
  });
});
