import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { Browser, useFreshApp } from "./support/app";
import { callRoute, signUpAdmin, signUpPartner, signUpPatient, type Actor } from "./support/actors";
import { largePdf, multipartBody, MULTIPART_TYPE, samples, toStream, type Part } from "./support/multipart";
import en from "@/messages/en.json";

/**
 * The transcription center's API (issue 6): consents, the upload with every
 * bad input of the issue (each a clear 4xx with no row and no bytes left), who may see, download and
 * delete what, and consent linking. Jobs are queued but not run here; one is processed with a fake
 * engine to show the transcript and its .txt.
 */
type Handler = (request: Request, context?: { params: Promise<Record<string, string>> }) => Promise<Response>;
const routes: Record<string, Handler> = {};
const db = async () => (await import("@/lib/db")).db();

const audio = {
  wav: () => Buffer.concat([Buffer.from("RIFF"), Buffer.from([0x24, 0x08, 0, 0]), Buffer.from("WAVEfmt "), randomBytes(600)]),
  mp3: () => Buffer.concat([Buffer.from("ID3"), Buffer.from([4, 0, 0, 0, 0, 0, 0]), randomBytes(600)]),
};
const CONSENT_REQUIRED = "You must consent to recording transcription to proceed.";

const filePart = (name: string, data: Buffer | AsyncIterable<Buffer>, type = "application/octet-stream"): Part => ({
  name: "file",
  file: { name, data, type },
});
const fields = (values: Record<string, string>): Part[] => Object.entries(values).map(([name, value]) => ({ name, value }));

async function upload(browser: Browser, parts: Part[]) {
  const request = browser.request("/api/transcriptions", { body: toStream(multipartBody(parts)), contentType: MULTIPART_TYPE });
  return browser.remember(await routes.collection(request));
}

async function consent(actor: { browser: Browser }, consentType: string, granted = true) {
  return callRoute(actor.browser, routes.consent, "/api/consent", { json: { consentType, granted } });
}

/** Records the consents as the upload center does and returns the `consentIds` field naming them. */
async function consentIds(actor: { browser: Browser }, ...types: string[]): Promise<string> {
  const ids: string[] = [];
  for (const type of types) {
    const response = await consent(actor, type);
    assert.equal(response.status, 201);
    ids.push(((await response.json()) as { id: string }).id);
  }
  return ids.join(",");
}

/** The form fields of an upload, the consent ids first (as the upload center sends them). */
const withConsents = (ids: string, values: Record<string, string> = {}): Part[] => fields({ consentIds: ids, ...values });

/** What an upload may leave behind: rows, stored objects, and consents claimed by a transcription. */
async function state() {
  const { getStore } = await import("@/lib/storage");
  const stored: string[] = [];
  for await (const key of getStore().list("transcriptions")) stored.push(key);
  const client = await db();
  return {
    rows: await client.transcription.count(),
    stored: stored.length,
    linked: await client.consentRecord.count({ where: { transcriptionId: { not: null } } }),
  };
}

async function error(response: Response): Promise<string> {
  assert.match(response.headers.get("content-type") ?? "", /json/);
  return ((await response.json()) as { error: string }).error;
}

let admin: Actor;
let partner: Actor;
let otherPartner: Actor;
let patient: Actor;

describe("transcription center API", () => {
  before(async () => {
    await useFreshApp();
    routes.consent = (await import("@/app/api/consent/route")).POST;
    const collection = await import("@/app/api/transcriptions/route");
    routes.collection = collection.POST;
    routes.list = collection.GET;
    const one = await import("@/app/api/transcriptions/[id]/route");
    routes.one = one.GET;
    routes.delete = one.DELETE;
    routes.file = (await import("@/app/api/transcriptions/[id]/file/route")).GET;
    routes.text = (await import("@/app/api/transcriptions/[id]/text/route")).GET;
    routes.retry = (await import("@/app/api/transcriptions/[id]/retry/route")).POST;
    admin = await signUpAdmin();
    partner = await signUpPartner("medipol-mega");
    otherPartner = await signUpPartner("memorial-sisli");
    patient = await signUpPatient();
  });
  after(async () => {
    await (await import("@/lib/transcriptions/jobs")).stopTranscriptionJobs();
    await (await db()).$disconnect();
  });

  describe("POST /api/consent", () => {
    test("staff record a consent: 201 {id}, stored with user, version and IP, unlinked", async () => {
      const response = await consent(partner, "sharing");
      assert.equal(response.status, 201);
      const { id } = (await response.json()) as { id: string };
      const row = await (await db()).consentRecord.findUniqueOrThrow({ where: { id } });
      assert.equal(row.userId, partner.id);
      assert.equal(row.consentType, "sharing");
      assert.equal(row.granted, true);
      assert.equal(row.version, "2025-01-01");
      assert.match(row.ipAddress ?? "", /^198\.18\./);
      assert.equal(row.transcriptionId, null);
      const audit = await (await db()).auditEvent.findFirst({ where: { action: "consent.record", entityId: id } });
      assert.ok(audit);
    });

    test("patients get 404, guests 401, bad bodies 400; nothing is recorded", async () => {
      const before = await (await db()).consentRecord.count();
      assert.equal((await consent(patient, "recording")).status, 404);
      assert.equal((await consent({ browser: new Browser() }, "recording")).status, 401);
      for (const body of [{ consentType: "marketing", granted: true }, { consentType: "recording" }, { consentType: "recording", granted: "yes" }, {}]) {
        const response = await callRoute(admin.browser, routes.consent, "/api/consent", { json: body });
        assert.equal(response.status, 400, JSON.stringify(body));
        assert.ok((await error(response)).length > 0);
      }
      assert.equal(await (await db()).consentRecord.count(), before);
    });
  });

  describe("POST /api/transcriptions", () => {
    let pdfId: string;
    let pdfConsents: string;

    test("a PDF with recording and sharing consent: 201 {id, status: queued}; row, bytes, exactly the named consents linked, audit", async () => {
      // An unused consent of the same user that the upload does not name stays unclaimed.
      const unnamed = ((await (await consent(partner, "analysis")).json()) as { id: string }).id;
      pdfConsents = await consentIds(partner, "recording", "sharing");
      const pdf = samples.pdf();
      const response = await upload(partner.browser, [
        ...withConsents(pdfConsents, {
          meetingType: "case-review",
          department: "Cardiology",
          patientInfo: JSON.stringify({ patientId: "P-17", attendingPhysician: "Dr. Okafor", medicalRecordNumber: "" }),
        }),
        filePart("echo-report.pdf", pdf, "application/pdf"),
      ]);
      assert.equal(response.status, 201, await response.clone().text());
      const body = (await response.json()) as { id: string; status: string };
      assert.equal(body.status, "queued");
      pdfId = body.id;
      const row = await (await db()).transcription.findUniqueOrThrow({ where: { id: pdfId }, include: { consents: true } });
      assert.equal(row.uploadedById, partner.id);
      assert.equal(row.kind, "pdf");
      assert.equal(row.title, "echo-report.pdf"); // defaults to the file name
      assert.equal(row.meetingType, "case-review");
      assert.equal(row.department, "Cardiology");
      assert.equal(row.language, "en-US"); // the language OCR reads scanned pages in: the first offered when none is named
      assert.deepEqual(row.patientInfo, { patientId: "P-17", attendingPhysician: "Dr. Okafor" });
      assert.equal(row.status, "queued");
      assert.equal(Number(row.fileSize), pdf.length);
      assert.equal(row.mimeType, "application/pdf");
      const days = (row.deleteFileAfter.getTime() - row.createdAt.getTime()) / 86_400_000;
      assert.ok(Math.abs(days - 180) < 0.01, `retention ${days} days`);
      assert.deepEqual(row.consents.map((c) => c.id).sort(), pdfConsents.split(",").sort());
      assert.deepEqual(row.consents.map((c) => c.consentType).sort(), ["recording", "sharing"]);
      assert.ok(row.consents.every((c) => c.usedAt !== null));
      const other = await (await db()).consentRecord.findUniqueOrThrow({ where: { id: unnamed } });
      assert.equal(other.transcriptionId, null);
      assert.equal(other.usedAt, null);
      const { getStore } = await import("@/lib/storage");
      assert.equal(await getStore().exists(row.storageKey!), true);
      assert.ok(await (await db()).auditEvent.findFirst({ where: { action: "transcription.create", entityId: pdfId } }));
    });

    test("a consent serves one upload: naming it again, or naming none, is refused with the consent-required text", async () => {
      const before = await state();
      for (const parts of [[...withConsents(pdfConsents), filePart("second.pdf", samples.pdf())], [filePart("second.pdf", samples.pdf())]]) {
        const response = await upload(partner.browser, parts);
        assert.equal(response.status, 400);
        assert.equal(await error(response), CONSENT_REQUIRED);
      }
      assert.deepEqual(await state(), before);
    });

    test("consent ids are checked before a byte of the file is read: another user's, malformed, or sent after the file", async () => {
      const before = await state();
      const theirs = await consentIds(admin, "recording");
      for (const ids of [theirs, "not-a-uuid", `${theirs},${theirs}`]) {
        let generated = 0;
        async function* endless() {
          for (;;) {
            generated += 1024 * 1024;
            yield Buffer.alloc(1024 * 1024, 1);
          }
        }
        const response = await upload(partner.browser, [
          ...withConsents(ids),
          filePart(
            "big.pdf",
            (async function* () {
              yield Buffer.from("%PDF-1.4\n");
              yield* endless();
            })(),
          ),
        ]);
        assert.equal(response.status, 400, ids);
        assert.equal(await error(response), CONSENT_REQUIRED);
        assert.ok(generated < 20 * 1024 * 1024, `read ${generated} bytes of the file before refusing`);
      }
      const mine = await consentIds(partner, "recording");
      const late = await upload(partner.browser, [filePart("a.pdf", samples.pdf()), ...fields({ consentIds: mine })]);
      assert.equal(late.status, 400);
      assert.equal(await error(late), CONSENT_REQUIRED);
      assert.deepEqual(await state(), before);
      // Still unused: a later upload naming it succeeds.
      assert.equal((await upload(partner.browser, [...withConsents(mine), filePart("a.pdf", samples.pdf())])).status, 201);
    });

    test("the 30-minute window is measured from the upload's start: a slow upload finishing after it is accepted", async () => {
      const ids = await consentIds(partner, "recording");
      // Given 30 minutes minus 2 seconds before the upload starts; the upload then takes 4 seconds.
      await (await db()).consentRecord.update({ where: { id: ids }, data: { createdAt: new Date(Date.now() - 30 * 60_000 + 2000) } });
      async function* slow() {
        yield Buffer.from("%PDF-1.4\n");
        for (let i = 0; i < 4; i++) {
          await new Promise((resolve) => setTimeout(resolve, 1000));
          yield randomBytes(1024);
        }
      }
      const response = await upload(partner.browser, [...withConsents(ids), filePart("slow.pdf", slow())]);
      assert.equal(response.status, 201, await response.clone().text());
    });

    test("two uploads naming one consent: one succeeds, the other is refused and leaves nothing", async () => {
      const ids = await consentIds(partner, "recording");
      const before = await state();
      const responses = await Promise.all([1, 2].map((n) => upload(partner.browser, [...withConsents(ids), filePart(`race-${n}.pdf`, samples.pdf())])));
      assert.deepEqual(responses.map((r) => r.status).sort(), [201, 400]);
      const after = await state();
      assert.deepEqual(after, { rows: before.rows + 1, stored: before.stored + 1, linked: before.linked + 1 });
    });

    test("a failed upload's consents are not claimed by the next upload, which links only its own", async () => {
      const failedIds = await consentIds(partner, "recording", "sharing");
      assert.equal((await upload(partner.browser, [...withConsents(failedIds), filePart("notes.txt", Buffer.from("plain text\n"))])).status, 415);
      const ownIds = await consentIds(partner, "recording");
      const response = await upload(partner.browser, [...withConsents(ownIds), filePart("next.pdf", samples.pdf())]);
      assert.equal(response.status, 201);
      const row = await (
        await db()
      ).transcription.findUniqueOrThrow({ where: { id: ((await response.json()) as { id: string }).id }, include: { consents: true } });
      assert.deepEqual(
        row.consents.map((c) => c.id),
        [ownIds],
      );
      assert.equal(await (await db()).consentRecord.count({ where: { id: { in: failedIds.split(",") }, usedAt: null, transcriptionId: null } }), 2);
    });

    test("audio: kind audio, the chosen language (default en-US), 90-day retention; PNG and DICOM are image and dicom", async () => {
      const wav = await upload(partner.browser, [
        ...withConsents(await consentIds(partner, "recording"), { title: "Ward round", language: "fr-FR", meetingType: "team-meeting" }),
        filePart("round.wav", audio.wav()),
      ]);
      assert.equal(wav.status, 201, await wav.clone().text());
      const wavRow = await (await db()).transcription.findUniqueOrThrow({ where: { id: ((await wav.json()) as { id: string }).id } });
      assert.equal(wavRow.kind, "audio");
      assert.equal(wavRow.mimeType, "audio/wav");
      assert.equal(wavRow.language, "fr-FR");
      assert.equal(wavRow.title, "Ward round");
      assert.ok(Math.abs((wavRow.deleteFileAfter.getTime() - wavRow.createdAt.getTime()) / 86_400_000 - 90) < 0.01);

      const mp3 = await upload(partner.browser, [...withConsents(await consentIds(partner, "recording")), filePart("note.mp3", audio.mp3())]);
      assert.equal(mp3.status, 201);
      const mp3Row = await (await db()).transcription.findUniqueOrThrow({ where: { id: ((await mp3.json()) as { id: string }).id } });
      assert.equal(mp3Row.language, "en-US");
      assert.equal(mp3Row.meetingType, "consultation");

      for (const [name, data, kind] of [
        ["scan.png", samples.png(), "image"],
        ["slice.dcm", samples.dicom(), "dicom"],
      ] as const) {
        const response = await upload(admin.browser, [...withConsents(await consentIds(admin, "recording")), filePart(name, data)]);
        assert.equal(response.status, 201);
        const row = await (await db()).transcription.findUniqueOrThrow({ where: { id: ((await response.json()) as { id: string }).id } });
        assert.equal(row.kind, kind);
      }
    });

    describe("bad input: a clear 4xx, no row, no bytes, the consent still unclaimed", () => {
      let ids: string;
      before(async () => {
        ids = await consentIds(partner, "recording");
      });

      // A refused field is named in the answer's `field` (the upload center highlights it).
      const cases: [string, () => Part[], number, RegExp | string, string?][] = [
        ["no file", () => fields({ title: "Nothing" }), 400, "Please select a file to upload."],
        ["two files", () => [filePart("a.pdf", samples.pdf()), filePart("b.pdf", samples.pdf())], 400, "Only one file can be uploaded at a time."],
        ["an empty file", () => [filePart("empty.pdf", Buffer.alloc(0))], 400, /empty/],
        [
          "a renamed executable with an .mp3 name",
          () => [filePart("interview.mp3", samples.exe(), "audio/mpeg")],
          415,
          "Invalid file type. Please select a supported format.",
        ],
        ["plain text", () => [filePart("notes.txt", Buffer.from("just some notes\n"))], 415, "Invalid file type. Please select a supported format."],
        [
          "malformed patientInfo JSON",
          () => [...fields({ patientInfo: "{patientId: P-1" }), filePart("a.pdf", samples.pdf())],
          400,
          "patientInfo is not valid JSON.",
        ],
        ["patientInfo that is a list", () => [...fields({ patientInfo: "[1,2]" }), filePart("a.pdf", samples.pdf())], 400, /^patientInfo is not valid/],
        [
          "patientInfo with an unknown field",
          () => [...fields({ patientInfo: JSON.stringify({ name: "Amina" }) }), filePart("a.pdf", samples.pdf())],
          400,
          /unknown field name/,
        ],
        [
          "patientInfo with a number",
          () => [...fields({ patientInfo: JSON.stringify({ patientId: 17 }) }), filePart("a.pdf", samples.pdf())],
          400,
          "Please check this field.",
          "patientInfo.patientId",
        ],
        [
          "an attending physician's name with a link",
          () => [...fields({ patientInfo: JSON.stringify({ attendingPhysician: "Dr. Okafor\nhttps://evil.example" }) }), filePart("a.pdf", samples.pdf())],
          400,
          /^A name must fit on one line/,
          "patientInfo.attendingPhysician",
        ],
        ["an unknown meeting type", () => [...fields({ meetingType: "lunch" }), filePart("a.pdf", samples.pdf())], 400, /meetingType must be/, "meetingType"],
        [
          "a title over 200 characters",
          () => [...fields({ title: "x".repeat(201) }), filePart("a.pdf", samples.pdf())],
          400,
          "Please keep this under 200 characters.",
          "title",
        ],
        [
          "a department over 100 characters",
          () => [...fields({ department: "d".repeat(101) }), filePart("a.pdf", samples.pdf())],
          400,
          "Please keep this under 100 characters.",
          "department",
        ],
        ["an unknown language", () => [...fields({ language: "xx-YY" }), filePart("a.wav", audio.wav())], 400, /language must be one of/, "language"],
        [
          "a field sent after the file",
          () => [filePart("a.pdf", samples.pdf()), ...fields({ patientInfo: "not json" })],
          400,
          "Please send the form fields before the file.",
        ],
        ["a file in another field", () => [{ name: "files", file: { name: "a.pdf", data: samples.pdf() } }], 400, /Unexpected file field/],
      ];
      for (const [name, parts, status, message, field] of cases)
        test(name, async () => {
          const before = await state();
          const response = await upload(partner.browser, [...withConsents(ids), ...parts()]);
          assert.equal(response.status, status, await response.clone().text());
          if (field) assert.equal(((await response.clone().json()) as { field?: string }).field, field);
          const text = await error(response);
          if (typeof message === "string") assert.equal(text, message);
          else assert.match(text, message);
          assert.deepEqual(await state(), before);
        });

      test(
        "a file over 500 MB is refused while streaming with the too-large text, before the client has sent it all, nothing stored",
        { timeout: 180_000 },
        async () => {
          const before = await state();
          const total = 600 * 1024 * 1024;
          let generated = 0;
          let finished = false;
          async function* huge() {
            for await (const chunk of largePdf(total)) {
              generated += chunk.length;
              yield chunk;
            }
            finished = true;
          }
          const response = await upload(partner.browser, [...withConsents(ids, { title: "Huge" }), filePart("huge.pdf", huge())]);
          assert.equal(response.status, 413);
          assert.equal(await error(response), "File is too large. Maximum size is 500MB.");
          // The answer came when a little over 500 MB had been read, not after the 600 MB the client had to send.
          assert.equal(finished, false, "the server read the whole body before refusing");
          assert.ok(generated > 500 * 1024 * 1024 && generated < 520 * 1024 * 1024, `the client had sent ${generated} bytes`);
          assert.deepEqual(await state(), before);
        },
      );

      test("the consent used by none of the refused uploads above still serves one", async () => {
        assert.equal((await upload(partner.browser, [...withConsents(ids), filePart("ok.pdf", samples.pdf())])).status, 201);
      });

      test("without a recording consent (only sharing, a declined one, or one older than 30 minutes)", async () => {
        const before = await state();
        const sharing = await consentIds(partner, "sharing");
        const declined = ((await (await consent(partner, "recording", false)).json()) as { id: string }).id;
        const old = await consentIds(partner, "recording");
        await (await db()).consentRecord.update({ where: { id: old }, data: { createdAt: new Date(Date.now() - 31 * 60_000) } });
        for (const named of [sharing, declined, `${declined},${sharing}`, old, `${old},${sharing}`]) {
          const response = await upload(partner.browser, [...withConsents(named), filePart("late.pdf", samples.pdf())]);
          assert.equal(response.status, 400, named);
          assert.equal(await error(response), CONSENT_REQUIRED);
        }
        assert.deepEqual(await state(), before);
      });

      test("patients get 404 and guests 401, nothing stored", async () => {
        const before = await state();
        assert.equal((await upload(patient.browser, [...withConsents(ids), filePart("a.pdf", samples.pdf())])).status, 404);
        assert.equal((await upload(new Browser(), [filePart("a.pdf", samples.pdf())])).status, 401);
        assert.deepEqual(await state(), before);
      });
    });

    describe("reading, downloading and deleting", () => {
      const guest = { browser: new Browser() };
      const call = (actor: { browser: Browser }, route: string, id: string, method?: string) =>
        callRoute(actor.browser, routes[route], `/api/transcriptions/${id}`, { params: { id }, method });

      test("the list: own uploads for partners, all for admins, newest first with keyset pages; patients 404, guests 401", async () => {
        const mine = (await (await callRoute(partner.browser, routes.list, "/api/transcriptions")).json()) as { items: { id: string; createdAt: string }[] };
        const all = (await (await callRoute(admin.browser, routes.list, "/api/transcriptions")).json()) as { items: { id: string; uploadedBy: string }[] };
        const other = (await (await callRoute(otherPartner.browser, routes.list, "/api/transcriptions")).json()) as { items: unknown[] };
        const client = await db();
        assert.equal(mine.items.length, await client.transcription.count({ where: { uploadedById: partner.id } }));
        assert.ok(mine.items.some((item) => item.id === pdfId));
        assert.equal(all.items.length, await client.transcription.count());
        assert.deepEqual(other.items, []);
        const times = mine.items.map((item) => item.createdAt);
        assert.deepEqual(times, [...times].sort().reverse());

        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const path: string = `/api/transcriptions?limit=2${cursor ? `&cursor=${cursor}` : ""}`;
          const page = (await (await callRoute(partner.browser, routes.list, path)).json()) as { items: { id: string }[]; nextCursor: string | null };
          seen.push(...page.items.map((item) => item.id));
          cursor = page.nextCursor;
        } while (cursor);
        assert.deepEqual(
          seen,
          mine.items.map((item) => item.id),
        );

        assert.equal((await callRoute(patient.browser, routes.list, "/api/transcriptions")).status, 404);
        assert.equal((await callRoute(guest.browser, routes.list, "/api/transcriptions")).status, 401);
        assert.equal((await callRoute(partner.browser, routes.list, "/api/transcriptions?cursor=garbage")).status, 400);
      });

      test("detail: uploader and admin 200 with consents and file info; another partner and patients 404; guests 401; bad ids 404", async () => {
        for (const actor of [partner, admin]) {
          const response = await call(actor, "one", pdfId);
          assert.equal(response.status, 200);
          const item = (await response.json()) as {
            status: string;
            uploadedBy: string;
            consents: { consentType: string }[];
            file: { name: string; available: boolean; mimeType: string };
            patientInfo: unknown;
          };
          assert.equal(item.status, "queued");
          assert.equal(item.uploadedBy, partner.name);
          assert.deepEqual(item.consents.map((c) => c.consentType).sort(), ["recording", "sharing"]);
          assert.deepEqual(item.file, { ...item.file, name: "echo-report.pdf", available: true, mimeType: "application/pdf" });
          assert.deepEqual(item.patientInfo, { patientId: "P-17", attendingPhysician: "Dr. Okafor" });
        }
        for (const route of ["one", "file", "text"]) {
          assert.equal((await call(otherPartner, route, pdfId)).status, 404, route);
          assert.equal((await call(patient, route, pdfId)).status, 404, route);
          assert.equal((await call(guest, route, pdfId)).status, 401, route);
          assert.equal((await call(partner, route, "not-a-uuid")).status, 404, route);
          assert.equal((await call(partner, route, "00000000-0000-4000-8000-000000000000")).status, 404, route);
        }
      });

      test("the source file: inline or attachment, no-store, every read audited", async () => {
        const { db: getDb } = await import("@/lib/db");
        const reads = () => getDb().auditEvent.count({ where: { action: "file.read", entityType: "transcription", entityId: pdfId } });
        const before = await reads();
        const inline = await callRoute(partner.browser, routes.file, `/api/transcriptions/${pdfId}/file?disposition=inline`, { params: { id: pdfId } });
        assert.equal(inline.status, 200);
        assert.match(inline.headers.get("content-disposition") ?? "", /^inline; filename="echo-report\.pdf"/);
        assert.match(inline.headers.get("cache-control") ?? "", /no-store/);
        assert.equal(inline.headers.get("content-type"), "application/pdf");
        const bytes = Buffer.from(await inline.arrayBuffer());
        assert.equal(bytes.subarray(0, 5).toString(), "%PDF-");
        const download = await call(admin, "file", pdfId);
        assert.equal(download.status, 200);
        assert.match(download.headers.get("content-disposition") ?? "", /^attachment;/);
        await download.arrayBuffer();
        assert.equal(await reads(), before + 2);
      });

      test("byte ranges for seeking: 206 with Content-Range, 416 past the end, malformed ranges answered whole; one audit row per listen", async () => {
        const { db: getDb } = await import("@/lib/db");
        const reads = () => getDb().auditEvent.count({ where: { action: "file.read", entityType: "transcription", entityId: pdfId } });
        const ranged = (actor: { browser: Browser }, range: string) =>
          callRoute(actor.browser, routes.file, `/api/transcriptions/${pdfId}/file?disposition=inline`, { params: { id: pdfId }, headers: { range } });
        const whole = Buffer.from(await (await call(admin, "file", pdfId)).arrayBuffer());
        assert.ok(whole.length > 1000);
        const before = await reads();

        // A player opens the file from its first byte, then seeks: the open is audited, the seeks are not.
        const open = await ranged(partner, "bytes=0-");
        assert.equal(open.status, 206);
        assert.equal(open.headers.get("accept-ranges"), "bytes");
        assert.equal(open.headers.get("content-range"), `bytes 0-${whole.length - 1}/${whole.length}`);
        assert.ok(Buffer.from(await open.arrayBuffer()).equals(whole));
        const seek = await ranged(partner, "bytes=100-199");
        assert.equal(seek.status, 206);
        assert.equal(seek.headers.get("content-length"), "100");
        assert.equal(seek.headers.get("content-range"), `bytes 100-199/${whole.length}`);
        assert.ok(Buffer.from(await seek.arrayBuffer()).equals(whole.subarray(100, 200)));
        const suffix = await ranged(partner, "bytes=-10");
        assert.ok(Buffer.from(await suffix.arrayBuffer()).equals(whole.subarray(-10)));
        assert.equal(await reads(), before + 1);

        // Bytes from the middle without an earlier open are a read like any other: audited.
        const { auditEvent } = getDb();
        await auditEvent.deleteMany({ where: { action: "file.read", entityType: "transcription", entityId: pdfId, actorId: admin.id } });
        await (await ranged(admin, "bytes=5-9")).arrayBuffer();
        assert.equal(await auditEvent.count({ where: { action: "file.read", entityId: pdfId, actorId: admin.id } }), 1);

        const past = await ranged(partner, `bytes=${whole.length}-`);
        assert.equal(past.status, 416);
        assert.equal(past.headers.get("content-range"), `bytes */${whole.length}`);
        assert.equal(((await past.json()) as { error: string }).error, en.errors.file_range_not_satisfiable);
        const malformed = await ranged(partner, "bytes=abc");
        assert.equal(malformed.status, 200);
        assert.ok(Buffer.from(await malformed.arrayBuffer()).equals(whole));
        // Another user's file stays not found, with or without a range.
        assert.equal((await ranged(otherPartner, "bytes=0-10")).status, 404);
      });

      test("the .txt: 409 until completed, then the text with timestamps and pages as an attachment", async () => {
        assert.equal((await call(partner, "text", pdfId)).status, 409);
        const { processTranscription } = await import("@/lib/transcriptions/worker");
        const outcome = await processTranscription(pdfId, async () => ({
          status: "completed",
          engine: "fake",
          text: "Aortic valve normal. Ejection fraction 60%.",
          segments: [
            { page: 1, text: "Aortic valve normal." },
            { page: 2, start: 65, end: 70.5, text: "Ejection fraction 60%." },
          ],
        }));
        assert.equal(outcome, "completed");
        const detail = (await (await call(partner, "one", pdfId)).json()) as { status: string; text: string; segments: unknown[] };
        assert.equal(detail.status, "completed");
        assert.equal(detail.segments.length, 2);
        const response = await call(partner, "text", pdfId);
        assert.equal(response.status, 200);
        assert.match(response.headers.get("content-disposition") ?? "", /^attachment; filename="echo-report\.txt"/);
        assert.match(response.headers.get("content-type") ?? "", /^text\/plain/);
        const text = await response.text();
        assert.match(text, /--- Page 1 ---\nAortic valve normal\.\n--- Page 2 ---\n\[01:05 - 01:10\] Ejection fraction 60%\./);
      });

      test("every read of a transcript is audited (API detail, .txt, the page's read), without its content", async () => {
        const client = await db();
        const reads = () => client.auditEvent.findMany({ where: { action: "transcription.read", entityId: pdfId }, orderBy: { createdAt: "asc" } });
        const before = (await reads()).length;
        assert.equal((await call(admin, "one", pdfId)).status, 200);
        assert.equal((await call(partner, "text", pdfId)).status, 200);
        const { readTranscription } = await import("@/lib/transcriptions/queries");
        const { actorFor } = await import("@/lib/api/actor");
        const { getSessionUser } = await import("@/lib/auth/session");
        const pageRequest = partner.browser.request(`/en/dashboard/transcriptions/${pdfId}`, { method: "GET" });
        const user = (await getSessionUser(pageRequest.headers))!;
        await readTranscription(user, pdfId, actorFor(pageRequest, user), "page");
        // Refused reads (another partner, a transcript not ready) write none.
        assert.equal((await call(otherPartner, "one", pdfId)).status, 404);
        const rows = (await reads()).slice(before);
        assert.deepEqual(
          rows.map((row) => [row.actorId, (row.metadata as { via: string }).via]),
          [
            [admin.id, "api"],
            [partner.id, "text"],
            [partner.id, "page"],
          ],
        );
        for (const row of rows) {
          assert.deepEqual(Object.keys(row.metadata as object), ["via"]);
          assert.equal(row.entityType, "transcription");
          assert.match(row.ipAddress ?? "", /^198\.18\./);
        }
      });

      test("Try again: 409 unless failed or needs_engine (with a way to succeed); the uploader or an admin queues a failed one again, audited", async () => {
        const client = await db();
        const retry = (actor: { browser: Browser }, id: string) =>
          callRoute(actor.browser, routes.retry, `/api/transcriptions/${id}/retry`, { params: { id }, method: "POST" });
        // Completed: nothing to retry.
        assert.equal((await retry(partner, pdfId)).status, 409);
        const ids = await consentIds(partner, "recording");
        const created = await upload(partner.browser, [...withConsents(ids), filePart("retry.pdf", samples.pdf())]);
        const id = ((await created.json()) as { id: string }).id;
        assert.equal((await retry(partner, id)).status, 409, "queued");
        await client.transcription.update({ where: { id }, data: { status: "failed", statusReason: "Engine crashed.", attempts: 4 } });
        assert.equal((await retry(otherPartner, id)).status, 404);
        assert.equal((await retry(patient, id)).status, 404);
        assert.equal((await retry(guest, id)).status, 401);
        const detail = (await (await call(partner, "one", id)).json()) as { retryable: boolean };
        assert.equal(detail.retryable, true);
        const response = await retry(partner, id);
        assert.equal(response.status, 202, await response.clone().text());
        assert.deepEqual(await response.json(), { id, status: "queued" });
        const row = await client.transcription.findUniqueOrThrow({ where: { id } });
        assert.equal(row.status, "queued");
        assert.equal(row.attempts, 0);
        assert.equal(row.statusReason, null);
        const audit = await client.auditEvent.findFirst({ where: { action: "transcription.retry", entityId: id } });
        assert.equal(audit?.actorId, partner.id);
        assert.deepEqual(audit?.metadata, { previousStatus: "failed", kind: "pdf" });
        const { TRANSCRIPTION_QUEUE } = await import("@/lib/transcriptions/jobs");
        const jobRows = await client.$queryRawUnsafe<{ state: string }[]>(
          `SELECT state::text FROM pgboss.job WHERE name = $1 AND id::text = $2`,
          TRANSCRIPTION_QUEUE,
          id,
        );
        assert.deepEqual(
          jobRows.map((r) => r.state),
          ["created"],
        );
        // A second press while it is queued again: 409.
        assert.equal((await retry(admin, id)).status, 409);

        // Audio waiting for an engine: no engine is configured here, so trying again would not help.
        const wavId = (await client.transcription.findFirstOrThrow({ where: { kind: "audio", uploadedById: partner.id, mimeType: "audio/wav" } })).id;
        await client.transcription.update({ where: { id: wavId }, data: { status: "needs_engine", statusReason: "No speech engine is configured" } });
        const refused = await retry(admin, wavId);
        assert.equal(refused.status, 409);
        assert.match(await error(refused), /No speech engine is configured yet/);
        // A failed transcription whose file is gone cannot be retried either.
        const { eraseTranscriptionFile } = await import("@/lib/transcriptions/erase");
        const { systemActor } = await import("@/lib/audit");
        assert.equal(await eraseTranscriptionFile(wavId, "deleted", systemActor), true);
        await client.transcription.update({ where: { id: wavId }, data: { status: "failed" } });
        assert.equal((await retry(admin, wavId)).status, 409);
        assert.equal(((await (await call(admin, "one", wavId)).json()) as { retryable: boolean }).retryable, false);
      });

      test("delete: another partner and patients 404, guests 401; the uploader deletes row and bytes, consents kept but unlinked and never usable again", async () => {
        assert.equal((await call(otherPartner, "delete", pdfId, "DELETE")).status, 404);
        assert.equal((await call(patient, "delete", pdfId, "DELETE")).status, 404);
        assert.equal((await call(guest, "delete", pdfId, "DELETE")).status, 401);
        const client = await db();
        const row = await client.transcription.findUniqueOrThrow({ where: { id: pdfId } });
        const consentIds = (await client.consentRecord.findMany({ where: { transcriptionId: pdfId } })).map((c) => c.id);
        const response = await call(partner, "delete", pdfId, "DELETE");
        assert.equal(response.status, 204);
        assert.equal(await client.transcription.findUnique({ where: { id: pdfId } }), null);
        const { getStore } = await import("@/lib/storage");
        assert.equal(await getStore().exists(row.storageKey!), false);
        assert.equal(await client.consentRecord.count({ where: { id: { in: consentIds }, transcriptionId: null } }), consentIds.length);
        assert.equal((await call(partner, "one", pdfId)).status, 404);
        assert.equal((await call(partner, "delete", pdfId, "DELETE")).status, 404);
        const reuse = await upload(partner.browser, [...withConsents(pdfConsents), filePart("again.pdf", samples.pdf())]);
        assert.equal(reuse.status, 400);
        assert.equal(await error(reuse), CONSENT_REQUIRED);
      });

      test("an admin deletes another staff member's transcription", async () => {
        const client = await db();
        const theirs = await client.transcription.findFirstOrThrow({
          where: { uploadedById: partner.id, storageKey: { not: null } },
          select: { id: true, storageKey: true },
        });
        assert.equal((await call(admin, "delete", theirs.id, "DELETE")).status, 204);
        assert.equal(await client.transcription.findUnique({ where: { id: theirs.id } }), null);
        const { getStore } = await import("@/lib/storage");
        assert.equal(await getStore().exists(theirs.storageKey!), false);
      });
    });
  });
});
