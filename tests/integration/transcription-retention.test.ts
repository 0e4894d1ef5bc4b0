import { after, before, describe, mock, test } from "node:test";
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { useFreshApp } from "./support/app";
import { signUpAdmin } from "./support/actors";
import { createTestDatabase, type TestDatabase } from "./support/databases";

/** Retention and deletion of transcription files: the stored bytes go, not only the row. */
const db = async () => (await import("@/lib/db")).db();
const store = async () => (await import("@/lib/storage")).getStore();
const DAY = 24 * 3600 * 1000;

/** A finished transcription uploaded `ageDays` ago, with its retention date as the upload sets it. */
async function finished(kind: "audio" | "pdf", ageDays: number) {
  const stored = await (await store()).put("transcriptions/test", Readable.from([Buffer.from(`${kind} bytes ${randomUUID()}`)]));
  const createdAt = new Date(Date.now() - ageDays * DAY);
  const row = await (
    await db()
  ).transcription.create({
    data: {
      title: `${kind} ${ageDays} days old`,
      meetingType: "consultation",
      kind,
      language: kind === "audio" ? "en-US" : null,
      fileName: kind === "audio" ? "consultation.mp3" : "report.pdf",
      fileSize: BigInt(stored.size),
      mimeType: kind === "audio" ? "audio/mpeg" : "application/pdf",
      sha256: stored.sha256,
      storageKey: stored.key,
      status: "completed",
      text: "The transcript stays.",
      createdAt,
      deleteFileAfter: new Date(createdAt.getTime() + (kind === "audio" ? 90 : 180) * DAY),
    },
  });
  return { id: row.id, key: stored.key };
}

async function auditRows(action: string, entityId: string) {
  return (await db()).auditEvent.findMany({ where: { action, entityId } });
}

describe("transcription retention and deletion", () => {
  let postgres: TestDatabase | null = null;

  before(async () => {
    if (process.env.TEST_DATABASE_URL) postgres = await createTestDatabase("postgres");
    await useFreshApp({ databaseUrl: postgres?.url ?? null });
  });
  after(async () => {
    await (await db()).$disconnect();
    await postgres?.drop();
  });

  test("retention erases the bytes of an audio file 91 days old, keeps a PDF 100 days old, keeps the rows and audits each file", async () => {
    const audio = await finished("audio", 91);
    const pdf = await finished("pdf", 100);
    const recentAudio = await finished("audio", 10);
    const { runRetention } = await import("@/lib/transcriptions/retention");
    const { log } = await import("@/lib/log");
    const info = mock.method(log, "info");
    let deleted: number;
    try {
      deleted = await runRetention();
    } finally {
      info.mock.restore();
    }

    assert.equal(deleted, 1);
    // One structured summary through the project's logger, holding counts only (no names or file names).
    const logged = info.mock.calls.map((call) => call.arguments as unknown[]);
    assert.deepEqual(logged, [[{ job: "transcription_retention", deleted: 1, failed: 0 }, "retention: deleted 1 transcription files"]]);
    assert.equal(await (await store()).exists(audio.key), false, "the audio bytes are gone from the store");
    const audioRow = await (await db()).transcription.findUniqueOrThrow({ where: { id: audio.id } });
    assert.equal(audioRow.storageKey, null);
    assert.ok(audioRow.fileDeletedAt);
    assert.equal(audioRow.text, "The transcript stays.");
    const [entry, ...more] = await auditRows("transcription.retention_delete", audio.id);
    assert.equal(more.length, 0);
    assert.equal(entry.entityType, "transcription");
    assert.equal(entry.actorRole, "system");
    assert.deepEqual(entry.metadata, { fileName: "consultation.mp3", kind: "audio", size: audioRow.fileSize ? Number(audioRow.fileSize) : 0 });

    for (const kept of [pdf, recentAudio]) {
      assert.equal(await (await store()).exists(kept.key), true);
      const row = await (await db()).transcription.findUniqueOrThrow({ where: { id: kept.id } });
      assert.equal(row.storageKey, kept.key);
      assert.equal(row.fileDeletedAt, null);
      assert.equal((await auditRows("transcription.retention_delete", kept.id)).length, 0);
    }

    // The next daily run finds nothing more to do and audits nothing twice; the PDF goes at 180 days.
    assert.equal(await runRetention(), 0);
    assert.equal((await auditRows("transcription.retention_delete", audio.id)).length, 1);
    assert.equal(await runRetention(new Date(Date.now() + 81 * DAY)), 2);
    assert.equal(await (await store()).exists(pdf.key), false);
  });

  test("two retention runs at once (two instances) erase and audit each file once", async () => {
    const rows = await Promise.all(Array.from({ length: 5 }, () => finished("audio", 95)));
    const { runRetention } = await import("@/lib/transcriptions/retention");
    const [a, b] = await Promise.all([runRetention(), runRetention()]);
    assert.equal(a + b, 5);
    for (const row of rows) {
      assert.equal(await (await store()).exists(row.key), false);
      assert.equal((await auditRows("transcription.retention_delete", row.id)).length, 1);
    }
  });

  test("deleteTranscription removes the row and the stored bytes, keeps the consents unlinked, and audits", async () => {
    const admin = await signUpAdmin();
    const { id, key } = await finished("pdf", 1);
    const consent = await (
      await db()
    ).consentRecord.create({
      data: { userId: admin.id, transcriptionId: id, consentType: "recording", granted: true, version: "1" },
    });
    const { deleteTranscription } = await import("@/lib/transcriptions/erase");
    const actor = { id: admin.id, role: "admin", ipAddress: "198.18.0.1" };
    await deleteTranscription(id, actor);

    assert.equal(await (await db()).transcription.findUnique({ where: { id } }), null);
    assert.equal(await (await store()).exists(key), false, "the bytes are gone, not only the row");
    const kept = await (await db()).consentRecord.findUniqueOrThrow({ where: { id: consent.id } });
    assert.equal(kept.transcriptionId, null);
    const [entry] = await auditRows("transcription.delete", id);
    assert.equal(entry.actorId, admin.id);
    assert.equal((entry.metadata as { fileDeleted: boolean }).fileDeleted, true);

    await assert.rejects(deleteTranscription(id, actor), (error: Error & { kind?: string }) => error.kind === "not_found");
    await assert.rejects(deleteTranscription(randomUUID(), actor), (error: Error & { kind?: string }) => error.kind === "not_found");
  });

  test("eraseTranscriptionFile (staff delete the file only): bytes gone, row and transcript kept, audited once", async () => {
    const { id, key } = await finished("audio", 3);
    const { eraseTranscriptionFile } = await import("@/lib/transcriptions/erase");
    const actor = { id: null, role: "admin" };
    assert.equal(await eraseTranscriptionFile(id, "deleted", actor), true);
    assert.equal(await eraseTranscriptionFile(id, "deleted", actor), false);
    assert.equal(await (await store()).exists(key), false);
    const row = await (await db()).transcription.findUniqueOrThrow({ where: { id } });
    assert.equal(row.storageKey, null);
    assert.ok(row.fileDeletedAt);
    assert.equal(row.text, "The transcript stays.");
    assert.equal((await auditRows("transcription.file_delete", id)).length, 1);
  });

  test("a deleted transcription whose job was still queued is skipped by the worker", async () => {
    const { id } = await finished("pdf", 0);
    await (await db()).transcription.update({ where: { id }, data: { status: "queued", text: null } });
    const { deleteTranscription } = await import("@/lib/transcriptions/erase");
    await deleteTranscription(id, { id: null, role: "admin" });
    const { processTranscription } = await import("@/lib/transcriptions/worker");
    let calls = 0;
    assert.equal(await processTranscription(id, async () => (calls++, { status: "completed", engine: "x", text: "x" })), "skipped");
    assert.equal(calls, 0);
  });
});
