import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { CONSENT_VERSION } from "@/lib/submissions/rules";
import { Browser, useFreshApp } from "./support/app";
import { createTestDatabase, type TestDatabase } from "./support/databases";
import { callRoute, enrollTwoFactor, signUpAdmin, signUpPatient, submitCase, type Actor } from "./support/actors";
import { multipartBody, MULTIPART_TYPE, samples, toStream, validFields } from "./support/multipart";

type Handler = (request: Request, context?: { params: Promise<Record<string, string>> }) => Promise<Response>;
let exportRoute: Handler;
let deleteRoute: Handler;

async function database() {
  return (await import("@/lib/db")).db();
}

async function storedBytes(storageKey: string): Promise<Buffer> {
  const { getStore } = await import("@/lib/storage");
  const chunks: Buffer[] = [];
  for await (const chunk of await getStore().get(storageKey)) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** Saves an export response and reads entries out of it with the system's unzip. */
async function saveZip(response: Response): Promise<{ list: string[]; read: (name: string) => Buffer }> {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "afya-export-")), "export.zip");
  writeFileSync(file, Buffer.from(await response.arrayBuffer()));
  const list = execFileSync("unzip", ["-Z1", file], { encoding: "utf8" }).trim().split("\n");
  return { list, read: (name) => execFileSync("unzip", ["-p", file, name.replace(/([[\]*?])/g, "\\$1")], { maxBuffer: 64 * 1024 * 1024 }) };
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** A case sent without signing in (as a guest at /submit-records), under `email`. */
async function guestCase(email: string): Promise<{ id: string; trackingNumber: string }> {
  const handler = (await import("@/app/api/medical-submissions/route")).POST as Handler;
  const browser = new Browser();
  const body = multipartBody([
    ...validFields({ email, consentEmail: email }),
    { name: "files", file: { name: "guest-scan.pdf", type: "application/pdf", data: samples.pdf() } },
  ]);
  const response = await handler(browser.request("/api/medical-submissions", { body: toStream(body), contentType: MULTIPART_TYPE }));
  assert.equal(response.status, 201, await response.clone().text());
  return (await response.json()) as { id: string; trackingNumber: string };
}

/** An inquiry from the contact form, signed in (`browser` of an actor) or as a guest. */
async function sendInquiry(browser: Browser, fields: { name: string; email: string; phone: string; message: string }): Promise<string> {
  const handler = (await import("@/app/api/inquiries/route")).POST as Handler;
  const response = await callRoute(browser, handler, "/api/inquiries", { json: fields });
  assert.equal(response.status, 201, await response.clone().text());
  return ((await response.json()) as { id: string }).id;
}

async function exportData(actor: Actor) {
  const response = await callRoute(actor.browser, exportRoute, "/api/account/export", { method: "GET" });
  assert.equal(response.status, 200);
  const zip = await saveZip(response);
  return { zip, data: JSON.parse(zip.read("data.json").toString("utf8")) };
}

async function routeAbroad(submissionId: string) {
  const db = await database();
  const routedAt = new Date();
  await db.caseRouting.create({
    data: {
      submissionId,
      hospitalId: "medipol-mega",
      routedAt,
      dueAt: new Date(routedAt.getTime() + 72 * 3600_000),
      destinationCountry: "Turkey",
      transferBasis: "explicit_consent",
    },
  });
}

describe("privacy: download my data and delete my account", () => {
  let alice: Actor;
  let bob: Actor;
  let aliceCase: { id: string; trackingNumber: string };
  let bobCase: { id: string; trackingNumber: string };
  let aliceInquiry: string;
  let guestInquiryAsAlice: string;
  let guestCaseAsAlice: { id: string; trackingNumber: string };

  let postgres: TestDatabase | null = null;

  before(async () => {
    // PGlite always; also a fresh PostgreSQL database when the suite names a server (real concurrency, FOR UPDATE).
    if (process.env.TEST_DATABASE_URL) postgres = await createTestDatabase("postgres");
    await useFreshApp({ databaseUrl: postgres?.url ?? null });
    exportRoute = (await import("@/app/api/account/export/route")).GET as Handler;
    deleteRoute = (await import("@/app/api/account/route")).DELETE as Handler;
    alice = await signUpPatient("Alice");
    bob = await signUpPatient("Bobby");
    aliceCase = await submitCase(alice);
    bobCase = await submitCase(bob);
    await routeAbroad(aliceCase.id);
    aliceInquiry = await sendInquiry(alice.browser, {
      name: "Alice Inquirer",
      email: alice.email,
      phone: "+234 801 111 2222",
      message: "Which hospital treats my knee?",
    });
    // Someone else, without signing in, using Alice's address: her address is not verified (sign-up does not verify).
    guestInquiryAsAlice = await sendInquiry(new Browser(), {
      name: "Mallory Guest",
      email: alice.email,
      phone: "+234 809 999 0000",
      message: "Guest question",
    });
    guestCaseAsAlice = await guestCase(alice.email);
  });
  after(async () => {
    await (await database()).$disconnect();
    await postgres?.drop();
  });

  test("guests cannot export or delete", async () => {
    const guest = new Browser();
    assert.equal((await callRoute(guest, exportRoute, "/api/account/export", { method: "GET" })).status, 401);
    assert.equal((await callRoute(guest, deleteRoute, "/api/account", { method: "DELETE", json: { confirmEmail: alice.email } })).status, 401);
  });

  test("each submission stores the consent version in force, with its own records_processing consent of that version", async () => {
    const db = await database();
    // No database default to fall back on: the code must say which version the person agreed to.
    const [column] = await db.$queryRaw<{ column_default: string | null }[]>`
      SELECT column_default FROM information_schema.columns WHERE table_name = 'Submission' AND column_name = 'consentVersion'`;
    assert.equal(column.column_default, null);

    const cases = [
      { id: aliceCase.id, userId: alice.id },
      { id: bobCase.id, userId: bob.id },
      { id: guestCaseAsAlice.id, userId: null },
    ];
    for (const { id, userId } of cases) {
      const submission = await db.submission.findUniqueOrThrow({ where: { id } });
      assert.equal(submission.consentVersion, CONSENT_VERSION);
      const records = await db.consentRecord.findMany({ where: { submissionId: id } });
      assert.deepEqual(
        records.map((r) => ({ type: r.consentType, granted: r.granted, version: r.version, userId: r.userId })),
        [{ type: "records_processing", granted: true, version: CONSENT_VERSION, userId }],
      );
    }
  });

  test("the export holds the account, cases, routings and the files' exact bytes, and nothing of other users", async () => {
    const db = await database();
    // A second case whose file was deleted by retention: listed in data.json, not archived.
    const second = await submitCase(alice);
    const gone = await db.submissionFile.findFirstOrThrow({ where: { submissionId: second.id } });
    await db.submissionFile.update({ where: { id: gone.id }, data: { storageKey: null, deletedAt: new Date() } });

    const response = await callRoute(alice.browser, exportRoute, "/api/account/export", { method: "GET" });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("content-type"), "application/zip");
    const zip = await saveZip(response);
    const data = JSON.parse(zip.read("data.json").toString("utf8"));

    assert.equal(data.account.email, alice.email);
    assert.equal(data.account.name, "Alice");
    assert.equal(data.account.role, "patient");
    assert.equal(data.account.twoFactorEnabled, false);
    const exported = data.submissions.find((s: { trackingNumber: string }) => s.trackingNumber === aliceCase.trackingNumber);
    assert.ok(exported, "Alice's case is in the export");
    assert.equal(exported.routings[0].hospital.length > 0, true);
    assert.equal(exported.routings[0].country, "Turkey");
    assert.equal(exported.routings[0].transferBasis, "explicit_consent");
    assert.ok(exported.statusHistory.length >= 1);
    assert.equal(exported.consentVersion, CONSENT_VERSION);

    assert.deepEqual(
      data.inquiries.map((i: Record<string, unknown>) => ({ id: i.id, name: i.name, email: i.email, phone: i.phone, message: i.message })),
      [{ id: aliceInquiry, name: "Alice Inquirer", email: alice.email, phone: "+234 801 111 2222", message: "Which hospital treats my knee?" }],
    );
    // Unverified address: what a guest sent under it is not hers to download.
    assert.equal(data.account.emailVerified, false);
    assert.ok(!data.submissions.some((s: { trackingNumber: string }) => s.trackingNumber === guestCaseAsAlice.trackingNumber));
    assert.ok(!JSON.stringify(data).includes("Mallory"));
    assert.match(data.notes.submissions, /not been verified/);
    assert.deepEqual(data.transcriptions, []);

    const file = await db.submissionFile.findFirstOrThrow({ where: { submissionId: aliceCase.id } });
    const entry = `files/${aliceCase.trackingNumber}/${file.originalName}`;
    assert.ok(zip.list.includes(entry), `${entry} in ${zip.list.join(", ")}`);
    const bytes = zip.read(entry);
    assert.equal(sha256(bytes), file.sha256);
    assert.deepEqual(bytes, await storedBytes(file.storageKey!));

    const deletedEntry = data.submissions.find((s: { trackingNumber: string }) => s.trackingNumber === second.trackingNumber).files[0];
    assert.equal(deletedEntry.inArchive, null);
    assert.ok(deletedEntry.deletedAt);
    assert.ok(!zip.list.some((name) => name.startsWith(`files/${second.trackingNumber}/`)));

    const text = JSON.stringify(data);
    assert.ok(!text.includes(bob.email), "no trace of another user");
    assert.ok(!text.includes(bobCase.trackingNumber));
    assert.ok(!zip.list.some((name) => name.includes(bobCase.trackingNumber)));
    assert.ok(data.activity.some((event: { action: string }) => event.action === "submission.create" || event.action.length > 0));

    assert.equal(await db.auditEvent.count({ where: { action: "account.export", actorId: alice.id } }), 1);
  });

  test("export is rate limited", async () => {
    const carol = await signUpPatient("Carol");
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await callRoute(carol.browser, exportRoute, "/api/account/export", { method: "GET" });
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429]);
  });

  test("a wrong confirmation or body changes nothing", async () => {
    const db = await database();
    for (const json of [{ confirmEmail: bob.email }, { confirmEmail: "" }, {}, { confirmEmail: 42 }]) {
      const response = await callRoute(alice.browser, deleteRoute, "/api/account", { method: "DELETE", json });
      assert.equal(response.status, 400, JSON.stringify(json));
      assert.ok((await response.json()).error);
    }
    assert.ok(await db.user.findUnique({ where: { id: alice.id } }));
    assert.equal(await db.submission.count({ where: { userId: alice.id } }), 2);
  });

  test("deleting the account erases rows and bytes, keeps anonymized audit rows, and leaves others alone", async () => {
    const db = await database();
    const { getStore } = await import("@/lib/storage");
    const keys = (await db.submissionFile.findMany({ where: { submission: { userId: alice.id } } })).map((f) => f.storageKey).filter((k): k is string => !!k);
    assert.ok(keys.length >= 1);
    // A row that names her without being hers (as a failed sign-in would), and one about someone else.
    const mention = await db.auditEvent.create({
      data: {
        action: "test.mention",
        ipAddress: "203.0.113.9",
        userAgent: "Test",
        metadata: { email: alice.email, reason: `locked for ${alice.email}`, attempts: 3 },
      },
    });
    const unrelated = await db.auditEvent.create({ data: { action: "test.other", ipAddress: "203.0.113.10", metadata: { email: bob.email } } });
    await enrollTwoFactor(alice); // her authenticator secret, backup codes and a used code are hers too
    assert.equal(await db.usedTotpCode.count({ where: { userId: alice.id } }), 1);
    const auditBefore = await db.auditEvent.count({ where: { actorId: alice.id } });
    assert.ok(auditBefore > 0);

    const response = await callRoute(alice.browser, deleteRoute, "/api/account", {
      method: "DELETE",
      json: { confirmEmail: ` ${alice.email.toUpperCase()} ` },
    });
    assert.equal(response.status, 200, await response.clone().text());
    assert.ok(
      response.headers.getSetCookie().some((line) => /max-age=0/i.test(line)),
      "auth cookies cleared",
    );

    assert.equal(await db.user.findUnique({ where: { id: alice.id } }), null);
    assert.equal(await db.session.count({ where: { userId: alice.id } }), 0);
    assert.equal(await db.twoFactor.count({ where: { userId: alice.id } }), 0);
    assert.equal(await db.usedTotpCode.count({ where: { userId: alice.id } }), 0);
    assert.equal(await db.submission.count({ where: { trackingNumber: aliceCase.trackingNumber } }), 0);
    assert.equal(await db.notification.count({ where: { userId: alice.id } }), 0);
    assert.equal(await db.consentRecord.count({ where: { userId: alice.id } }), 0);
    assert.equal(await db.inquiry.count({ where: { id: aliceInquiry } }), 0, "her inquiry (name, e-mail, phone, message) erased");
    // Sent under her unverified address by a guest: not hers, kept with its bytes.
    assert.ok(await db.inquiry.findUnique({ where: { id: guestInquiryAsAlice } }));
    const guestFile = await db.submissionFile.findFirstOrThrow({ where: { submissionId: guestCaseAsAlice.id } });
    assert.equal(await getStore().exists(guestFile.storageKey!), true);
    for (const key of keys) assert.equal(await getStore().exists(key), false, "bytes deleted");

    const kept = await db.auditEvent.findMany({ where: { actorId: alice.id } });
    assert.ok(kept.length >= auditBefore, "audit rows kept");
    for (const row of kept) {
      assert.equal(row.ipAddress, null);
      assert.equal(row.userAgent, null);
      const text = JSON.stringify(row.metadata ?? {}).toLowerCase();
      assert.ok(!text.includes(alice.email.toLowerCase()), `no e-mail in ${row.action}`);
      assert.ok(!text.includes("alice"), `no name in ${row.action}`);
    }
    assert.ok(kept.some((row) => row.action === "account.delete"));
    const mentioned = await db.auditEvent.findUniqueOrThrow({ where: { id: mention.id } });
    assert.equal(mentioned.ipAddress, null);
    assert.deepEqual(mentioned.metadata, { reason: "[erased]", attempts: 3 });
    const other = await db.auditEvent.findUniqueOrThrow({ where: { id: unrelated.id } });
    assert.equal(other.ipAddress, "203.0.113.10");
    assert.deepEqual(other.metadata, { email: bob.email });

    // Signed out: the same browser is a guest now.
    assert.equal((await callRoute(alice.browser, exportRoute, "/api/account/export", { method: "GET" })).status, 401);

    // Bob is untouched.
    const bobFile = await db.submissionFile.findFirstOrThrow({ where: { submissionId: bobCase.id } });
    assert.equal(await getStore().exists(bobFile.storageKey!), true);
    assert.ok(await db.user.findUnique({ where: { id: bob.id } }));
  });

  test("a verified address brings the guest cases and inquiries sent under it into the export and the erasure", async () => {
    const db = await database();
    const { getStore } = await import("@/lib/storage");
    const dana = await signUpPatient("Dana");
    // As accepting a partner invitation does: the invitation's token was mailed to this address.
    await db.user.update({ where: { id: dana.id }, data: { emailVerified: true } });
    const guest = await guestCase(dana.email.toUpperCase());
    const inquiry = await sendInquiry(new Browser(), { name: "Dana Guest", email: dana.email, phone: "+234 802 333 4444", message: "Asked before signing up" });
    const other = await guestCase("someone.else@example.com");

    const { zip, data } = await exportData(dana);
    assert.equal(data.account.emailVerified, true);
    const exported = data.submissions.find((s: { trackingNumber: string }) => s.trackingNumber === guest.trackingNumber);
    assert.ok(exported, "the guest case is in the export");
    assert.equal(exported.source, "guest");
    const file = await db.submissionFile.findFirstOrThrow({ where: { submissionId: guest.id } });
    assert.deepEqual(zip.read(`files/${guest.trackingNumber}/${file.originalName}`), await storedBytes(file.storageKey!));
    assert.deepEqual(
      data.inquiries.map((i: { id: string; name: string }) => [i.id, i.name]),
      [[inquiry, "Dana Guest"]],
    );
    assert.ok(!JSON.stringify(data).includes(other.trackingNumber));

    const response = await callRoute(dana.browser, deleteRoute, "/api/account", { method: "DELETE", json: { confirmEmail: dana.email } });
    assert.equal(response.status, 200, await response.clone().text());
    assert.equal(await db.submission.count({ where: { id: guest.id } }), 0);
    assert.equal(await db.consentRecord.count({ where: { submissionId: guest.id } }), 0);
    assert.equal(await getStore().exists(file.storageKey!), false);
    assert.equal(await db.inquiry.count({ where: { id: inquiry } }), 0);
    assert.equal(await db.submission.count({ where: { id: other.id } }), 1, "another address's case stays");
    const deletion = await db.auditEvent.findFirstOrThrow({ where: { action: "account.delete", actorId: dana.id } });
    assert.deepEqual(deletion.metadata, {
      submissions: 1,
      inquiries: 1,
      files: 1,
      transcriptions: 0,
      auditRowsAnonymized: (deletion.metadata as { auditRowsAnonymized: number }).auditRowsAnonymized,
    });
  });

  test("deleting an account leaves alone the people whose e-mail contains it", async () => {
    const db = await database();
    const id = Date.now().toString(36);
    const bobby = await signUpPatient("Bobby");
    const notBobby = await signUpPatient("Notbobby");
    // Each address is a substring of the other's row text: "bob.x@example.com" is inside "notbob.x@example.com".
    const email = `bob.${id}@example.com`;
    const otherEmail = `notbob.${id}@example.com`;
    await db.user.update({ where: { id: bobby.id }, data: { email } });
    await db.user.update({ where: { id: notBobby.id }, data: { email: otherEmail } });
    const theirs = await db.auditEvent.create({
      data: { action: "test.about_other", ipAddress: "203.0.113.20", metadata: { email: otherEmail, reason: `locked for ${otherEmail}` } },
    });
    const byBobby = await db.auditEvent.create({
      data: { action: "test.by_bobby", actorId: bobby.id, ipAddress: "203.0.113.21", metadata: { target: otherEmail, note: `asked for ${email}.` } },
    });
    const expires = new Date(Date.now() + 86_400_000);
    const invitationFor = (to: string) =>
      db.partnerInvitation.create({
        data: { email: to, name: "Invitee", hospitalId: "medipol-mega", tokenHash: `${to}-${Math.random()}`, expiresAt: expires },
      });
    const otherInvitation = await invitationFor(otherEmail);
    const ownInvitation = await invitationFor(email.toUpperCase());
    const otherVerification = await db.verification.create({
      data: { id: crypto.randomUUID(), identifier: `email-verification-${otherEmail}`, value: notBobby.id, expiresAt: expires },
    });

    const response = await callRoute(bobby.browser, deleteRoute, "/api/account", { method: "DELETE", json: { confirmEmail: email } });
    assert.equal(response.status, 200, await response.clone().text());

    const theirsAfter = await db.auditEvent.findUniqueOrThrow({ where: { id: theirs.id } });
    assert.equal(theirsAfter.ipAddress, "203.0.113.20");
    assert.deepEqual(theirsAfter.metadata, { email: otherEmail, reason: `locked for ${otherEmail}` });
    // Bobby's own row is anonymised, but the other person's address in it is theirs, not his.
    const byBobbyAfter = await db.auditEvent.findUniqueOrThrow({ where: { id: byBobby.id } });
    assert.equal(byBobbyAfter.ipAddress, null);
    assert.deepEqual(byBobbyAfter.metadata, { target: otherEmail, note: "[erased]" });
    assert.ok(await db.partnerInvitation.findUnique({ where: { id: otherInvitation.id } }), "the other address's invitation stays");
    assert.equal(await db.partnerInvitation.findUnique({ where: { id: ownInvitation.id } }), null, "an invitation to his own address goes");
    assert.ok(await db.verification.findUnique({ where: { id: otherVerification.id } }), "the other account's verification stays");
    assert.ok(await db.user.findUnique({ where: { id: notBobby.id } }));
  });

  test("the last admin cannot delete their account; with another admin they can", async () => {
    const db = await database();
    const first = await signUpAdmin("Ada");
    const response = await callRoute(first.browser, deleteRoute, "/api/account", { method: "DELETE", json: { confirmEmail: first.email } });
    assert.equal(response.status, 409);
    assert.ok((await response.json()).error);
    assert.ok(await db.user.findUnique({ where: { id: first.id } }));

    // A transcription the admin uploaded goes with the account, bytes included.
    const { getStore } = await import("@/lib/storage");
    const stored = await getStore().put("transcriptions", Readable.from([Buffer.from("%PDF-1.4 consultation notes")]));
    const transcription = await db.transcription.create({
      data: {
        uploadedById: first.id,
        title: "Consultation",
        meetingType: "consultation",
        kind: "pdf",
        fileName: "notes.pdf",
        fileSize: stored.size,
        mimeType: "application/pdf",
        sha256: stored.sha256,
        storageKey: stored.key,
        deleteFileAfter: new Date(Date.now() + 180 * 86_400_000),
      },
    });

    const consent = await db.consentRecord.create({
      data: { userId: first.id, transcriptionId: transcription.id, consentType: "recording", granted: true, version: "2025-01-01" },
    });
    await db.transcription.update({ where: { id: transcription.id }, data: { status: "completed", text: "Patient reports crushing chest pain since Monday" } });
    const { zip, data } = await exportData(first);
    assert.deepEqual(data.transcriptions, [
      {
        id: transcription.id,
        title: "Consultation",
        meetingType: "consultation",
        status: "completed",
        uploadedAt: transcription.createdAt.toISOString(),
        updatedAt: (await db.transcription.findUniqueOrThrow({ where: { id: transcription.id } })).updatedAt.toISOString(),
        completedAt: null,
        fileDeletedAt: null,
        consents: [{ type: "recording", granted: true, version: "2025-01-01", at: consent.createdAt.toISOString() }],
      },
    ]);
    // The transcript and its file are the patient's health data, not the uploader's: neither is exported.
    assert.ok(!JSON.stringify(data).includes("chest pain"));
    assert.ok(!JSON.stringify(data).includes("notes.pdf"));
    assert.deepEqual(zip.list, ["data.json"]);
    assert.match(data.notes.transcriptions, /not included/);

    await signUpAdmin("Grace");
    const again = await callRoute(first.browser, deleteRoute, "/api/account", { method: "DELETE", json: { confirmEmail: first.email } });
    assert.equal(again.status, 200, await again.clone().text());
    assert.equal(await db.user.findUnique({ where: { id: first.id } }), null);
    assert.equal(await db.transcription.findUnique({ where: { id: transcription.id } }), null);
    assert.equal(await getStore().exists(stored.key), false);
  });
});
