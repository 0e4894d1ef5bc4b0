/**
 * bench/stalled-uploads: 50 uploads that go silent after a few hundred KB, then 50 whose connection is
 * cut, against the real route handler (tests/support/upload-server.ts: a Node HTTP server that hands
 * the request over as Next's does) on the embedded defaults, with the real idle time
 * (REQUEST_IDLE_TIMEOUT_SECONDS, 60 s unless set). Prints how long the server took to let go, its
 * file descriptors (/proc/<pid>/fd) and in-flight handlers before, during and after, and the bytes
 * left in the store. Targets: silent uploads released within about a minute of their last byte, cut
 * ones within a few seconds; afterwards descriptors back to the baseline and no byte left.
 *
 *   node bench/stalled-uploads.mjs [uploads=50] [sentKB=300]
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { multipartFields } from "./server.mjs";

const UPLOADS = Number(process.argv[2] ?? 50);
const SENT_BYTES = Number(process.argv[3] ?? 300) * 1024;
const APP_URL = "http://localhost:3000";
const BOUNDARY = "----afyastallbench";
const dataDir = mkdtempSync(path.join(tmpdir(), "afya-stall-bench-"));

async function startServer() {
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    APP_URL,
    BETTER_AUTH_SECRET: "bench-secret-bench-secret-bench-secret-01",
    STORAGE_ENCRYPTION_KEY: Buffer.alloc(32, 5).toString("base64"),
    TRANSCRIPTION_WORKER: "off",
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ["--import", "./scripts/server-only-hooks.mjs", "--import", "tsx", "tests/support/upload-server.ts"], {
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  const port = await new Promise((resolve, reject) => {
    child.stdout.on("data", (chunk) => {
      output += chunk;
      const match = output.match(/LISTENING (\d+)/);
      if (match) resolve(Number(match[1]));
    });
    child.on("exit", () => reject(new Error(`server exited:\n${output}`)));
  });
  return { child, port };
}

let ipCounter = 0;
const nextIp = () => `198.51.${100 + Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

function head(email) {
  const fields = multipartFields(email);
  const text = Object.entries(fields)
    .map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join("");
  return Buffer.from(`${text}--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="scan.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
}

function post(port, ip) {
  return http.request({
    host: "127.0.0.1",
    port,
    method: "POST",
    path: "/api/medical-submissions",
    agent: false,
    headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}`, origin: APP_URL, "x-forwarded-for": ip },
  });
}

async function completeUpload(port) {
  const ip = nextIp();
  const request = post(port, ip);
  const status = new Promise((resolve) => {
    request.on("response", (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode));
    });
    request.on("error", () => resolve(null));
  });
  request.end(Buffer.concat([head(`warm-${ipCounter}@example.com`), Buffer.from("%PDF-1.4\n"), Buffer.alloc(2000, 1), Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]));
  return status;
}

/** Fields and the first SENT_BYTES of a PDF, then silence with the connection open. */
function partialUpload(port) {
  const ip = nextIp();
  const request = post(port, ip);
  const outcome = new Promise((resolve) => {
    request.on("response", (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode));
      response.on("error", () => resolve(response.statusCode));
    });
    request.on("error", () => resolve("closed"));
    request.on("close", () => setImmediate(() => resolve("closed")));
  });
  const sent = new Promise((resolve) => {
    request.on("close", resolve);
    request.write(Buffer.concat([head(`stall-${ipCounter}@example.com`), Buffer.from("%PDF-1.4\n"), Buffer.alloc(SENT_BYTES, ipCounter)]), resolve);
  });
  return { request, outcome, sent };
}

/** Over a fresh connection each time, given up after 2 s (then asked again). */
async function serverStats(port) {
  for (;;) {
    const answer = await new Promise((resolve) => {
      const request = http.get({ host: "127.0.0.1", port, path: "/__stats", agent: false, timeout: 2000 }, (response) => {
        let text = "";
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () => resolve(JSON.parse(text)));
        response.on("error", () => resolve(null));
      });
      request.on("timeout", () => request.destroy());
      request.on("error", () => resolve(null));
    });
    if (answer) return answer;
  }
}

/** Stored objects, temporary files of unfinished writes, and their bytes. */
function store() {
  const root = path.join(dataDir, "files");
  let entries = [];
  try {
    entries = readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  } catch {
    // nothing stored yet
  }
  const result = { objects: 0, objectBytes: 0, temporary: 0, temporaryBytes: 0 };
  for (const entry of entries) {
    let size = 0;
    try {
      size = statSync(path.join(entry.parentPath, entry.name)).size;
    } catch {
      continue; // deleted meanwhile
    }
    if (entry.name.endsWith(".tmp")) {
      result.temporary++;
      result.temporaryBytes += size;
    } else if (!entry.name.startsWith(".")) {
      result.objects++;
      result.objectBytes += size;
    }
  }
  return result;
}

const snapshot = async (port) => ({ ...(await serverStats(port)), ...store() });

async function run(port, label, cut) {
  const baseline = await snapshot(port);
  const uploads = Array.from({ length: UPLOADS }, () => partialUpload(port));
  await Promise.all(uploads.map((upload) => upload.sent));
  let during = await snapshot(port);
  for (let i = 0; i < 200 && !(during.inFlight === UPLOADS && during.temporary === UPLOADS); i++) {
    await sleep(100);
    during = await snapshot(port);
  }
  console.error(`${label}: under way (${JSON.stringify(during)})`);
  const started = Date.now();
  if (cut) for (const upload of uploads) upload.request.destroy();
  let now = await snapshot(port);
  const released = () => now.inFlight === 0 && now.fds <= baseline.fds && now.temporary === 0 && now.objects === baseline.objects;
  while (!released() && Date.now() - started < 180_000) {
    await sleep(250);
    now = await snapshot(port);
  }
  const ms = Date.now() - started;
  await sleep(cut ? 0 : 500);
  const outcomes = await Promise.race([Promise.all(uploads.map((upload) => upload.outcome)), sleep(2000).then(() => [])]);
  const counts = outcomes.reduce((all, outcome) => ({ ...all, [outcome]: (all[outcome] ?? 0) + 1 }), {});
  console.log(`\n${label}: ${UPLOADS} uploads, ${SENT_BYTES / 1024} KB of a file each`);
  console.log(
    `  in flight while under way: ${during.inFlight} handlers, ${during.temporary} partial files (${(during.temporaryBytes / 1024).toFixed(0)} KB on disk), ${during.fds} fds`,
  );
  console.log(`  ${released() ? "released" : "NOT released"} ${(ms / 1000).toFixed(1)} s after ${cut ? "the cut" : "the last byte"}`);
  console.log(`  fds: baseline ${baseline.fds}, under way ${during.fds}, after ${now.fds}`);
  console.log(
    `  handlers in flight after: ${now.inFlight}; partial files left: ${now.temporary} (${now.temporaryBytes} bytes); stored objects ${baseline.objects} -> ${now.objects} (${now.objectBytes - baseline.objectBytes} bytes added)`,
  );
  console.log(`  what the clients saw: ${JSON.stringify(counts)}`);
  return released();
}

const server = await startServer();
let ok = false;
try {
  for (let i = 0; i < 2; i++) if ((await completeUpload(server.port)) !== 201) throw new Error("a complete upload failed");
  await sleep(500);
  const silent = await run(server.port, "silent uploads (idle timeout)", false);
  const cut = await run(server.port, "cut uploads (connection destroyed)", true);
  if ((await completeUpload(server.port)) !== 201) throw new Error("a complete upload failed afterwards");
  ok = silent && cut;
} finally {
  server.child.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
