import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { spawnUploadServer, type UploadServer } from "../support/upload-server-process";
import { APP_URL } from "./support/app";
import { multipartBody, MULTIPART_TYPE, samples, validFields, type Part } from "./support/multipart";

/*
 * Uploads whose client goes silent, or whose connection is cut, in the middle of a file: the server
 * (the real route handler behind a Node HTTP server that builds the request as Next does,
 * tests/support/upload-server.ts) gives each one up — the handler returns, every file descriptor is
 * closed and no partial file is left — without waiting for Node's 300 s request timeout or the
 * orphan sweep. bench/stalled-uploads.mjs runs the same with 50 + 50 uploads and the real idle time.
 */
const UPLOADS = 12;
const IDLE_SECONDS = 2;
/** Bytes of the file each client sends before it goes silent or is cut. */
const SENT_BYTES = 300 * 1024;

interface Server extends UploadServer {
  dataDir: string;
}

async function startServer(extraEnv: Record<string, string> = {}): Promise<Server> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "afya-stall-"));
  const server = await spawnUploadServer({
    DATA_DIR: dataDir,
    APP_URL,
    BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
    STORAGE_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
    TRANSCRIPTION_WORKER: "off",
    ...extraEnv,
  });
  return { ...server, dataDir };
}

async function stats(server: Server): Promise<{ inFlight: number; fds: number }> {
  const response = await fetch(`http://127.0.0.1:${server.port}/__stats`, { headers: { connection: "close" } });
  return (await response.json()) as { inFlight: number; fds: number };
}

/** Stored objects and temporary files of unfinished writes, anywhere in the local store. */
function storedFiles(server: Server): { objects: string[]; temporary: string[] } {
  const names = readdirSync(path.join(server.dataDir, "files"), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
  return { objects: names.filter((name) => !path.basename(name).startsWith(".")), temporary: names.filter((name) => name.endsWith(".tmp")) };
}

let ipCounter = 0;

function parts(email: string, file: Buffer | AsyncIterable<Buffer>): Part[] {
  return [...validFields({ email, consentEmail: email }), { name: "files", file: { name: "scan.pdf", type: "application/pdf", data: file } }];
}

/** A complete upload (the server's first request opens the database and warms everything up). */
async function completeUpload(server: Server): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${server.port}/api/medical-submissions`, {
    method: "POST",
    headers: { "content-type": MULTIPART_TYPE, origin: APP_URL, "x-forwarded-for": `198.51.100.${++ipCounter}`, connection: "close" },
    body: new Uint8Array(await collect(multipartBody(parts(`warm-${ipCounter}@example.com`, samples.pdf())))),
  });
  await response.arrayBuffer();
  return response.status;
}

async function collect(chunks: AsyncIterable<Buffer>): Promise<Buffer> {
  const all: Buffer[] = [];
  for await (const chunk of chunks) all.push(chunk);
  return Buffer.concat(all);
}

interface Partial {
  request: http.ClientRequest;
  /** The status the server answered with, or null when the connection closed without an answer. */
  outcome: Promise<number | null>;
}

/** Sends the form fields and the first SENT_BYTES of a PDF, then nothing more. */
async function startPartialUpload(server: Server): Promise<Partial> {
  const index = ++ipCounter;
  const request = http.request({
    host: "127.0.0.1",
    port: server.port,
    method: "POST",
    path: "/api/medical-submissions",
    agent: false,
    headers: { "content-type": MULTIPART_TYPE, origin: APP_URL, "x-forwarded-for": `198.51.100.${index}` },
  });
  const outcome = new Promise<number | null>((resolve) => {
    request.on("response", (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? null));
      response.on("error", () => resolve(response.statusCode ?? null));
    });
    request.on("error", () => resolve(null));
    request.on("close", () => setImmediate(() => resolve(null)));
  });
  const file = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(SENT_BYTES, index)]);
  async function* stalled(): AsyncGenerator<Buffer> {
    yield file;
    await new Promise(() => {}); // the client goes silent here, connection open
  }
  const body = multipartBody(parts(`stall-${index}@example.com`, stalled()));
  void (async () => {
    for await (const chunk of body) if (!request.write(chunk)) await new Promise((resolve) => request.once("drain", resolve));
  })();
  return { request, outcome };
}

async function waitFor<T>(what: string, timeoutMs: number, probe: () => Promise<T>, done: (value: T) => boolean): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  let value = await probe();
  while (!done(value)) {
    if (Date.now() - started > timeoutMs) assert.fail(`${what}: not within ${timeoutMs} ms; last seen ${JSON.stringify(value)}`);
    await sleep(100);
    value = await probe();
  }
  return { value, ms: Date.now() - started };
}

const snapshot = async (server: Server) => ({ ...(await stats(server)), ...summary(storedFiles(server)) });
const summary = (files: ReturnType<typeof storedFiles>) => ({ objects: files.objects.length, temporary: files.temporary.length });

async function prepare(server: Server) {
  for (let i = 0; i < 2; i++) assert.equal(await completeUpload(server), 201);
  await sleep(300);
  return snapshot(server);
}

describe(`${UPLOADS} uploads that go silent after ${SENT_BYTES / 1024} KB`, () => {
  let server: Server;
  before(async () => {
    server = await startServer({ REQUEST_IDLE_TIMEOUT_SECONDS: String(IDLE_SECONDS) });
  });
  after(async () => {
    server.child.kill("SIGKILL");
    await server.exited;
  });

  test(`are given up after ${IDLE_SECONDS} s without a byte: handlers return, descriptors and partial files are released`, async () => {
    const baseline = await prepare(server);
    const uploads = await Promise.all(Array.from({ length: UPLOADS }, () => startPartialUpload(server)));
    // Every upload is under way: in the handler, its partial file open.
    await waitFor(
      "all uploads in progress",
      10_000,
      () => snapshot(server),
      (s) => s.inFlight === UPLOADS && s.temporary === UPLOADS,
    );
    const { value, ms } = await waitFor(
      "stalled uploads released",
      IDLE_SECONDS * 1000 + 8_000,
      () => snapshot(server),
      (s) => s.inFlight === 0 && s.fds <= baseline.fds && s.temporary === 0 && s.objects === baseline.objects,
    );
    console.log(
      `stalled-uploads: ${UPLOADS} silent uploads released ${ms} ms after all were under way (idle time ${IDLE_SECONDS} s); fds ${baseline.fds} -> ${value.fds}`,
    );
    const outcomes = await Promise.all(uploads.map((upload) => upload.outcome));
    for (const status of outcomes) assert.ok(status === null || status === 408, `a stalled upload was answered ${status}`);
    assert.equal(await completeUpload(server), 201, "the server still accepts uploads");
  });
});

describe(`${UPLOADS} uploads whose connection is cut after ${SENT_BYTES / 1024} KB`, () => {
  let server: Server;
  before(async () => {
    server = await startServer(); // the default idle time (60 s): only the cut itself may release them
  });
  after(async () => {
    server.child.kill("SIGKILL");
    await server.exited;
  });

  test("leave no open descriptor, no handler and no stored byte a few seconds later", async () => {
    const baseline = await prepare(server);
    const uploads = await Promise.all(Array.from({ length: UPLOADS }, () => startPartialUpload(server)));
    await waitFor(
      "all uploads in progress",
      10_000,
      () => snapshot(server),
      (s) => s.inFlight === UPLOADS && s.temporary === UPLOADS,
    );
    for (const upload of uploads) upload.request.destroy();
    const { value, ms } = await waitFor(
      "cut uploads released",
      5_000,
      () => snapshot(server),
      (s) => s.inFlight === 0 && s.fds <= baseline.fds && s.temporary === 0 && s.objects === baseline.objects,
    );
    console.log(`stalled-uploads: ${UPLOADS} cut uploads released ${ms} ms after the cut; fds ${baseline.fds} -> ${value.fds}`);
    assert.equal(await completeUpload(server), 201, "the server still accepts uploads");
  });
});
