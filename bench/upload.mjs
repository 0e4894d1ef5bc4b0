/**
 * bench/upload: one large upload through POST /api/medical-submissions on the embedded defaults
 * (PGlite, encrypted local disk). Prints throughput, the server's peak memory growth, and `cp` of the
 * same file on the same disk for comparison. Targets: growth under 64 MB; throughput at least half of cp's.
 *
 *   npm run build && node bench/upload.mjs [sizeMB=500]
 */
import { spawnSync } from "node:child_process";
import { createReadStream, createWriteStream, rmSync, statSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { once } from "node:events";
import { startServer, treeRss } from "./server.mjs";

const sizeMb = Number(process.argv[2] ?? 500);
const size = sizeMb * 1024 * 1024;
const MiB = 1024 * 1024;
const source = path.join(tmpdir(), `afya-bench-${process.pid}.pdf`);

async function writeSample() {
  const out = createWriteStream(source);
  out.write("%PDF-1.4\n");
  const chunk = Buffer.alloc(MiB);
  for (let written = 9, i = 0; written < size; i++) {
    chunk.writeUInt32LE(i, 0); // not all the same bytes
    const part = written + MiB <= size ? chunk : chunk.subarray(0, size - written);
    if (!out.write(part)) await once(out, "drain");
    written += part.length;
  }
  out.end();
  await once(out, "finish");
}

function timeCp() {
  const target = `${source}.copy`;
  const started = process.hrtime.bigint();
  const result = spawnSync("sh", ["-c", `cp "${source}" "${target}" && sync "${target}"`]);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  rmSync(target, { force: true });
  if (result.status !== 0) throw new Error("cp failed");
  return seconds;
}

function upload(url, file = source) {
  const boundary = "----afyabench" + Date.now();
  const fields = {
    name: "Bench Patient",
    email: "bench@example.com",
    homeCountry: "Nigeria",
    specialty: "cardiology",
    urgency: "standard",
    preferredCountries: '["Turkey"]',
    consent: "true",
    consentFullName: "Bench Patient",
    consentEmail: "bench@example.com",
    consentDate: "2026-11-22",
  };
  const head = Object.entries(fields)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join("");
  const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="ct-study.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const length = Buffer.byteLength(head) + Buffer.byteLength(fileHead) + statSync(file).size + Buffer.byteLength(tail);
  return new Promise((resolve, reject) => {
    const req = request(`${url}/api/medical-submissions`, {
      method: "POST",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": length, origin: url },
    });
    req.on("response", async (response) => {
      let body = "";
      for await (const chunk of response) body += chunk;
      resolve({ status: response.statusCode, body });
    });
    req.on("error", reject);
    req.write(head + fileHead);
    const body = createReadStream(file);
    body.pipe(req, { end: false });
    body.on("end", () => req.end(tail));
  });
}

await writeSample();
const cpSeconds = timeCp();
const server = await startServer(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {});
try {
  // Warm up first (route code, the embedded database's first open) with a small upload.
  const warmUp = `${source}.small`;
  writeFileSync(warmUp, Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(MiB)]));
  const warm = await upload(server.url, warmUp);
  rmSync(warmUp);
  if (warm.status !== 201) throw new Error(`warm-up upload answered ${warm.status}: ${warm.body}`);
  const baseline = treeRss(server.pid);
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, treeRss(server.pid))), 50);
  const started = process.hrtime.bigint();
  const result = await upload(server.url);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  clearInterval(sampler);
  if (result.status !== 201) throw new Error(`upload answered ${result.status}: ${result.body}`);
  const uploadRate = sizeMb / seconds;
  const cpRate = sizeMb / cpSeconds;
  const growth = (peak - baseline) / MiB;
  console.log(`file: ${sizeMb} MB`);
  console.log(`cp:     ${cpSeconds.toFixed(2)} s, ${cpRate.toFixed(1)} MB/s`);
  console.log(`upload: ${seconds.toFixed(2)} s, ${uploadRate.toFixed(1)} MB/s (${((uploadRate / cpRate) * 100).toFixed(0)}% of cp; target ≥ 50%)`);
  console.log(`server memory: baseline ${(baseline / MiB).toFixed(0)} MB, peak ${(peak / MiB).toFixed(0)} MB, growth ${growth.toFixed(1)} MB (target < 64 MB)`);
} finally {
  server.stop();
  rmSync(source, { force: true });
  rmSync(server.dataDir, { recursive: true, force: true });
}
