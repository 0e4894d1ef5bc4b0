import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Browser, useFreshApp } from "./support/app";
import { callRoute, signUpPatient, type Actor } from "./support/actors";
import { validJsonFields } from "./support/multipart";

/*
 * What a case may announce once imaging counts apart (issue 17): the DICOM files of a CD, announced
 * with the study the browser read from their headers, count against the per-study limits (3,000
 * images, 2 GB) instead of the case's 50 ordinary files; the whole is bounded (5 studies, 6 GB of
 * imaging) since the server cannot trust the browser's grouping; a file announced as imaging whose
 * first bytes are not DICOM is refused.
 */
const MiB = 1024 * 1024;
const GiB = 1024 * MiB;
const STUDY = "1.2.826.0.1.3680043.8.498.10";
const study = (n: number) => `${STUDY}.${n}`;

type Handler = (request: Request, context?: { params: Promise<Record<string, string>> }) => Promise<Response>;
interface Answer {
  id?: string;
  uploads?: { id: string; name: string }[];
  error?: string;
  code?: string;
}

const imaging = (count: number, options: { study?: string; size?: number; prefix?: string } = {}) =>
  Array.from({ length: count }, (_, i) => ({
    name: `${options.prefix ?? "IM"}${String(i).padStart(6, "0")}`,
    size: options.size ?? 524_544,
    study: options.study ?? STUDY,
  }));
const ordinary = (count: number) => Array.from({ length: count }, (_, i) => ({ name: `report-${i}.pdf`, size: 20_000 }));

describe("announcing imaging with a case", () => {
  let submit: Handler;
  let announce: Handler;

  before(async () => {
    await useFreshApp();
    submit = (await import("@/app/api/medical-submissions/route")).POST as Handler;
    announce = (await import("@/app/api/my-submissions/[id]/uploads/route")).POST as Handler;
  });
  after(async () => {
    const { db } = await import("@/lib/db");
    await db().$disconnect();
  });

  async function newCase(files: { name: string; size: number; study?: string }[], language = "en"): Promise<{ status: number; body: Answer }> {
    // Each its own address: the per-address submission limit is not what is tested here.
    const browser = new Browser();
    const request = browser.request("/api/medical-submissions", { json: { ...validJsonFields(), files }, headers: { "accept-language": language } });
    const response = await submit(request);
    return { status: response.status, body: (await response.json()) as Answer };
  }

  test("a full study of 3,000 images with 50 ordinary files is accepted: one Upload row each, the imaging ones carrying their study", async () => {
    const { status, body } = await newCase([...imaging(3000), ...ordinary(50)]);
    assert.equal(status, 201, JSON.stringify(body).slice(0, 300));
    assert.equal(body.uploads?.length, 3050);
    const { db } = await import("@/lib/db");
    assert.equal(await db().upload.count({ where: { submissionId: body.id, studyUid: STUDY } }), 3000);
    assert.equal(await db().upload.count({ where: { submissionId: body.id, studyUid: null } }), 50);
  });

  test("beyond the limits the announcement is refused with the translated reason, and no case is created", async () => {
    const { db } = await import("@/lib/db");
    const before = await db().submission.count();

    const tooManyImages = await newCase(imaging(3001), "fr");
    assert.equal(tooManyImages.status, 400);
    assert.equal(tooManyImages.body.code, "study_too_many_images");
    assert.match(tooManyImages.body.error ?? "", /au plus 3[\s\u202f\u00a0]000 images/);

    const tooManyOrdinary = await newCase([...imaging(10), ...ordinary(51)]);
    assert.equal(tooManyOrdinary.body.code, "too_many_files");

    const studyTooLarge = await newCase(imaging(5, { size: 450 * MiB }));
    assert.equal(studyTooLarge.status, 413);
    assert.equal(studyTooLarge.body.code, "study_too_large");
    assert.match(studyTooLarge.body.error ?? "", /2 GB/);

    const tooManyStudies = await newCase(Array.from({ length: 6 }, (_, n) => imaging(2, { study: study(n) })).flat(), "ar");
    assert.equal(tooManyStudies.body.code, "too_many_studies");
    assert.match(tooManyStudies.body.error ?? "", /دراسات تصوير/);

    // Four studies just under 2 GB each: each within its own limit, 7.6 GB in all over the case's 6 GB.
    const caseTooLarge = await newCase(Array.from({ length: 4 }, (_, n) => imaging(4, { study: study(n), size: 475 * MiB })).flat());
    assert.equal(caseTooLarge.status, 413);
    assert.equal(caseTooLarge.body.code, "case_imaging_too_large");
    // Three such studies (5.6 GB) fit.
    const threeStudies = await newCase(Array.from({ length: 3 }, (_, n) => imaging(4, { study: study(n), size: 475 * MiB })).flat());
    assert.equal(threeStudies.status, 201, JSON.stringify(threeStudies.body));
    assert.ok(3 * 4 * 475 * MiB < 6 * GiB);

    assert.equal(await db().submission.count(), before + 1, "only the case within the limits was created");
  });

  describe("adding imaging to an existing case", () => {
    let patient: Actor;
    let caseId: string;

    const add = async (files: { name: string; size: number; study?: string }[]) => {
      const response = await callRoute(patient.browser, announce, `/api/my-submissions/${caseId}/uploads`, { json: { files }, params: { id: caseId } });
      return { status: response.status, body: (await response.json()) as Answer };
    };

    before(async () => {
      patient = await signUpPatient();
      const created = await callRoute(patient.browser, submit, "/api/medical-submissions", {
        json: { ...validJsonFields({ email: patient.email, consentEmail: patient.email }), files: ordinary(50) },
      });
      assert.equal(created.status, 201, await created.clone().text());
      caseId = ((await created.json()) as Answer).id!;
    });

    test("a case full of ordinary files still takes a study; the study's images are counted across announcements", async () => {
      const full = await add(ordinary(1));
      assert.equal(full.body.code, "submission_files_full");

      const first = await add(imaging(2000, { prefix: "A" }));
      assert.equal(first.status, 201, JSON.stringify(first.body).slice(0, 300));
      const beyond = await add(imaging(1001, { prefix: "B" }));
      assert.equal(beyond.body.code, "study_too_many_images", "2,000 announced before and 1,001 now make 3,001 in the study");
      const rest = await add(imaging(1000, { prefix: "B" }));
      assert.equal(rest.status, 201);
    });

    test("an upload announced as imaging must be DICOM from its first bytes", async () => {
      const { body } = await add(imaging(1, { study: study(99), size: 4096 }));
      const [upload] = body.uploads!;
      const { checkUploadHead } = await import("@/lib/uploads/resumable");
      const pdf = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(4087, 32)]);
      await assert.rejects(checkUploadHead(upload.id, pdf), (error: Error & { code?: string }) => error.code === "file_type_refused");
      const { db } = await import("@/lib/db");
      assert.equal((await db().upload.findUniqueOrThrow({ where: { id: upload.id } })).failure, "file_type_refused");

      const dicom = await add(imaging(1, { study: study(98), size: 4096 }));
      const head = Buffer.alloc(4096);
      head.write("DICM", 128, "latin1");
      await checkUploadHead(dicom.body.uploads![0].id, head);
    });
  });
});
