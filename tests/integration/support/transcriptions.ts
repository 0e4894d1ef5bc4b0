import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";

/**
 * A transcription row as the upload leaves it (queued, a PDF unless `overrides` say otherwise), with
 * `content` as its bytes in the app's store. Call after useFreshApp: it uses the app's own store and database.
 */
export async function queuedTranscription(content = `minutes of the case review ${randomUUID()}`, overrides: Record<string, unknown> = {}) {
  const { getStore } = await import("@/lib/storage");
  const { db } = await import("@/lib/db");
  const stored = await getStore().put("transcriptions/test", Readable.from([Buffer.from(content)]));
  const row = await db().transcription.create({
    data: {
      title: "Case review",
      meetingType: "case-review",
      kind: "pdf",
      fileName: "review.pdf",
      fileSize: BigInt(stored.size),
      mimeType: "application/pdf",
      sha256: stored.sha256,
      storageKey: stored.key,
      deleteFileAfter: new Date(Date.now() + 180 * 24 * 3600 * 1000),
      ...overrides,
    },
  });
  return { id: row.id, key: stored.key, content };
}
