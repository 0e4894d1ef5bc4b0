/**
 * bench/pages: what serving the marketing pages costs the production build. Requests each page N times
 * (default 200) with C requests in flight (default 8) on keep-alive connections, as a browser asks for
 * it (Accept-Encoding: gzip), and prints per page: throughput, median and 95th-percentile latency, the
 * bytes on the wire (compressed, as `next start` sends them) and uncompressed, the server's CPU time per
 * request (all its processes, from /proc: steadier than latency when others share the machine), how
 * the page was served (Next's x-nextjs-cache header: HIT for a pre-rendered page, none when rendered
 * for the request), and what a repeat visit costs: the page asked for again with the ETag of the first
 * answer (If-None-Match), as a browser revalidates it (304 and no body, or the whole page again).
 *
 *   npm run build && node bench/pages.mjs [requests=200] [concurrency=8]
 *
 * Starts the build on a free port with a fresh embedded database (bench/server.mjs); set NEXT_DIST_DIR if
 * the build is elsewhere. Each page is requested 20 times first, unmeasured, to warm the server up.
 */
import { readFileSync, readdirSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { cpus, loadavg } from "node:os";
import { gunzipSync } from "node:zlib";
import { startServer } from "./server.mjs";

// English paths have no prefix (/en/services redirects to /services); /fr is a localized page.
const PAGES = ["/", "/services", "/faq", "/about", "/fr"];
const WARM_UP = 20;
const requests = Number(process.argv[2] ?? 200);
const concurrency = Number(process.argv[3] ?? 8);
const CLOCK_TICKS = 100; // USER_HZ on Linux

function get(agent, url, extraHeaders = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(url, { agent, headers: { "accept-encoding": "gzip", accept: "text/html", ...extraHeaders } }, (response) => {
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("end", () => {
        const wire = Buffer.concat(chunks);
        const gzipped = response.headers["content-encoding"] === "gzip";
        resolve({
          status: response.statusCode,
          ms: performance.now() - started,
          wireBytes: wire.length,
          bodyBytes: gzipped ? gunzipSync(wire).length : wire.length,
          encoding: response.headers["content-encoding"] ?? "identity",
          cache: response.headers["x-nextjs-cache"] ?? "-",
          etag: response.headers.etag,
        });
      });
      response.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/** CPU seconds (user + system) used so far by a process and all its descendants (Linux /proc). */
function treeCpuSeconds(pid) {
  const children = new Map();
  const ticks = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1].split(" ");
      const ppid = Number(fields[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(entry));
      ticks.set(Number(entry), Number(fields[11]) + Number(fields[12]));
    } catch {
      // the process ended meanwhile
    }
  }
  let total = 0;
  const stack = [pid];
  while (stack.length) {
    const current = stack.pop();
    total += ticks.get(current) ?? 0;
    stack.push(...(children.get(current) ?? []));
  }
  return total / CLOCK_TICKS;
}

/** Sends `count` requests with `concurrency` in flight; returns the results and the wall time. */
async function run(agent, url, count) {
  const results = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < count) {
      next++;
      results.push(await get(agent, url));
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return { results, seconds: (performance.now() - started) / 1000 };
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

/** A repeat visit: the page again with the first answer's ETag, if it had one. */
async function repeatVisit(agent, url, etag) {
  const again = await get(agent, url, etag ? { "if-none-match": etag } : {});
  return `${again.status} ${kib(again.wireBytes)}`;
}
const server = await startServer();
const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
try {
  console.log(`${requests} requests per page, ${concurrency} in flight; ${cpus().length} CPUs, load average ${loadavg()[0].toFixed(2)} at start`);
  console.log("page         req/s    p50 ms   p95 ms   wire (gzip)   body         CPU ms/req   cache   repeat visit");
  const totals = { count: 0, seconds: 0, cpu: 0, times: [] };
  for (const page of PAGES) {
    const url = `${server.url}${page}`;
    await run(agent, url, WARM_UP);
    const cpuBefore = treeCpuSeconds(server.pid);
    const { results, seconds } = await run(agent, url, requests);
    const cpu = treeCpuSeconds(server.pid) - cpuBefore;
    const failed = results.filter((result) => result.status !== 200);
    if (failed.length) throw new Error(`${page}: ${failed.length} answers were not 200 (first: ${failed[0].status})`);
    const times = results.map((result) => result.ms).sort((a, b) => a - b);
    const { wireBytes, bodyBytes, encoding, cache, etag } = results.at(-1);
    const repeat = await repeatVisit(agent, url, etag);
    totals.count += results.length;
    totals.seconds += seconds;
    totals.cpu += cpu;
    totals.times.push(...times);
    console.log(
      [
        page.padEnd(10),
        (results.length / seconds).toFixed(1).padStart(7),
        percentile(times, 50).toFixed(0).padStart(9),
        percentile(times, 95).toFixed(0).padStart(8),
        `${kib(wireBytes)}${encoding === "gzip" ? "" : ` (${encoding})`}`.padStart(14),
        kib(bodyBytes).padStart(12),
        ((cpu * 1000) / results.length).toFixed(1).padStart(12),
        `   ${cache.padEnd(7)}`,
        repeat,
      ].join(" "),
    );
  }
  totals.times.sort((a, b) => a - b);
  console.log(
    `all pages: ${(totals.count / totals.seconds).toFixed(1)} req/s, p50 ${percentile(totals.times, 50).toFixed(0)} ms, p95 ${percentile(totals.times, 95).toFixed(0)} ms, server CPU ${((totals.cpu * 1000) / totals.count).toFixed(1)} ms per request`,
  );
} finally {
  agent.destroy();
  server.stop();
  rmSync(server.dataDir, { recursive: true, force: true });
}
