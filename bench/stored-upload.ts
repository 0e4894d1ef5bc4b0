/**
 * What the server kept of one upload, read after the benchmark's server has stopped (its embedded
 * database and file store, named by DATA_DIR and STORAGE_ENCRYPTION_KEY): whether it finished, the
 * sha256 it recorded, and the sha256 of the stored object read back through the storage layer.
 * Prints one line of JSON. Used by bench/upload.mjs and bench/slow-upload.mjs.
 *
 *   node --import ./scripts/server-only-hooks.mjs --import tsx bench/stored-upload.ts <uploadId>
 */
import { createHash } from "node:crypto";
import { db } from "@/lib/db";
import { getStore } from "@/lib/storage";

const id = process.argv[2];
const row = await db().upload.findUniqueOrThrow({ where: { id } });
const result: Record<string, unknown> = { id, complete: !!row.completedAt, receivedBytes: Number(row.receivedBytes), failure: row.failure };
if (row.fileId) {
  const file = await db().submissionFile.findUniqueOrThrow({ where: { id: row.fileId } });
  const hash = createHash("sha256");
  let size = 0;
  for await (const chunk of (await getStore().get(file.storageKey!)) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  Object.assign(result, { recordedSha256: file.sha256, storedSha256: hash.digest("hex"), storedBytes: size });
}
console.log(JSON.stringify(result));
await db().$disconnect();
process.exit(0); // the app's modules keep timers of their own
