import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { useFreshApp } from "./support/app";
import { createTestDatabase, type TestDatabase } from "./support/databases";
import { callRoute, signUpPatient, submitCase, type Actor } from "./support/actors";

type Handler = (request: Request, context?: { params: Promise<Record<string, string>> }) => Promise<Response>;
const DAY = 24 * 60 * 60 * 1000;

async function database() {
  return (await import("@/lib/db")).db();
}

describe("retention of submission files (180 days, told 14 days before)", () => {
  let dataDir: string;
  let patient: Actor;
  let submission: { id: string; trackingNumber: string };
  let fileId: string;
  let storageKey: string;
  let uploadedAt: Date;
  let runFileRetention: typeof import("@/lib/privacy/file-retention").runFileRetention;

  let postgres: TestDatabase | null = null;

  before(async () => {
    // PGlite always; also a fresh PostgreSQL database when the suite names a server (two runs really at once).
    if (process.env.TEST_DATABASE_URL) postgres = await createTestDatabase("postgres");
    ({ dataDir } = await useFreshApp({ databaseUrl: postgres?.url ?? null }));
    ({ runFileRetention } = await import("@/lib/privacy/file-retention"));
    patient = await signUpPatient("Retention");
    submission = await submitCase(patient);
    const file = await (await database()).submissionFile.findFirstOrThrow({ where: { submissionId: submission.id } });
    fileId = file.id;
    storageKey = file.storageKey!;
    uploadedAt = file.createdAt;
  });
  after(async () => {
    await (await database()).$disconnect();
    await postgres?.drop();
  });

  const at = (days: number, hours = 1) => new Date(uploadedAt.getTime() + days * DAY + hours * 3600_000);

  test("before day 166 nothing happens", async () => {
    const result = await runFileRetention(at(165));
    assert.equal(result.noticed, 0);
    assert.equal(result.deleted, 0);
    const db = await database();
    assert.equal((await db.submissionFile.findUniqueOrThrow({ where: { id: fileId } })).retentionNoticeAt, null);
  });

  test("on day 166 the patient is told once (bell and e-mail), even with two runs at once", async () => {
    const db = await database();
    const outbox = path.join(dataDir, "outbox");
    const mailsBefore = new Set(existsSync(outbox) ? readdirSync(outbox) : []);
    const results = await Promise.all([runFileRetention(at(166)), runFileRetention(at(166))]);
    assert.equal(results[0].noticed + results[1].noticed, 1);
    assert.equal((await runFileRetention(at(167))).noticed, 0, "told once");

    const notices = await db.notification.findMany({ where: { userId: patient.id, type: "retention_notice" } });
    assert.equal(notices.length, 1);
    const params = notices[0].params as { trackingNumber: string; date: string };
    assert.equal(params.trackingNumber, submission.trackingNumber);
    // Told an hour into day 166: the file is kept 14 full days from then (an hour past day 180, which can
    // be the next calendar day).
    assert.equal(params.date, new Date(at(166).getTime() + 14 * DAY).toISOString());
    const bell = (await import("@/app/api/notifications/route")).GET as Handler;
    const listed = await (await callRoute(patient.browser, bell, "/api/notifications", { method: "GET" })).text();
    assert.ok(listed.includes(`Files of case ${submission.trackingNumber} will be deleted soon`), listed.slice(0, 500));
    const file = await db.submissionFile.findUniqueOrThrow({ where: { id: fileId } });
    assert.ok(file.retentionNoticeAt);
    assert.ok(file.storageKey, "not deleted yet");

    // The e-mail is sent after the commit, without waiting: give it a moment.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const mails = readdirSync(outbox)
      .filter((name) => !mailsBefore.has(name))
      .map((name) => readFileSync(path.join(outbox, name), "utf8"));
    assert.equal(mails.filter((mail) => mail.includes(submission.trackingNumber) && /180/.test(mail)).length, 1);
  });

  test("on day 180 the bytes are deleted once, audited, and the file can no longer be opened", async () => {
    const db = await database();
    const { getStore } = await import("@/lib/storage");
    assert.equal((await runFileRetention(at(179))).deleted, 0);
    const results = await Promise.all([runFileRetention(at(180)), runFileRetention(at(180))]);
    assert.equal(results[0].deleted + results[1].deleted, 1);

    const file = await db.submissionFile.findUniqueOrThrow({ where: { id: fileId } });
    assert.equal(file.storageKey, null);
    assert.ok(file.deletedAt);
    assert.equal(await getStore().exists(storageKey), false);
    assert.equal(await db.auditEvent.count({ where: { action: "file.retention_delete", entityId: fileId } }), 1);
    assert.equal((await runFileRetention(at(181))).deleted, 0, "idempotent");

    const read = (await import("@/app/api/files/[id]/route")).GET as Handler;
    const response = await callRoute(patient.browser, read, `/api/files/${fileId}`, { method: "GET", params: { id: fileId } });
    assert.equal(response.status, 404);
    assert.ok((await response.json()).error);
  });

  test("the patient's views mark the file deleted", async () => {
    const mine = (await import("@/app/api/my-submissions/route")).GET as Handler;
    const response = await callRoute(patient.browser, mine, "/api/my-submissions", { method: "GET" });
    assert.equal(response.status, 200);
    const list = (await response.json()) as { id: string; files: { id: string; deleted: boolean }[] }[];
    const own = list.find((s) => s.id === submission.id)!;
    assert.deepEqual(
      own.files.map((f) => [f.id, f.deleted]),
      [[fileId, true]],
    );

    const { trackedSubmissionView } = await import("@/lib/tracking/view");
    const tracked = await trackedSubmissionView(submission.id);
    assert.equal(tracked!.files[0].deleted, true);
  });

  test("a file never announced is announced first, and kept 14 more days", async () => {
    const db = await database();
    const other = await submitCase(patient);
    const file = await db.submissionFile.findFirstOrThrow({ where: { submissionId: other.id } });
    const late = new Date(file.createdAt.getTime() + 200 * DAY);
    const first = await runFileRetention(late);
    assert.equal(first.noticed, 1);
    assert.equal(first.deleted, 0);
    assert.ok((await db.submissionFile.findUniqueOrThrow({ where: { id: file.id } })).storageKey);
    assert.equal((await runFileRetention(new Date(late.getTime() + 13 * DAY))).deleted, 0);
    assert.equal((await runFileRetention(new Date(late.getTime() + 14 * DAY))).deleted, 1);
  });

  test("a case routed abroad shows the transfer record to the patient", async () => {
    const db = await database();
    const routed = await submitCase(patient);
    const routedAt = new Date();
    await db.caseRouting.create({
      data: {
        submissionId: routed.id,
        hospitalId: "medipol-mega",
        routedAt,
        dueAt: new Date(routedAt.getTime() + 72 * 3600_000),
        destinationCountry: "Turkey",
        transferBasis: "explicit_consent",
      },
    });
    const mine = (await import("@/app/api/my-submissions/route")).GET as Handler;
    const list = (await (await callRoute(patient.browser, mine, "/api/my-submissions", { method: "GET" })).json()) as {
      id: string;
      matchedHospitals: { name: string; destinationCountry: string; transferBasis: string; routedAt: string }[];
    }[];
    const [hospital] = list.find((s) => s.id === routed.id)!.matchedHospitals;
    assert.equal(hospital.destinationCountry, "Turkey");
    assert.equal(hospital.transferBasis, "explicit_consent");
    assert.equal(hospital.routedAt, routedAt.toISOString());
    const { trackedSubmissionView } = await import("@/lib/tracking/view");
    assert.equal((await trackedSubmissionView(routed.id))!.matchedHospitals[0].destinationCountry, "Turkey");
  });
});
