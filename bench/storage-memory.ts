/**
 * Streams a generated object through the local (encrypted) store's put and get, and prints the
 * throughput and the peak RSS growth of each, so anyone can check that memory does not grow with
 * file size.
 *
 *   npx tsx bench/storage-memory.ts [sizeMiB]     (default 300)
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { LocalStore } from "@/lib/storage/local";

const MiB = 1024 * 1024;
const SAMPLE_INTERVAL_MS = 50;

/** Tracks the highest RSS seen from start() until stop(). */
class RssSampler {
  private baseline = 0;
  private peak = 0;
  private timer: NodeJS.Timeout | undefined;

  start(): void {
    this.baseline = process.memoryUsage().rss;
    this.peak = this.baseline;
    this.timer = setInterval(() => this.sample(), SAMPLE_INTERVAL_MS);
  }

  /** Peak growth over the baseline, in bytes. */
  stop(): number {
    clearInterval(this.timer);
    this.sample();
    return this.peak - this.baseline;
  }

  private sample(): void {
    this.peak = Math.max(this.peak, process.memoryUsage().rss);
  }
}

/** `totalBytes` of data in 1 MiB pieces; one random block is reused so generating costs nothing. */
function generatedSource(totalBytes: number): Readable {
  const block = randomBytes(MiB);
  return Readable.from(
    (function* () {
      for (let sent = 0; sent < totalBytes; sent += block.length) yield block.subarray(0, Math.min(block.length, totalBytes - sent));
    })(),
  );
}

async function measure<T>(label: string, totalBytes: number, run: () => Promise<T>): Promise<T> {
  const sampler = new RssSampler();
  const started = performance.now();
  sampler.start();
  const result = await run();
  const growth = sampler.stop();
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `${label}: ${(totalBytes / MiB).toFixed(0)} MiB in ${seconds.toFixed(2)} s = ${(totalBytes / MiB / seconds).toFixed(1)} MiB/s, ` +
      `peak RSS growth ${(growth / MiB).toFixed(1)} MiB`,
  );
  return result;
}

async function main(): Promise<void> {
  const sizeMiB = Number(process.argv[2] ?? 300);
  if (!Number.isInteger(sizeMiB) || sizeMiB <= 0) throw new Error("Usage: npx tsx bench/storage-memory.ts [sizeMiB]");
  const totalBytes = sizeMiB * MiB;
  const dataDir = await mkdtemp(path.join(tmpdir(), "afyabridge-bench-"));
  const store = new LocalStore({ dataDir, encryptionKey: randomBytes(32).toString("base64"), appUrl: "http://localhost", signedUrlTtlSeconds: 60 });
  try {
    console.log(`Node ${process.version}, RSS at start ${(process.memoryUsage().rss / MiB).toFixed(1)} MiB, data in ${dataDir}`);
    const stored = await measure("put", totalBytes, () => store.put("bench", generatedSource(totalBytes)));
    const read = await measure("get", totalBytes, async () => {
      const hash = createHash("sha256");
      let size = 0;
      for await (const chunk of await store.get(stored.key)) {
        hash.update(chunk);
        size += chunk.length;
      }
      return { size, sha256: hash.digest("hex") };
    });
    if (read.size !== stored.size || read.sha256 !== stored.sha256) throw new Error("The object read back differs from the one written");
    console.log(`round trip verified: ${stored.size} bytes, sha256 ${stored.sha256}`);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
