import { before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { open } from "node:fs/promises";
import { Readable } from "node:stream";
import { useFreshApp } from "./support/app";
import { signUpAdmin, signUpPatient, submitCase, type Actor } from "./support/actors";

/** The scheduled integrity check: stored bytes re-read and compared with the sha256 recorded at upload. */
const db = async () => (await import("@/lib/db")).db();
const store = async () => (await import("@/lib/storage")).getStore();
const verify = async (now?: Date) => (await import("@/lib/security/integrity")).verifyStoredFiles(now, 0);

async function transcriptionFile() {
  const stored = await (await store()).put("transcriptions/test", Readable.from([Buffer.from(`%PDF-1.4 report ${randomUUID()}`)]));
  return (await db()).transcription.create({
    data: {
      title: "Report",
      meetingType: "consultation",
      kind: "pdf",
      fileName: "report.pdf",
      fileSize: BigInt(stored.size),
      mimeType: "application/pdf",
      sha256: stored.sha256,
      storageKey: stored.key,
      status: "completed",
      deleteFileAfter: new Date(Date.now() + 180 * 24 * 3600 * 1000),
    },
  });
}

async function alerts() {
  return (await db()).notification.findMany({ where: { type: "security_alert" }, orderBy: { createdAt: "asc" } });
}

describe("file integrity check", () => {
  let admin: Actor;
  let patient: Actor;
  before(async () => {
    await useFreshApp();
    admin = await signUpAdmin();
    patient = await signUpPatient();
  });

  test("API responses carry an X-Request-Id (a sane one from the caller is kept)", async () => {
    const handler = (await import("@/app/api/files/[id]/route")).GET;
    const unknown = randomUUID();
    const fresh = await handler(patient.browser.request(`/api/files/${unknown}`), { params: Promise.resolve({ id: unknown }) });
    assert.equal(fresh.status, 404);
    assert.match(fresh.headers.get("x-request-id") ?? "", /^[0-9a-f-]{36}$/);
    const kept = await handler(patient.browser.request(`/api/files/${unknown}`, { headers: { "x-request-id": "lb-trace-0123456789" } }), {
      params: Promise.resolve({ id: unknown }),
    });
    assert.equal(kept.headers.get("x-request-id"), "lb-trace-0123456789");
  });

  test("untouched files are verified, without alerts", async () => {
    const { id } = await submitCase(patient);
    const transcription = await transcriptionFile();
    const before = new Date();
    const report = await verify();
    assert.equal(report.failed, 0);
    assert.ok(report.verified >= 2);
    const [file] = await (await db()).submissionFile.findMany({ where: { submissionId: id } });
    assert.ok(file.lastVerifiedAt && file.lastVerifiedAt >= before);
    const row = await (await db()).transcription.findUniqueOrThrow({ where: { id: transcription.id } });
    assert.ok(row.lastVerifiedAt && row.lastVerifiedAt >= before);
    assert.equal((await alerts()).length, 0);
    // Run again soon after (a worker restart): recently verified files are not read again.
    const { verifyStoredFiles } = await import("@/lib/security/integrity");
    assert.equal((await verifyStoredFiles()).verified, 0);
  });

  test("a byte changed on disk, a deleted object and a wrong checksum are each alerted to admins and audited, and nothing is deleted", async () => {
    const local = (await store()) as import("@/lib/storage/local").LocalStore;
    const { id: tamperedCase } = await submitCase(patient);
    const { id: changedCase } = await submitCase(patient);
    const [tampered] = await (await db()).submissionFile.findMany({ where: { submissionId: tamperedCase } });
    const [changed] = await (await db()).submissionFile.findMany({ where: { submissionId: changedCase } });
    const missing = await transcriptionFile();
    const first = await verify();
    assert.equal(first.failed, 0);

    // Flip one byte of the encrypted record on disk.
    const handle = await open(local.pathFor(tampered.storageKey!), "r+");
    const byte = Buffer.alloc(1);
    await handle.read(byte, 0, 1, 100);
    await handle.write(Buffer.from([byte[0] ^ 0xff]), 0, 1, 100);
    await handle.close();
    // Remove the bytes of a transcription behind the database's back.
    await local.delete(missing.storageKey!);
    // The bytes are intact but the recorded checksum is not theirs.
    await (await db()).submissionFile.update({ where: { id: changed.id }, data: { sha256: "0".repeat(64) } });

    const report = await verify(new Date(Date.now() + 1000));
    assert.equal(report.failed, 3);
    const audits = await (await db()).auditEvent.findMany({ where: { action: "file.integrity_mismatch" } });
    assert.deepEqual(audits.map((row) => row.entityId).sort(), [tampered.id, changed.id, missing.id].sort());
    const problems = Object.fromEntries(audits.map((row) => [row.entityId, (row.metadata as { problem: string }).problem]));
    assert.equal(problems[tampered.id], "mismatch");
    assert.equal(problems[changed.id], "mismatch");
    assert.equal(problems[missing.id], "missing");

    const sent = await alerts();
    assert.equal(sent.length, 3);
    assert.ok(sent.every((alert) => alert.userId === admin.id && (alert.params as { alert: string }).alert === "integrity"));
    assert.equal(sent.filter((alert) => alert.userId === patient.id).length, 0);

    // No automatic deletion, and the failed files keep their last good verification date.
    const after = await (await db()).submissionFile.findUniqueOrThrow({ where: { id: tampered.id } });
    assert.equal(after.storageKey, tampered.storageKey);
    assert.ok(await local.exists(tampered.storageKey!));
    const before = await (await db()).submissionFile.findUniqueOrThrow({ where: { id: changed.id } });
    assert.ok(before.lastVerifiedAt! < new Date(Date.now() + 1000));
  });
});
