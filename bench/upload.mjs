/**
 * bench/upload: one large file through the resumable upload path (tus at /api/uploads, as the browser
 * sends it) on the production build with the embedded defaults (PGlite, encrypted local disk).
 *
 * 1. Straight over loopback: throughput as a ratio to `cp` of the same file on the same disk (goal
 *    ≥ 0.5; `cp` is timed five times and the median taken, one run varies 3x here), and the server's
 *    peak memory growth, all its processes (goal < 64 MB). For scale, the same file also goes to a
 *    bare Node HTTP server that only writes the body to disk: the most any Node upload path reaches
 *    on this machine.
 * 2. Through tests/support/throttle-proxy.ts (no bandwidth limit) that drops the connection `drops`
 *    times (every connection destroyed, new ones refused for `dropMs`): tus-js-client resumes from the
 *    server's offset; the bytes that crossed the link divided by the file's size (goal < 1.05).
 * Both stored files are read back after the server stops and their sha256 compared with the original's.
 *
 *   npm run build && node bench/upload.mjs [sizeMB=500] [--chunk-mb=N] [--drops=3] [--drop-ms=1000]
 *   npm run build && node bench/upload.mjs [sizeMB=500] --multipart   (the old multipart POST, for comparison)
 */
import { spawnSync } from "node:child_process";
import { createReadStream, createWriteStream, rmSync } from "node:fs";
import http from "node:http";
import { pipeline } from "node:stream/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { startServer, treeRss } from "./server.mjs";
import { announce, storedUpload, testSupport, writeSample } from "./resumable.mjs";
import { multipartUpload } from "./upload-multipart.mjs";

const args = process.argv.slice(2);
const flag = (name, fallback) => Number(args.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const sizeMb = Number(args.find((a) => !a.startsWith("--")) ?? 500);
const chunkMb = flag("chunk-mb", NaN);
const drops = flag("drops", 3);
const dropMs = flag("drop-ms", 1000);
const multipart = args.includes("--multipart");

const MiB = 1024 * 1024;
const size = sizeMb * MiB;
const source = path.join(tmpdir(), `afya-bench-${process.pid}.pdf`);
const { ThrottleProxy, tusUpload, chunking } = await testSupport();

function timeCp() {
  const target = `${source}.copy`;
  const runs = Array.from({ length: 5 }, () => {
    const started = process.hrtime.bigint();
    const result = spawnSync("sh", ["-c", `cp "${source}" "${target}" && sync "${target}"`]);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    rmSync(target, { force: true });
    if (result.status !== 0) throw new Error("cp failed");
    return seconds;
  });
  return runs.sort((a, b) => a - b)[2];
}

/** Seconds to send the file in PATCHes of 32 MiB (the browser's largest) to a server that only writes each body to disk. */
async function timeBareHttp() {
  const target = `${source}.bare`;
  const server = http.createServer(async (request, response) => {
    await pipeline(request, createWriteStream(target, { flags: "a" }));
    response.end();
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  const chunk = 32 * MiB;
  const started = process.hrtime.bigint();
  for (let start = 0; start < size; start += chunk) {
    const end = Math.min(start + chunk, size);
    await new Promise((resolve, reject) => {
      const request = http.request({ port, host: "127.0.0.1", method: "PATCH", headers: { "Content-Length": end - start } }, (response) =>
        response.resume().on("end", resolve),
      );
      request.on("error", reject);
      createReadStream(source, { start, end: end - 1 }).pipe(request);
    });
  }
  spawnSync("sync", [target]);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  server.close();
  rmSync(target, { force: true });
  return seconds;
}

/** Samples the server's memory (all its processes) every 50 ms until stopped; returns the peak. */
function memorySampler(pid) {
  let peak = treeRss(pid);
  const timer = setInterval(() => (peak = Math.max(peak, treeRss(pid))), 50);
  return () => {
    clearInterval(timer);
    return Math.max(peak, treeRss(pid));
  };
}

const count = (outcome, method) => outcome.requests.filter((r) => r.method === method).length;
const pass = (ok) => (ok ? "PASS" : "FAIL");

const sha256 = await writeSample(source, size);
const cpSeconds = timeCp();
const bareSeconds = await timeBareHttp();
const server = await startServer(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {});
let failed = false;
try {
  if (multipart) {
    const result = await multipartUpload(server, source);
    console.log(`file: ${sizeMb} MB (multipart POST /api/medical-submissions)`);
    console.log(`cp:     ${cpSeconds.toFixed(2)} s, ${(sizeMb / cpSeconds).toFixed(1)} MB/s`);
    console.log(
      `upload: ${result.seconds.toFixed(2)} s, ${(sizeMb / result.seconds).toFixed(1)} MB/s (${((cpSeconds / result.seconds) * 100).toFixed(0)}% of cp)`,
    );
    console.log(`server memory growth: ${(result.growth / MiB).toFixed(1)} MB`);
  } else {
    const warmUp = `${source}.small`;
    await writeSample(warmUp, MiB);
    const { uploads, headers } = await announce(server.url, [
      { name: "warm-up.pdf", size: MiB },
      { name: "ct-study.pdf", size },
      { name: "ct-study-dropped.pdf", size },
    ]);
    const [warm, straight, dropped] = uploads;
    const endpoint = `${server.url}/api/uploads`;
    const { label, ...chunks } = chunking(chunkMb);

    // Warm up first (route code, the embedded database's first open) with a small upload.
    const warmed = await tusUpload({ endpoint, file: createReadStream(warmUp), uploadId: warm.id, name: warm.name, headers, ...chunks });
    rmSync(warmUp);
    if (!warmed.ok) throw new Error(`warm-up upload failed: ${warmed.error?.message}`);

    // 1. Straight over loopback.
    const baseline = treeRss(server.pid);
    const stopSampling = memorySampler(server.pid);
    const run = await tusUpload({ endpoint, file: createReadStream(source), uploadId: straight.id, name: straight.name, headers, ...chunks });
    const peak = stopSampling();
    if (!run.ok) throw new Error(`upload failed: ${run.error?.message}`);

    // 2. Through the proxy, dropped `drops` times on the way.
    const link = await ThrottleProxy.before(server.url);
    const thresholds = Array.from({ length: drops }, (_, i) => ((i + 1) * size) / (drops + 1));
    const dropper = setInterval(() => {
      if (thresholds.length && link.proxy.bytesUp >= thresholds[0]) {
        thresholds.shift();
        void link.proxy.drop(dropMs);
      }
    }, 5);
    const stopSamplingDropped = memorySampler(server.pid);
    const resumed = await tusUpload({
      endpoint: `${link.url}/api/uploads`,
      file: createReadStream(source),
      uploadId: dropped.id,
      name: dropped.name,
      headers,
      ...chunks,
      retryDelays: [250, 500, 1000, 2000, 3000, 5000, 5000, 5000],
    });
    const peakDropped = stopSamplingDropped();
    clearInterval(dropper);
    await link.proxy.close();
    if (!resumed.ok) throw new Error(`upload with drops failed: ${resumed.error?.message}`);

    await server.stop();
    const stored = [straight, dropped].map((upload) => storedUpload(server, upload.id));
    const intact = stored.map((s) => s.complete && s.recordedSha256 === sha256 && s.storedSha256 === sha256);

    const seconds = run.ms / 1000;
    const ratio = cpSeconds / seconds;
    const growth = (Math.max(peak, peakDropped) - baseline) / MiB;
    const overLink = link.proxy.bytesFromClients / size;
    console.log(`file: ${sizeMb} MB, tus ${label}`);
    console.log(`cp:       ${cpSeconds.toFixed(2)} s, ${(sizeMb / cpSeconds).toFixed(1)} MB/s (median of 5)`);
    console.log(
      `bare Node HTTP server writing to disk (no app, no encryption): ${bareSeconds.toFixed(2)} s, ${(sizeMb / bareSeconds).toFixed(1)} MB/s, ` +
        `ratio to cp ${(cpSeconds / bareSeconds).toFixed(2)}: this machine's ceiling for any Node upload path`,
    );
    console.log(`upload:   ${seconds.toFixed(2)} s, ${(sizeMb / seconds).toFixed(1)} MB/s in ${count(run, "PATCH")} PATCHes`);
    console.log(`throughput ratio to cp: ${ratio.toFixed(2)} (goal ≥ 0.5) ${pass(ratio >= 0.5)}`);
    console.log(
      `server memory growth: ${growth.toFixed(1)} MB (baseline ${(baseline / MiB).toFixed(0)} MB, peak ${(Math.max(peak, peakDropped) / MiB).toFixed(0)} MB; goal < 64 MB) ${pass(growth < 64)}`,
    );
    console.log(
      `with ${drops} drops of ${dropMs} ms: ${(resumed.ms / 1000).toFixed(2)} s, ${count(resumed, "PATCH")} PATCHes, ${count(resumed, "HEAD")} HEADs, ` +
        `${link.proxy.refused} connections refused while down`,
    );
    console.log(
      `bytes over the link / file size: ${overLink.toFixed(4)} (${link.proxy.bytesFromClients} sent, ${link.proxy.bytesUp} reached the server; goal < 1.05) ${pass(overLink < 1.05)}`,
    );
    console.log(`sha256 of the stored files: ${intact.map((ok) => (ok ? "equal" : "DIFFERENT")).join(", ")} ${pass(intact.every(Boolean))}`);
    if (!intact.every(Boolean)) {
      console.log(JSON.stringify(stored));
      failed = true;
    }
  }
} finally {
  await server.stop();
  rmSync(source, { force: true });
  rmSync(server.dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
