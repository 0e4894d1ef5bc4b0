/**
 * bench/many-files: a CD's series of many small DICOM files against one file of the same total size,
 * both through the resumable upload path (tus at /api/uploads) on the production build with the
 * embedded defaults (PGlite, encrypted local disk), sent as the browser sends them
 * (client/uploads/use-upload-queue.ts): the small files PARALLEL_SMALL_FILES at a time, each created
 * with its first bytes (creation-with-upload) and its requests sized as send-file.ts sizes them; the
 * one file alone. Goal: the many files take at most 2x the one file's time.
 *
 *   npm run build && node bench/many-files.mjs [files=300] [--file-kb=512] [--parallel=N] [--whole]
 *                                              [--mbit=N] [--rtt=MS]
 * (--whole: every small file in one request, whatever the measured speed, for comparison.
 * --mbit/--rtt: both sendings cross a link of that speed each way and that round-trip time
 * (tests/support/throttle-proxy.ts), as a patient's do; without them, loopback, where only the
 * server's work per file counts.)
 */
import { createReadStream, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startServer } from "./server.mjs";
import { announce, testSupport, writeSample } from "./resumable.mjs";

const args = process.argv.slice(2);
const flag = (name, fallback) => Number(args.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const count = Number(args.find((a) => !a.startsWith("--")) ?? 300);
const fileBytes = flag("file-kb", 512) * 1024;

const { tusUpload, chunking, ThrottleProxy } = await testSupport();
const { writeDicom, TS } = await import("../tests/support/dicom-fixtures.ts");
const { PARALLEL_SMALL_FILES } = await import("../client/uploads/concurrency.ts");
const browserChunks = chunking(NaN);
const parallel = flag("parallel", NaN);
const whole = args.includes("--whole");
const lanes = Number.isFinite(parallel) ? parallel : PARALLEL_SMALL_FILES;
const mbit = flag("mbit", 0);
const rttMs = flag("rtt", 0);

const STUDY = "1.2.826.0.1.3680043.8.498.9300";
/** One CT-like slice: its header, then pixel data filling it up to `fileBytes`. */
function slice(n) {
  const header = [
    [0x0008, 0x0016, "UI", "1.2.840.10008.5.1.4.1.1.2"],
    [0x0008, 0x0018, "UI", `${STUDY}.1.${n}`],
    [0x0008, 0x0020, "DA", "20261102"],
    [0x0008, 0x0060, "CS", "CT"],
    [0x0008, 0x1030, "LO", "BENCH CT"],
    [0x0020, 0x000d, "UI", STUDY],
    [0x0020, 0x000e, "UI", `${STUDY}.1`],
    [0x0020, 0x0011, "IS", "1"],
    [0x0020, 0x0013, "IS", String(n)],
    [0x0028, 0x0010, "US", 16],
    [0x0028, 0x0011, "US", 16],
  ];
  const bare = writeDicom(TS.explicitLittle, header);
  const pixels = new Uint8Array(Math.max(2, fileBytes - bare.length - 12) & ~1);
  for (let i = 0; i < pixels.length; i += 4096) pixels[i] = (n + i) & 0xff;
  return writeDicom(TS.explicitLittle, [...header, [0x7fe0, 0x0010, "OW", pixels]]);
}

const slices = Array.from({ length: count }, (_, i) => slice(i + 1));
const total = slices.reduce((sum, bytes) => sum + bytes.length, 0);
const single = path.join(tmpdir(), `afya-bench-many-${process.pid}.pdf`);
await writeSample(single, total);

const server = await startServer();
const link = mbit || rttMs ? await ThrottleProxy.before(server.url, { upBitsPerSecond: mbit * 1e6, downBitsPerSecond: mbit * 1e6, rttMs }) : null;
const endpoint = `${link?.url ?? server.url}/api/uploads`;
try {
  // Warm the routes once (the first request of a production build compiles nothing, but opens the database and caches).
  {
    const { uploads, headers } = await announce(server.url, [{ name: "warm.dcm", size: slices[0].length, study: `${STUDY}.0` }]);
    await tusUpload({ endpoint, file: slices[0], uploadId: uploads[0].id, name: "warm.dcm", headers, uploadDataDuringCreation: true, ...browserChunks });
  }

  const one = await announce(server.url, [{ name: "one-file.pdf", size: total }]);
  const oneOutcome = await tusUpload({
    endpoint,
    file: createReadStream(single),
    uploadId: one.uploads[0].id,
    name: "one-file.pdf",
    headers: one.headers,
    uploadDataDuringCreation: true,
    ...browserChunks,
  });
  if (!oneOutcome.ok) throw new Error(`the single file failed: ${oneOutcome.error?.message}`);

  const many = await announce(
    server.url,
    slices.map((bytes, i) => ({ name: `IM${String(i + 1).padStart(6, "0")}`, size: bytes.length, study: STUDY })),
  );
  const started = performance.now();
  let next = 0;
  let requests = 0;
  let linkSpeed = null;
  const timings = {};
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (next < slices.length) {
        const i = next++;
        const outcome = await tusUpload({
          endpoint,
          file: slices[i],
          uploadId: many.uploads[i].id,
          name: `IM${i + 1}`,
          headers: many.headers,
          uploadDataDuringCreation: true,
          ...browserChunks,
          // As the upload list does: the first request sized by the speed the files before measured.
          ...(whole ? { chunkSize: Infinity } : linkSpeed ? { chunkSize: browserChunks.nextChunkSize(linkSpeed) } : {}),
        });
        const sending = outcome.requests.filter((request) => request.method !== "HEAD").reduce((sum, request) => sum + request.ms, 0);
        linkSpeed = slices[i].length / Math.max(sending / 1000, 0.001);
        if (!outcome.ok) throw new Error(`image ${i + 1} failed: ${outcome.error?.message}`);
        requests += outcome.requests.length;
        for (const request of outcome.requests) (timings[request.method] ??= []).push(request.ms);
      }
    }),
  );
  const manyMs = performance.now() - started;

  const mb = (total / 1024 / 1024).toFixed(1);
  console.log(link ? `link: ${mbit ? `${mbit} Mbit/s each way` : "no bandwidth limit"}, round trip ${rttMs} ms` : "link: loopback");
  console.log(
    `${count} DICOM files of ${(fileBytes / 1024).toFixed(0)} KiB (${mb} MiB in all), ${lanes} at a time: ${(manyMs / 1000).toFixed(2)} s (${requests} requests)`,
  );
  console.log(`one file of ${mb} MiB: ${(oneOutcome.ms / 1000).toFixed(2)} s (${oneOutcome.requests.length} requests)`);
  const median = (list) => list.sort((a, b) => a - b)[Math.floor(list.length / 2)];
  console.log(
    `each small file's requests, median ms: ${Object.entries(timings)
      .map(([method, list]) => `${method} ${median(list).toFixed(0)} (${list.length})`)
      .join(", ")}`,
  );
  const ratio = manyMs / oneOutcome.ms;
  console.log(`ratio many/one: ${ratio.toFixed(2)} (goal ≤ 2): ${ratio <= 2 ? "met" : "NOT met"}`);
} finally {
  await link?.proxy.close();
  await server.stop();
  rmSync(single, { force: true });
  rmSync(server.dataDir, { recursive: true, force: true });
}
