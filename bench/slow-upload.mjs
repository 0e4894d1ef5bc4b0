/**
 * bench/slow-upload: the slow-link proof at full size. A file that takes longer than the server's
 * request timeout to cross the link (12 MB at 256 kbit/s: about 6.5 minutes, against Node's default
 * requestTimeout of 300 s, which `next start` keeps) is sent through tests/support/throttle-proxy.ts to
 * the production build with tus-js-client in PATCHes sized as the browser sizes them (or of `--chunk-mb`); it has to arrive with every request
 * well inside the timeout and the stored file's sha256 equal to the original's (read back after the
 * server stops). Prints the duration, the number of PATCH requests, the longest PATCH, the requests
 * that failed (retried) and the verdict; exits 1 when it did not arrive whole.
 *
 *   npm run build && node bench/slow-upload.mjs [sizeMB=12] [--kbit=256] [--chunk-mb=N]
 */
import { createReadStream, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startServer } from "./server.mjs";
import { announce, storedUpload, testSupport, writeSample } from "./resumable.mjs";

const args = process.argv.slice(2);
const flag = (name, fallback) => Number(args.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const sizeMb = Number(args.find((a) => !a.startsWith("--")) ?? 12);
const kbit = flag("kbit", 256);
const chunkMb = flag("chunk-mb", NaN);

const MiB = 1024 * 1024;
const REQUEST_TIMEOUT_S = 300; // Node's default http.Server requestTimeout (next start keeps it)
const size = Math.round(sizeMb * MiB);
const source = path.join(tmpdir(), `afya-slow-${process.pid}.pdf`);
const { ThrottleProxy, tusUpload, chunking } = await testSupport();

const sha256 = await writeSample(source, size);
const server = await startServer();
let ok = false;
try {
  const { uploads, headers } = await announce(server.url, [{ name: "slow-scan.pdf", size }]);
  const link = await ThrottleProxy.before(server.url, { upBitsPerSecond: kbit * 1000, downBitsPerSecond: kbit * 1000 });
  const expected = (size * 8) / (kbit * 1000);
  const { label, ...chunks } = chunking(chunkMb);
  console.error(`sending ${sizeMb} MB at ${kbit} kbit/s in ${label}: about ${(expected / 60).toFixed(1)} minutes`);
  const progress = setInterval(() => console.error(`  ${(link.proxy.bytesUp / MiB).toFixed(1)} MB across the link`), 30_000);
  const outcome = await tusUpload({
    endpoint: `${link.url}/api/uploads`,
    file: createReadStream(source),
    uploadId: uploads[0].id,
    name: uploads[0].name,
    headers,
    ...chunks,
    retryDelays: [0, 1000, 3000, 5000],
  });
  clearInterval(progress);
  await link.proxy.close();
  await server.stop();
  const stored = storedUpload(server, uploads[0].id);

  const patches = outcome.requests.filter((r) => r.method === "PATCH");
  const failedRequests = outcome.requests.filter((r) => r.status === 0 || r.status >= 400);
  const longest = Math.max(0, ...patches.map((p) => p.ms)) / 1000;
  const intact = stored.complete && stored.recordedSha256 === sha256 && stored.storedSha256 === sha256;
  ok = outcome.ok && intact && failedRequests.length === 0;
  console.log(`file: ${sizeMb} MB at ${kbit} kbit/s, ${label}, server request timeout ${REQUEST_TIMEOUT_S} s`);
  console.log(`duration: ${(outcome.ms / 1000).toFixed(1)} s (${(outcome.ms / 60_000).toFixed(1)} min)`);
  console.log(`PATCH requests: ${patches.length}; longest ${longest.toFixed(1)} s (${((longest / REQUEST_TIMEOUT_S) * 100).toFixed(0)}% of the timeout)`);
  console.log(`requests that failed: ${failedRequests.length}${failedRequests.length ? ` ${JSON.stringify(failedRequests)}` : ""}`);
  console.log(`sha256 of the stored file: ${intact ? "equal" : `DIFFERENT ${JSON.stringify(stored)}`}`);
  console.log(ok ? "success" : `FAILED${outcome.error ? `: ${outcome.error.message}` : ""}`);
} finally {
  await server.stop();
  rmSync(source, { force: true });
  rmSync(server.dataDir, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
