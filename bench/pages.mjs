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
 *   npm run build && node bench/pages.mjs [requests=200] [concurrency=8] [other checkout]
 *
 * Starts the build on a free port with a fresh embedded database (bench/server.mjs); set NEXT_DIST_DIR if
 * the build is elsewhere. Each page is requested 20 times first, unmeasured, to warm the server up. The
 * requests carry the page's language cookie, as a returning visitor's do.
 *
 * With a third argument, the directory of another checkout with its own production build (e.g. the
 * commit before the marketing pages were pre-rendered, when every page had a nonce), measures that build
 * too, right after this one, and prints both side by side:
 *
 *   git archive <commit> | tar -x -C /tmp/afya-nonce && cp -al node_modules /tmp/afya-nonce/
 *   (cd /tmp/afya-nonce && npm run build) && node bench/pages.mjs 200 8 /tmp/afya-nonce
 */
import { readFileSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
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
    const locale = new URL(url).pathname.match(/^\/([a-z]{2})(?:\/|$)/)?.[1] ?? "en";
    const headers = { "accept-encoding": "gzip", accept: "text/html", cookie: `NEXT_LOCALE=${locale}`, ...extraHeaders };
    const req = request(url, { agent, headers }, (response) => {
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
          cacheControl: response.headers["cache-control"] ?? "-",
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

/** Measures every page on the build of checkout `cwd`; prints its table and returns a row per page plus one for all pages. */
async function measureBuild(cwd) {
  const server = await startServer({}, cwd);
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  try {
    console.log(`\n${cwd}: ${requests} requests per page, ${concurrency} in flight; ${cpus().length} CPUs, load average ${loadavg()[0].toFixed(2)} at start`);
    console.log("page         req/s    p50 ms   p95 ms   wire (gzip)   body         CPU ms/req   cache   repeat visit   Cache-Control");
    const rows = [];
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
      const { wireBytes, bodyBytes, encoding, cache, etag, cacheControl } = results.at(-1);
      const repeat = await repeatVisit(agent, url, etag);
      totals.count += results.length;
      totals.seconds += seconds;
      totals.cpu += cpu;
      totals.times.push(...times);
      const row = { page, rps: results.length / seconds, p50: percentile(times, 50), cpu: (cpu * 1000) / results.length, repeat };
      rows.push(row);
      console.log(
        [
          page.padEnd(10),
          row.rps.toFixed(1).padStart(7),
          row.p50.toFixed(0).padStart(9),
          percentile(times, 95).toFixed(0).padStart(8),
          `${kib(wireBytes)}${encoding === "gzip" ? "" : ` (${encoding})`}`.padStart(14),
          kib(bodyBytes).padStart(12),
          row.cpu.toFixed(1).padStart(12),
          `   ${cache.padEnd(7)}`,
          repeat.padEnd(14),
          cacheControl,
        ].join(" "),
      );
    }
    totals.times.sort((a, b) => a - b);
    const all = {
      page: "all pages",
      rps: totals.count / totals.seconds,
      p50: percentile(totals.times, 50),
      cpu: (totals.cpu * 1000) / totals.count,
      repeat: "",
    };
    console.log(
      `all pages: ${all.rps.toFixed(1)} req/s, p50 ${all.p50.toFixed(0)} ms, p95 ${percentile(totals.times, 95).toFixed(0)} ms, server CPU ${all.cpu.toFixed(1)} ms per request`,
    );
    return [...rows, all];
  } finally {
    agent.destroy();
    await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}

const builds = [process.cwd(), ...(process.argv[4] ? [path.resolve(process.argv[4])] : [])];
const measured = [];
for (const cwd of builds) measured.push(await measureBuild(cwd));
if (measured.length === 2) {
  const [self, other] = measured;
  console.log(`\nside by side: this build (${builds[0]}) | the other (${builds[1]})`);
  console.log("page         CPU ms/req          req/s               p50 ms          repeat visit");
  self.forEach((row, index) => {
    const them = other[index];
    const pair = (a, b, digits) => `${a.toFixed(digits)} | ${b.toFixed(digits)}`.padEnd(20);
    console.log(
      [
        row.page.padEnd(12),
        pair(row.cpu, them.cpu, 1),
        pair(row.rps, them.rps, 1),
        pair(row.p50, them.p50, 0),
        row.repeat ? `${row.repeat} | ${them.repeat}` : "",
      ].join(" "),
    );
  });
}
