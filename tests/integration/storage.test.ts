import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { createHash, randomBytes } from "node:crypto";
import { copyFile, mkdtemp, readdir, readFile, rm, truncate, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { s3rverEnv } from "../support/s3rver";
import { Readable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import { S3Client } from "@aws-sdk/client-s3";
import { getEnv, resetEnvForTests } from "@/lib/env";
import {
  contentDisposition,
  createStore,
  StorageIntegrityError,
  StorageLimitError,
  StorageNotFoundError,
  verifySignedToken,
  type ObjectStore,
} from "@/lib/storage";
import { LocalStore } from "@/lib/storage/local";

const MiB = 1024 * 1024;
const BUCKET = "afyabridge-test";
const APP_URL = "https://app.afyabridge.test";
const TTL_SECONDS = 60;

interface S3rverOptions {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}
interface S3rverServer {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
// s3rver ships no type declarations; this is the part of its API the tests use.
const S3rver = createRequire(import.meta.url)("s3rver") as new (options: S3rverOptions) => S3rverServer;

const originalEnv = { ...process.env };

/** Replaces the environment the way a deployment would, then builds the store through getEnv(). */
function storeFromEnv(variables: Record<string, string>): ObjectStore {
  process.env = { ...originalEnv, NODE_ENV: "test", BETTER_AUTH_SECRET: "x".repeat(32), APP_URL, SIGNED_URL_TTL_SECONDS: String(TTL_SECONDS), ...variables };
  resetEnvForTests();
  return createStore(getEnv());
}

function restoreEnv(): void {
  process.env = originalEnv;
  resetEnvForTests();
}

/** `totalBytes` of random data in 1 MiB pieces, never held whole; `sha256()` is valid once it has been read. */
function randomSource(totalBytes: number, options: { failAfter?: number } = {}) {
  const hash = createHash("sha256");
  async function* generate() {
    const failAt = options.failAfter ?? totalBytes;
    for (let sent = 0; sent < totalBytes;) {
      if (sent >= failAt) throw new Error("source failed midway");
      const piece = randomBytes(Math.min(MiB, failAt - sent));
      hash.update(piece);
      sent += piece.length;
      yield piece;
    }
  }
  return { stream: Readable.from(generate()), sha256: () => hash.digest("hex") };
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

async function hashStream(stream: NodeJS.ReadableStream): Promise<{ size: number; sha256: string }> {
  const hash = createHash("sha256");
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: hash.digest("hex") };
}

async function listAll(store: ObjectStore, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of store.list(prefix)) keys.push(key);
  return keys.sort();
}

/** `sentBytes` of random data, then nothing more and no end: a client that went silent. */
function stallingSource(sentBytes: number) {
  let markStalled: () => void = () => {};
  const stalled = new Promise<void>((resolve) => (markStalled = resolve));
  let sent = 0;
  // A web stream, as a request's body is (put() takes it through Readable.fromWeb): once silent, its
  // next read waits forever, and a cancel (the abort) ends it. (A Node stream made by Readable.from of
  // a generator stuck in an await cannot stand for it: on Node 24 its destroy waits for the
  // generator to return, which never happens.)
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= sentBytes) {
        markStalled();
        return new Promise<void>(() => {});
      }
      const piece = randomBytes(Math.min(MiB, sentBytes - sent));
      sent += piece.length;
      controller.enqueue(piece);
    },
  });
  return { stream, stalled };
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(message)), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The names of the S3 commands sent while it is installed. */
function trackCommands(): string[] & { restore(): void } {
  const sent = [] as unknown as string[] & { restore(): void };
  const original = S3Client.prototype.send;
  S3Client.prototype.send = function (this: S3Client, command: { constructor: { name: string } }, ...rest: unknown[]) {
    sent.push(command.constructor.name);
    return (original as (...args: unknown[]) => unknown).call(this, command, ...rest);
  } as typeof original;
  sent.restore = () => {
    S3Client.prototype.send = original;
  };
  return sent;
}

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

interface Backend {
  name: "local" | "s3";
  start(): Promise<ObjectStore>;
  stop(): Promise<void>;
  /** Files that a failed put could leave behind outside the store's listing (temporary files). */
  strayFiles(prefix: string): Promise<string[]>;
}

function localBackend(): Backend {
  let dataDir = "";
  return {
    name: "local",
    async start() {
      dataDir = await mkdtemp(path.join(tmpdir(), "afyabridge-storage-"));
      return storeFromEnv({ DATA_DIR: dataDir, STORAGE_ENCRYPTION_KEY: randomBytes(32).toString("base64"), S3_BUCKET: "" });
    },
    async stop() {
      restoreEnv();
      await rm(dataDir, { recursive: true, force: true });
    },
    async strayFiles(prefix) {
      const folder = path.join(dataDir, "files", prefix);
      const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
      return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
    },
  };
}

function s3Backend(): Backend {
  let directory = "";
  let server: S3rverServer | undefined;
  return {
    name: "s3",
    async start() {
      directory = await mkdtemp(path.join(tmpdir(), "afyabridge-s3rver-"));
      server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: BUCKET }] });
      const { port } = await server.run();
      return storeFromEnv(s3rverEnv(port, BUCKET));
    },
    async stop() {
      restoreEnv();
      await server?.close();
      await rm(directory, { recursive: true, force: true });
    },
    async strayFiles() {
      return [];
    },
  };
}

for (const backend of [localBackend(), s3Backend()]) {
  describe(`${backend.name} object store`, () => {
    let store: ObjectStore;
    before(async () => {
      store = await backend.start();
    });
    after(() => backend.stop());

    test("reports its kind and a working location", async () => {
      assert.equal(store.kind, backend.name);
      const status = await store.describe();
      assert.equal(status.ok, true, status.error);
      assert.match(status.location, backend.name === "s3" ? new RegExp(BUCKET) : /files/);
    });

    for (const size of [0, 1, 64 * 1024, 64 * 1024 + 1, 200_003]) {
      test(`round trips ${size} random bytes with their size and sha256`, async () => {
        const data = randomBytes(size);
        const stored = await store.put("roundtrip", Readable.from([data]));
        assert.match(stored.key, /^roundtrip\/[a-z0-9]+$/);
        assert.equal(stored.size, size);
        assert.equal(stored.sha256, sha256(data));
        assert.equal(await store.exists(stored.key), true);
        assert.deepEqual(await readAll(await store.get(stored.key)), data);
      });
    }

    test("accepts a web ReadableStream (a route handler's request.body)", async () => {
      const data = randomBytes(300_000);
      const body = new Response(data).body;
      assert.ok(body);
      const stored = await store.put("web", body, { contentType: "application/pdf" });
      assert.equal(stored.sha256, sha256(data));
      assert.deepEqual(await readAll(await store.get(stored.key)), data);
    });

    test("round trips a 20 MB object streamed in pieces", async () => {
      const source = randomSource(20 * MiB + 12_345);
      const stored = await store.put("large", source.stream, { maxBytes: 50 * MiB });
      const expectedSha = source.sha256();
      assert.equal(stored.size, 20 * MiB + 12_345);
      assert.equal(stored.sha256, expectedSha);
      assert.deepEqual(await hashStream(await store.get(stored.key)), { size: stored.size, sha256: expectedSha });
    });

    // The large cases cross the S3 part size, so a multipart upload is under way when they fail.
    for (const [label, size, maxBytes] of [
      ["small", 5000, 4096],
      ["multipart-sized", 12 * MiB, 10 * MiB],
    ] as const) {
      test(`rejects a ${label} body over maxBytes and keeps nothing`, async () => {
        const prefix = `limit-${label}`;
        await assert.rejects(store.put(prefix, randomSource(size).stream, { maxBytes }), (error: unknown) => {
          assert.ok(error instanceof StorageLimitError, `expected StorageLimitError, got ${String(error)}`);
          assert.equal(error.maxBytes, maxBytes);
          return true;
        });
        assert.deepEqual(await listAll(store, prefix), []);
        assert.deepEqual(await backend.strayFiles(prefix), []);
      });

      test(`rejects a ${label} body whose source fails midway and keeps nothing`, async () => {
        const prefix = `broken-${label}`;
        await assert.rejects(store.put(prefix, randomSource(size, { failAfter: size - 1000 }).stream), /source failed midway/);
        assert.deepEqual(await listAll(store, prefix), []);
        assert.deepEqual(await backend.strayFiles(prefix), []);
      });

      test(`gives up a ${label} body that stalls once its signal aborts, and keeps nothing`, async () => {
        const prefix = `stalled-${label}`;
        const source = stallingSource(size);
        const controller = new AbortController();
        const sent = trackCommands();
        try {
          const putting = store.put(prefix, source.stream, { signal: controller.signal });
          putting.catch(() => {});
          await source.stalled;
          // For S3, the first part is on its way (or sent) when the client goes silent.
          if (backend.name === "s3" && size > 8 * MiB) while (!sent.includes("CreateMultipartUploadCommand")) await sleep(20);
          const reason = new Error("the client went silent");
          controller.abort(reason);
          await assert.rejects(withTimeout(putting, 5000, "put() did not give up after its signal aborted"), (error: unknown) => error === reason);
          if (backend.name === "s3" && size > 8 * MiB)
            assert.ok(sent.includes("AbortMultipartUploadCommand"), `the multipart upload was not aborted: ${sent.join(", ")}`);
        } finally {
          sent.restore();
        }
        assert.deepEqual(await listAll(store, prefix), []);
        assert.deepEqual(await backend.strayFiles(prefix), []);
      });

      test(`refuses at once a ${label} body whose signal has already aborted`, async () => {
        const prefix = `aborted-${label}`;
        const reason = new Error("already gone");
        await assert.rejects(
          withTimeout(store.put(prefix, stallingSource(size).stream, { signal: AbortSignal.abort(reason) }), 5000, "put() ignored an aborted signal"),
          (error: unknown) => error === reason,
        );
        assert.deepEqual(await listAll(store, prefix), []);
        assert.deepEqual(await backend.strayFiles(prefix), []);
      });
    }

    test("accepts a body of exactly maxBytes", async () => {
      const data = randomBytes(4096);
      const stored = await store.put("exact", Readable.from([data]), { maxBytes: 4096 });
      assert.equal(stored.size, 4096);
    });

    test("deletes idempotently", async () => {
      const stored = await store.put("delete", Readable.from([randomBytes(100)]));
      await store.delete(stored.key);
      assert.equal(await store.exists(stored.key), false);
      await store.delete(stored.key);
      await assert.rejects(store.get(stored.key), StorageNotFoundError);
    });

    test("reports a missing key as StorageNotFoundError", async () => {
      await assert.rejects(store.get("missing/0123456789abcdef"), StorageNotFoundError);
      assert.equal(await store.exists("missing/0123456789abcdef"), false);
    });

    test("rejects keys that could escape the store", async () => {
      for (const key of ["../x", "/etc/passwd", "a/../../b", "a//b", "a/", "", "A/b", "a/b.pdf"]) {
        await assert.rejects(store.get(key), StorageNotFoundError, `get(${JSON.stringify(key)})`);
        await assert.rejects(store.exists(key), StorageNotFoundError, `exists(${JSON.stringify(key)})`);
        await assert.rejects(store.delete(key), StorageNotFoundError, `delete(${JSON.stringify(key)})`);
        await assert.rejects(store.signedUrl(key, { downloadName: "x", contentType: "text/plain" }), StorageNotFoundError);
      }
      await assert.rejects(store.put("../outside", Readable.from([Buffer.from("x")])), RangeError);
      await assert.rejects(listAll(store, "../"), RangeError);
    });

    test("lists every key under a prefix and nothing beside it", async () => {
      const inside = await Promise.all([
        store.put("listing/a", Readable.from([Buffer.from("1")])),
        store.put("listing/a", Readable.from([Buffer.from("2")])),
        store.put("listing/a/deeper", Readable.from([Buffer.from("3")])),
      ]);
      const beside = await store.put("listing/ab", Readable.from([Buffer.from("4")]));
      assert.deepEqual(await listAll(store, "listing/a"), inside.map((object) => object.key).sort());
      assert.ok((await listAll(store, "listing")).includes(beside.key));
      assert.ok((await listAll(store, "")).includes(beside.key));
      assert.deepEqual(await listAll(store, "nothing-here"), []);
    });
  });
}

describe("local store encryption", () => {
  const backend = localBackend();
  let store: LocalStore;
  before(async () => {
    const created = await backend.start();
    assert.ok(created instanceof LocalStore);
    store = created;
  });
  after(() => backend.stop());

  const marker = "PATIENT Amina Mwangi, HIV status: ";
  const plaintext = Buffer.from(marker.repeat(10_000)); // ~340 KB: several 64 KiB records

  async function putPlaintext(): Promise<{ key: string; file: string }> {
    const { key } = await store.put("secret", Readable.from([plaintext]));
    return { key, file: store.pathFor(key) };
  }

  const readFails = async (key: string) => assert.rejects(async () => readAll(await store.get(key)), StorageIntegrityError);

  test("keeps only ciphertext on disk", async () => {
    const { key, file } = await putPlaintext();
    const onDisk = await readFile(file);
    assert.equal(onDisk.includes(Buffer.from(marker)), false);
    assert.equal(onDisk.includes(plaintext.subarray(0, 16)), false);
    assert.ok(onDisk.length > plaintext.length, "ciphertext carries a header and tags");
    assert.deepEqual(await readAll(await store.get(key)), plaintext);
  });

  test("detects a flipped byte while reading", async () => {
    const { key, file } = await putPlaintext();
    const onDisk = await readFile(file);
    onDisk[100_000] ^= 0x01;
    await writeFile(file, onDisk);
    await readFails(key);
  });

  test("detects a file truncated inside a record or at a record boundary", async () => {
    const record = 64 * 1024 + 16;
    for (const length of [17 + record + 500, 17 + 2 * record, 17, 5]) {
      const { key, file } = await putPlaintext();
      await truncate(file, length);
      await readFails(key);
    }
  });

  test("detects an object copied over another key", async () => {
    const first = await putPlaintext();
    const second = await putPlaintext();
    await copyFile(first.file, second.file);
    await readFails(second.key);
  });

  test("cannot be read with another encryption key", async () => {
    const { key } = await putPlaintext();
    const other = new LocalStore({
      dataDir: path.dirname(store.root),
      encryptionKey: randomBytes(32).toString("base64"),
      appUrl: APP_URL,
      signedUrlTtlSeconds: 60,
    });
    await assert.rejects(async () => readAll(await other.get(key)), StorageIntegrityError);
  });

  test("does not serve a file outside the store for a traversal key", async () => {
    await writeFile(path.join(path.dirname(store.root), "x"), "outside");
    await assert.rejects(store.get("../x"), StorageNotFoundError);
  });

  test("reports an unusable data folder in describe()", async () => {
    const notAFolder = path.join(path.dirname(store.root), "plain-file");
    await writeFile(notAFolder, "");
    const broken = new LocalStore({ dataDir: notAFolder, encryptionKey: randomBytes(32).toString("base64"), appUrl: APP_URL, signedUrlTtlSeconds: 60 });
    const status = await broken.describe();
    assert.equal(status.ok, false);
    assert.ok(status.error);
  });

  describe("signed download tokens", () => {
    const download = { downloadName: 'Röntgen "scan" №1.pdf', contentType: "application/pdf" };

    async function signedToken(): Promise<{ key: string; token: string }> {
      const { key } = await store.put("signed", Readable.from([Buffer.from("x")]));
      const url = await store.signedUrl(key, download);
      const prefix = `${APP_URL}/api/storage/signed/`;
      assert.ok(url.startsWith(prefix), url);
      return { key, token: url.slice(prefix.length) };
    }

    test("round trips key, name and type", async () => {
      const { key, token } = await signedToken();
      assert.match(token, /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
      assert.deepEqual(verifySignedToken(token), { key, ...download });
    });

    test("expires after SIGNED_URL_TTL_SECONDS", async () => {
      const { token } = await signedToken();
      assert.notEqual(verifySignedToken(token, Date.now() + (TTL_SECONDS - 5) * 1000), null);
      assert.equal(verifySignedToken(token, Date.now() + (TTL_SECONDS + 1) * 1000), null);
    });

    test("rejects tampered and foreign tokens", async () => {
      const { token } = await signedToken();
      const [payload, signature] = token.split(".");
      const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<string, unknown>;
      const forged = Buffer.from(JSON.stringify({ ...claims, key: "signed/someone-else" })).toString("base64url");
      assert.equal(verifySignedToken(`${forged}.${signature}`), null);
      const flipped = signature.startsWith("A") ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
      assert.equal(verifySignedToken(`${payload}.${flipped}`), null);
      assert.equal(verifySignedToken(`${payload}.${signature}.extra`), null);
      assert.equal(verifySignedToken(payload), null);
      assert.equal(verifySignedToken(""), null);

      const otherKey = new LocalStore({
        dataDir: path.dirname(store.root),
        encryptionKey: randomBytes(32).toString("base64"),
        appUrl: APP_URL,
        signedUrlTtlSeconds: 60,
      });
      const foreignUrl = await otherKey.signedUrl("signed/abc", download);
      assert.equal(verifySignedToken(foreignUrl.split("/").pop() ?? ""), null);
    });
  });
});

describe("S3 signed URLs", () => {
  const backend = s3Backend();
  let store: ObjectStore;
  before(async () => {
    store = await backend.start();
  });
  after(() => backend.stop());

  test("download the object with the requested name and type", async () => {
    const data = randomBytes(50_000);
    const { key } = await store.put("signed", Readable.from([data]), { contentType: "application/octet-stream" });
    const downloadName = 'Röntgen "scan" №1.pdf';
    const url = await store.signedUrl(key, { downloadName, contentType: "application/pdf" });
    assert.equal(new URL(url).searchParams.get("X-Amz-Expires"), String(TTL_SECONDS));

    const response = await fetch(url);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("content-disposition"), contentDisposition(downloadName, "attachment"));
    assert.equal(response.headers.get("content-type"), "application/pdf");
    assert.deepEqual(Buffer.from(await response.arrayBuffer()), data);
  });

  test("describe() reports an unreachable endpoint", async () => {
    const unreachable = storeFromEnv({
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: "http://127.0.0.1:9",
      S3_FORCE_PATH_STYLE: "true",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    });
    const status = await unreachable.describe();
    assert.equal(status.ok, false);
    assert.ok(status.error);
  });
});

describe("contentDisposition", () => {
  test("gives an ASCII fallback and the exact UTF-8 name", () => {
    assert.equal(
      contentDisposition('Röntgen "scan" №1.pdf', "attachment"),
      `attachment; filename="Rontgen \\"scan\\" No1.pdf"; filename*=UTF-8''R%C3%B6ntgen%20%22scan%22%20%E2%84%961.pdf`,
    );
  });

  test("percent-encodes the characters RFC 5987 does not allow bare", () => {
    const header = contentDisposition("it's (final)*.txt", "inline");
    assert.equal(header, `inline; filename="it's (final)*.txt"; filename*=UTF-8''it%27s%20%28final%29%2A.txt`);
  });

  test("replaces characters without an ASCII form and keeps them in filename*", () => {
    const header = contentDisposition("胸部X線.png", "attachment");
    assert.equal(header, `attachment; filename="__X_.png"; filename*=UTF-8''%E8%83%B8%E9%83%A8X%E7%B7%9A.png`);
    const encoded = /filename\*=UTF-8''(.+)$/.exec(header)?.[1] ?? "";
    assert.equal(decodeURIComponent(encoded), "胸部X線.png");
  });

  test("strips CR, LF and other control characters", () => {
    const header = contentDisposition("report\r\nSet-Cookie: a=b\t.pdf", "attachment");
    assert.doesNotMatch(header, /[\r\n\t]/);
    assert.equal(header, `attachment; filename="reportSet-Cookie: a=b.pdf"; filename*=UTF-8''reportSet-Cookie%3A%20a%3Db.pdf`);
  });

  test("names an empty file name 'download'", () => {
    assert.equal(contentDisposition(" \r\n", "attachment"), `attachment; filename="download"; filename*=UTF-8''download`);
  });
});
