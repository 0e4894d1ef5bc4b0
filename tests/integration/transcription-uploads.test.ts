import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { createHash, randomBytes } from "node:crypto";
import { APP_URL, Browser, useFreshApp } from "./support/app";
import { callRoute, signUpPartner, signUpPatient, type Actor } from "./support/actors";
import { serveRoutes } from "./support/http-app";

/*
 * The transcription center's file through the resumable path: POST /api/transcriptions as JSON checks
 * the fields and consents and answers the file's upload; the file then travels through /api/uploads
 * (tus, served over real HTTP on the embedded encrypted store) and becomes the transcription when its
 * last byte arrives.
 */
type Handler = (request: Request, context?: { params: Promise<Record<string, string>> }) => Promise<Response>;
const routes: Record<string, Handler> = {};
const db = async () => (await import("@/lib/db")).db();
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const b64 = (text: string) => Buffer.from(text).toString("base64");
const wav = (size: number) => Buffer.concat([Buffer.from("RIFF"), Buffer.from([0x24, 0x08, 0, 0]), Buffer.from("WAVEfmt "), randomBytes(size - 16)]);

let server: { url: string; close: () => Promise<void> };

/** A tus request over HTTP, with the actor's session cookie. */
function tus(actor: Actor, pathname: string, init: { method: string; headers?: Record<string, string>; body?: Buffer }) {
  const headers = new Headers({ "tus-resumable": "1.0.0", origin: APP_URL, cookie: actor.browser.cookieHeader(), ...init.headers });
  if (init.body) headers.set("content-type", "application/offset+octet-stream");
  return fetch(new URL(pathname, server.url), { method: init.method, headers, body: init.body } as RequestInit);
}
const create = (actor: Actor, id: string, length: number, first?: Buffer) =>
  tus(actor, "/api/uploads", { method: "POST", headers: { "upload-length": String(length), "upload-metadata": `uploadId ${b64(id)}` }, body: first });
const patch = (actor: Actor, id: string, offset: number, bytes: Buffer) =>
  tus(actor, `/api/uploads/${id}`, { method: "PATCH", headers: { "upload-offset": String(offset) }, body: bytes });
const head = (actor: Actor, id: string) => tus(actor, `/api/uploads/${id}`, { method: "HEAD" });

async function consentIds(actor: Actor, ...types: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const consentType of types) {
    const response = await callRoute(actor.browser, routes.consent, "/api/consent", { json: { consentType, granted: true } });
    assert.equal(response.status, 201);
    ids.push(((await response.json()) as { id: string }).id);
  }
  return ids;
}

async function announce(actor: Actor, body: Record<string, unknown>) {
  const response = await callRoute(actor.browser, routes.collection, "/api/transcriptions", { json: body });
  return { status: response.status, body: (await response.json()) as { upload: { id: string; name: string; size: number; state: string }; code?: string } };
}

let partner: Actor;
let otherPartner: Actor;

describe("a transcription's file through the resumable path", () => {
  before(async () => {
    await useFreshApp();
    routes.consent = (await import("@/app/api/consent/route")).POST;
    routes.collection = (await import("@/app/api/transcriptions/route")).POST;
    const uploads = await import("@/app/api/uploads/[[...id]]/route");
    server = await serveRoutes(
      [{ pattern: /^\/api\/uploads(\/[0-9a-f]*)?$/, handlers: { POST: uploads.POST, PATCH: uploads.PATCH, HEAD: uploads.HEAD, DELETE: uploads.DELETE } }],
      APP_URL,
    );
    partner = await signUpPartner("medipol-mega");
    otherPartner = await signUpPartner("memorial-sisli");
  });
  after(async () => {
    await server.close();
    await (await import("@/lib/transcriptions/jobs")).stopTranscriptionJobs();
    await (await db()).$disconnect();
  });

  test("announced as JSON, created when the last byte arrives: the row from the stored bytes, the consents claimed, the job queued", async () => {
    const consents = await consentIds(partner, "recording", "sharing");
    const file = wav(300_000);
    const announced = await announce(partner, {
      title: "Ward round",
      meetingType: "case-review",
      language: "fr-FR",
      patientInfo: { patientId: "AFY-12345" },
      consentIds: consents,
      file: { name: "round.wav", size: file.length },
    });
    assert.equal(announced.status, 201, JSON.stringify(announced.body));
    const { upload } = announced.body;
    assert.deepEqual([upload.name, upload.size, upload.state], ["round.wav", file.length, "waiting"]);
    const client = await db();
    assert.equal(await client.transcription.count(), 0, "nothing is created before the file arrives");
    assert.equal(await client.consentRecord.count({ where: { id: { in: consents }, usedAt: { not: null } } }), 0);

    assert.equal((await head(otherPartner, upload.id)).status, 404, "another staff member's upload is not found");
    assert.equal((await create(otherPartner, upload.id, file.length)).status, 404);

    const first = await create(partner, upload.id, file.length, file.subarray(0, 100_000));
    assert.equal(first.status, 201, await first.text());
    assert.equal(await client.transcription.count(), 0, "not yet: bytes are missing");
    assert.equal((await patch(otherPartner, upload.id, 100_000, file.subarray(100_000))).status, 404);
    const last = await patch(partner, upload.id, 100_000, file.subarray(100_000));
    assert.equal(last.status, 204, await last.text());

    const row = await client.transcription.findFirstOrThrow({ where: { uploadedById: partner.id } });
    assert.deepEqual(
      [row.title, row.meetingType, row.language, row.kind, row.fileName, row.fileSize, row.sha256, row.mimeType, row.status, row.storageKey],
      ["Ward round", "case-review", "fr-FR", "audio", "round.wav", BigInt(file.length), sha256(file), "audio/wav", "queued", `uploads/${upload.id}`],
    );
    assert.deepEqual(row.patientInfo, { patientId: "AFY-12345" });
    const claimed = await client.consentRecord.findMany({ where: { id: { in: consents } } });
    assert.deepEqual(
      claimed.map((consent) => [consent.transcriptionId, !!consent.usedAt]),
      [
        [row.id, true],
        [row.id, true],
      ],
    );
    const finished = await client.upload.findUniqueOrThrow({ where: { id: upload.id } });
    assert.ok(finished.completedAt);
    assert.equal(finished.failure, null);
    assert.deepEqual(finished.transcription, { transcriptionId: row.id }, "the fields live on the transcription only");
    const { TRANSCRIPTION_QUEUE } = await import("@/lib/transcriptions/jobs");
    const jobs = await client.$queryRawUnsafe<{ state: string }[]>(
      `SELECT state::text FROM pgboss.job WHERE name = $1 AND id::text = $2`,
      TRANSCRIPTION_QUEUE,
      row.id,
    );
    assert.deepEqual(
      jobs.map((job) => job.state),
      ["created"],
    );
    const audit = await client.auditEvent.findFirstOrThrow({ where: { action: "transcription.create", entityId: row.id } });
    assert.equal(audit.actorId, partner.id);
    assert.deepEqual(audit.metadata, { kind: "audio", size: file.length, consents: 2, uploadId: upload.id });
    // The stored bytes are the file's.
    const { getStore } = await import("@/lib/storage");
    const bytes: Buffer[] = [];
    for await (const chunk of (await getStore().get(row.storageKey!)) as AsyncIterable<Buffer>) bytes.push(chunk);
    assert.equal(sha256(Buffer.concat(bytes)), sha256(file));
  });

  test("two uploads naming the same consents: the second to arrive is refused, its bytes deleted, and no second transcription is made", async () => {
    const consents = await consentIds(partner, "recording");
    const pdf = Buffer.concat([Buffer.from("%PDF-1.4\n"), randomBytes(9000)]);
    const first = await announce(partner, { consentIds: consents, file: { name: "first.pdf", size: pdf.length } });
    const second = await announce(partner, { consentIds: consents, file: { name: "second.pdf", size: pdf.length } });
    assert.equal((await create(partner, first.body.upload.id, pdf.length, pdf)).status, 201);
    const refused = await create(partner, second.body.upload.id, pdf.length, pdf);
    assert.equal(refused.status, 400);
    assert.equal(((await refused.json()) as { code: string }).code, "transcription_consent_required");
    const client = await db();
    const row = await client.upload.findUniqueOrThrow({ where: { id: second.body.upload.id } });
    assert.deepEqual([row.failure, row.completedAt, row.transcription], ["transcription_consent_required", null, {}]);
    assert.deepEqual(
      (await client.transcription.findMany({ where: { fileName: { in: ["first.pdf", "second.pdf"] } } })).map((t) => t.fileName),
      ["first.pdf"],
    );
    const { getStore } = await import("@/lib/storage");
    const kept: string[] = [];
    for await (const key of getStore().list("uploads")) kept.push(key);
    assert.ok(!kept.includes(row.storageKey), "the refused file's bytes are deleted");
  });

  test("a type transcriptions do not take is refused on the first request, before any byte is kept", async () => {
    // A ZIP is a medical record a patient may send, but nothing the transcription center transcribes.
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(20_000)]);
    const { body } = await announce(partner, { consentIds: await consentIds(partner, "recording"), file: { name: "notes.mp3", size: zip.length } });
    const refused = await create(partner, body.upload.id, zip.length, zip);
    assert.equal(refused.status, 415);
    assert.equal(((await refused.json()) as { code: string }).code, "transcription_invalid_type");
    const client = await db();
    const row = await client.upload.findUniqueOrThrow({ where: { id: body.upload.id } });
    assert.deepEqual([row.failure, row.receivedBytes, row.completedAt, row.transcription], ["transcription_invalid_type", 0n, null, {}]);
    assert.equal(await client.transcription.count({ where: { fileName: "notes.mp3" } }), 0);
  });

  test("the announcement is refused before any byte travels: no recording consent, a bad field, an empty file; patients are not found", async () => {
    const client = await db();
    const before = await client.upload.count();
    const noConsent = await announce(partner, { consentIds: await consentIds(partner, "sharing"), file: { name: "a.pdf", size: 10 } });
    assert.equal(noConsent.status, 400);
    assert.equal(noConsent.body.code, "transcription_consent_required");
    const badType = await announce(partner, { meetingType: "party", consentIds: await consentIds(partner, "recording"), file: { name: "a.pdf", size: 10 } });
    assert.equal(badType.status, 400);
    assert.equal(badType.body.code, "meeting_type_invalid");
    const empty = await announce(partner, { consentIds: await consentIds(partner, "recording"), file: { name: "a.pdf", size: 0 } });
    assert.equal(empty.body.code, "file_empty");
    const patient = await signUpPatient();
    assert.equal((await announce(patient, { consentIds: [], file: { name: "a.pdf", size: 10 } })).status, 404);
    assert.equal((await announce({ ...patient, browser: new Browser() }, { file: { name: "a.pdf", size: 10 } })).status, 401);
    assert.equal(await client.upload.count(), before, "no upload was announced");
  });

  test("a transcription upload not finished in time expires without telling any patient", async () => {
    const { body } = await announce(partner, { consentIds: await consentIds(partner, "recording"), file: { name: "late.pdf", size: 5000 } });
    const client = await db();
    await client.upload.update({ where: { id: body.upload.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const notifications = await client.notification.count();
    const { expireUploads } = await import("@/lib/uploads/resumable");
    const removed: string[] = [];
    assert.equal(await expireUploads(async (id) => void removed.push(id)), 1);
    assert.deepEqual(removed, [body.upload.id]);
    const expired = await client.upload.findUniqueOrThrow({ where: { id: body.upload.id } });
    assert.deepEqual([expired.failure, expired.transcription], ["upload_expired", {}]);
    assert.equal(await client.notification.count(), notifications);
    assert.ok(await client.auditEvent.findFirst({ where: { action: "upload.expired", entityId: body.upload.id } }));
    assert.equal((await head(partner, body.upload.id)).status, 410);
  });
});
