/**
 * What the resumable-upload benchmarks (bench/upload.mjs, bench/slow-upload.mjs) share: a generated
 * file, a guest submission that announces files, the test support's proxy and tus client, and what
 * the server kept of an upload.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { once } from "node:events";

const MiB = 1024 * 1024;

/** The browser's first request size (client/uploads/send-file.ts); the following ones follow the measured speed. */
const BROWSER_FIRST_CHUNK = 256 * 1024;

/**
 * The slow-link proxy and the timed tus-js-client upload of tests/support (TypeScript, loaded through
 * tsx), and `chunking(chunkMb)`: PATCHes of that many MiB, or (NaN) sized as the browser sizes them.
 */
export async function testSupport() {
  const { register } = await import("tsx/esm/api");
  register();
  const { ThrottleProxy } = await import("../tests/support/throttle-proxy.ts");
  const { tusUpload } = await import("../tests/support/tus-upload.ts");
  const { nextChunkSize } = await import("../client/uploads/send-file.ts");
  const chunking = (chunkMb) =>
    Number.isFinite(chunkMb)
      ? { chunkSize: chunkMb * MiB, label: `PATCHes of ${chunkMb} MiB` }
      : { chunkSize: BROWSER_FIRST_CHUNK, nextChunkSize, label: "PATCHes sized as the browser sizes them (about 15 s each at the measured speed)" };
  return { ThrottleProxy, tusUpload, chunking };
}

/** Writes a PDF-looking file of `size` bytes (no two MiB alike) and returns its sha256. */
export async function writeSample(file, size) {
  const out = createWriteStream(file);
  const hash = createHash("sha256");
  const chunk = Buffer.alloc(MiB, 0x5a);
  for (let written = 0, i = 0; written < size; i++) {
    chunk.writeUInt32LE(i, 64);
    if (i === 0) chunk.write("%PDF-1.4\n", 0);
    const part = written + MiB <= size ? Buffer.from(chunk) : chunk.subarray(0, size - written);
    hash.update(part);
    if (!out.write(part)) await once(out, "drain");
    written += part.length;
    if (i === 0) chunk.fill(0x5a, 0, 9);
  }
  out.end();
  await once(out, "finish");
  return hash.digest("hex");
}

export async function sha256File(file) {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk);
  return hash.digest("hex");
}

/**
 * A guest submission announcing `files` ({ name, size }) through POST /api/medical-submissions (JSON):
 * its uploads, and the headers every upload request carries (Origin and the upload cookie).
 */
export async function announce(url, files) {
  const response = await fetch(`${url}/api/medical-submissions`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({
      patientName: "Bench Patient",
      email: "bench@example.com",
      phone: "+234 803 000 0000",
      homeCountry: "Nigeria",
      medicalCondition: "Coronary artery disease",
      specialty: "cardiology",
      urgency: "standard",
      preferredCountries: ["Turkey"],
      consent: true,
      consentFullName: "Bench Patient",
      consentEmail: "bench@example.com",
      consentDate: new Date().toISOString().slice(0, 10),
      files,
    }),
  });
  const body = await response.json();
  if (response.status !== 201) throw new Error(`announcing the files answered ${response.status}: ${JSON.stringify(body)}`);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  return { uploads: body.uploads, headers: { Origin: url, Cookie: cookie } };
}

/**
 * What the stopped server kept of an upload (bench/stored-upload.ts, on the server's data directory):
 * { complete, receivedBytes, recordedSha256, storedSha256, storedBytes }.
 */
export function storedUpload(server, uploadId) {
  const result = spawnSync("node", ["--import", "./scripts/server-only-hooks.mjs", "--import", "tsx", "bench/stored-upload.ts", uploadId], {
    env: server.env,
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`reading the stored upload failed: ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split("\n").at(-1));
}
