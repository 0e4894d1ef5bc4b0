import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Readable } from "node:stream";
import { APP_URL, useFreshApp } from "./support/app";
import { signUpPatient, type Actor } from "./support/actors";
import { serveRoutes } from "./support/http-app";
import { validJsonFields } from "./support/multipart";
import { tusUpload } from "../support/tus-upload";
import { explicitGradient16, seriesInstance, testUid } from "../support/dicom-fixtures";

/*
 * Imaging on the server (issue 17): DICOM files that arrive through the resumable upload path are
 * filed as studies, series and instances from their own headers; one instance per SOP Instance UID.
 */
const db = async () => (await import("@/lib/db")).db();

const STUDY = testUid(1000, 1);
const SERIES = testUid(1000, 1, 2);
const OTHER_STUDY = testUid(2000, 1);
const OTHER_SERIES = testUid(2000, 1, 3);

/** Four slices whose instance numbers run against their slice locations (the stack follows the locations). */
const slices = [
  { instanceNumber: 1, sliceLocation: 30 },
  { instanceNumber: 2, sliceLocation: 10 },
  { instanceNumber: 3, sliceLocation: 40 },
  { instanceNumber: 4, sliceLocation: 20 },
].map(({ instanceNumber, sliceLocation }) => ({
  name: `IM00000${instanceNumber}`,
  sop: testUid(1000, 1, 2, instanceNumber),
  data: seriesInstance({
    study: STUDY,
    series: SERIES,
    sop: testUid(1000, 1, 2, instanceNumber),
    seriesNumber: 2,
    instanceNumber,
    sliceLocation,
    modality: "CT",
    studyDescription: "CT chest with contrast",
    seriesDescription: "Axial 5mm",
    bodyPart: "CHEST",
    studyDate: "20261020",
  }),
}));

const otherStudy = {
  name: "IM000099",
  data: seriesInstance({
    study: OTHER_STUDY,
    series: OTHER_SERIES,
    sop: testUid(2000, 1, 3, 1),
    seriesNumber: 1,
    instanceNumber: 1,
    position: [0, 0, -12.5],
    modality: "MR",
    studyDescription: "MRI brain",
    studyDate: "20250101",
  }),
};

interface Sent {
  caseId: string;
  uploads: { id: string; name: string }[];
}

let server: { url: string; close: () => Promise<void> };

/** A signed-in patient's case announcing `files`, each then sent through tus as the browser sends it. */
async function sendCase(patient: Actor, files: { name: string; data: Buffer }[]): Promise<Sent> {
  const cookie = patient.browser.request("/").headers.get("cookie") ?? "";
  const response = await fetch(`${server.url}/api/my-submissions`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: APP_URL, cookie },
    body: JSON.stringify({ ...validJsonFields({ email: patient.email }), files: files.map((file) => ({ name: file.name, size: file.data.length })) }),
  });
  const body = (await response.json()) as { id: string; uploads: { id: string; name: string }[] };
  assert.equal(response.status, 201, JSON.stringify(body));
  for (const [index, file] of files.entries()) await sendFile(patient, body.uploads[index].id, file);
  return { caseId: body.id, uploads: body.uploads };
}

async function sendFile(patient: Actor, uploadId: string, file: { name: string; data: Buffer }) {
  const cookie = patient.browser.request("/").headers.get("cookie") ?? "";
  const outcome = await tusUpload({
    endpoint: `${server.url}/api/uploads`,
    file: file.data,
    uploadId,
    name: file.name,
    headers: { Origin: APP_URL, Cookie: cookie },
  });
  assert.ok(outcome.ok, outcome.error?.message);
}

async function studiesOf(caseId: string) {
  return (await db()).imagingStudy.findMany({
    where: { submissionId: caseId },
    orderBy: { studyInstanceUid: "asc" },
    include: { series: { include: { instances: { include: { file: true }, orderBy: { sopInstanceUid: "asc" } } } } },
  });
}

describe("imaging: indexing what arrives", () => {
  let patient: Actor;

  before(async () => {
    await useFreshApp();
    const uploads = await import("@/app/api/uploads/[[...id]]/route");
    const submissions = await import("@/app/api/my-submissions/route");
    server = await serveRoutes(
      [
        { pattern: /^\/api\/uploads(\/[0-9a-f]*)?$/, handlers: { POST: uploads.POST, PATCH: uploads.PATCH, HEAD: uploads.HEAD, DELETE: uploads.DELETE } },
        { pattern: /^\/api\/my-submissions$/, handlers: { POST: submissions.POST } },
      ],
      APP_URL,
    );
    patient = await signUpPatient("ImagingPatient");
  });
  after(async () => {
    await server?.close();
    await (await db()).$disconnect();
  });

  test("a series sent through tus is filed as one study and series with every instance, its UIDs and positions", async () => {
    const { caseId } = await sendCase(patient, slices);
    const studies = await studiesOf(caseId);
    assert.equal(studies.length, 1);
    const [study] = studies;
    assert.equal(study.studyInstanceUid, STUDY);
    assert.equal(study.studyDate, "2026-10-20");
    assert.equal(study.description, "CT chest with contrast");
    assert.equal(study.accessionNumber, "ACC-77");
    assert.equal(study.patientName, "John Doe");
    assert.equal(study.series.length, 1);
    const [series] = study.series;
    assert.deepEqual(
      { uid: series.seriesInstanceUid, number: series.seriesNumber, modality: series.modality, bodyPart: series.bodyPart, description: series.description },
      { uid: SERIES, number: 2, modality: "CT", bodyPart: "CHEST", description: "Axial 5mm" },
    );
    assert.deepEqual(
      series.instances.map((instance) => [instance.sopInstanceUid, instance.instanceNumber, instance.sliceLocation, instance.file.originalName]),
      slices.map((slice, index) => [slice.sop, index + 1, [30, 10, 40, 20][index], slice.name]),
    );
    for (const instance of series.instances) {
      assert.equal(instance.rows, 16);
      assert.equal(instance.frames, 1);
      assert.equal(instance.transferSyntaxUid, "1.2.840.10008.1.2.1");
      assert.equal(instance.sopClassUid, "1.2.840.10008.5.1.4.1.1.2");
    }
  });

  test("the same instance sent twice is stored once: the second upload completes on the first file, its bytes deleted", async () => {
    const { caseId, uploads } = await sendCase(patient, [slices[0], { ...slices[0], name: "copy-of-IM000001" }, slices[1]]);
    const files = await (await db()).submissionFile.findMany({ where: { submissionId: caseId } });
    assert.deepEqual(files.map((file) => file.originalName).sort(), ["IM000001", "IM000002"]);
    const rows = await (await db()).upload.findMany({ where: { submissionId: caseId } });
    const byId = new Map(rows.map((row) => [row.id, row]));
    const first = byId.get(uploads[0].id)!;
    const second = byId.get(uploads[1].id)!;
    assert.ok(second.completedAt, "the duplicate's upload is complete for the browser");
    assert.equal(second.failure, null);
    assert.equal(second.fileId, first.fileId);
    const { getStore } = await import("@/lib/storage");
    assert.equal(await getStore().exists(second.storageKey), false);
    assert.equal(await getStore().exists(first.storageKey), true);
    const instances = (await studiesOf(caseId)).flatMap((study) => study.series.flatMap((series) => series.instances));
    assert.equal(instances.length, 2);
    // Another case may hold the same instance: duplicates are per case.
    const other = await sendCase(patient, [slices[0]]);
    assert.equal((await studiesOf(other.caseId)).length, 1);
  });

  test("an image of another study lands in a second study; a DICOM file without UIDs stays a plain file", async () => {
    const { caseId } = await sendCase(patient, [slices[2], otherStudy, { name: "old-scan.dcm", data: explicitGradient16() }]);
    const studies = await studiesOf(caseId);
    assert.deepEqual(
      studies.map((study) => [study.studyInstanceUid, study.series.map((series) => [series.seriesInstanceUid, series.instances.length])]),
      [
        [STUDY, [[SERIES, 1]]],
        [OTHER_STUDY, [[OTHER_SERIES, 1]]],
      ],
    );
    // No Slice Location: the last value of Image Position (Patient).
    assert.equal(studies[1].series[0].instances[0].sliceLocation, -12.5);
    const plain = await (
      await db()
    ).submissionFile.findFirstOrThrow({ where: { submissionId: caseId, originalName: "old-scan.dcm" }, include: { imagingInstance: true } });
    assert.equal(plain.mimeType, "application/dicom");
    assert.equal(plain.imagingInstance, null);
  });

  test("files kept from before indexing are indexed by the scheduled job, idempotently, duplicates left as plain files", async () => {
    const { caseId } = await sendCase(patient, [slices[0], slices[1]]);
    const client = await db();
    // As before this feature: the same files, no index.
    await client.imagingStudy.deleteMany({ where: { submissionId: caseId } });
    const kept = await client.submissionFile.findFirstOrThrow({ where: { submissionId: caseId, originalName: "IM000001" } });
    const { getStore } = await import("@/lib/storage");
    const stored = await getStore().put("submissions", Readable.from([slices[0].data]));
    // Sent twice before instances were unique (created after the original, so the original is kept).
    const copy = await client.submissionFile.create({
      data: { submissionId: caseId, originalName: "copy", size: kept.size, mimeType: kept.mimeType, sha256: kept.sha256, storageKey: stored.key },
    });
    const { scheduledJobs } = await import("@/lib/jobs/schedule");
    const job = scheduledJobs.find((candidate) => candidate.name === "imaging_index");
    assert.ok(job);
    await job.run();
    await job.run();
    const instances = (await studiesOf(caseId)).flatMap((study) => study.series.flatMap((series) => series.instances));
    assert.deepEqual(instances.map((instance) => instance.file.originalName).sort(), ["IM000001", "IM000002"]);
    const left = await client.submissionFile.findUnique({ where: { id: copy.id }, include: { imagingInstance: true } });
    assert.ok(left?.storageKey, "nothing kept from before is deleted");
    assert.equal(left.imagingInstance, null);
  });
});
