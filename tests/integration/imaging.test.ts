import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Readable } from "node:stream";
import { execFileSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { APP_URL, Browser, useFreshApp } from "./support/app";
import { signUpAdmin, signUpPartner, signUpPatient, type Actor } from "./support/actors";
import { caseImagingSchema, openedSeriesSchema, type CaseImaging } from "@/lib/contracts/imaging";
import { serveRoutes } from "./support/http-app";
import { multipartBody, MULTIPART_TYPE, toStream, validFields, validJsonFields } from "./support/multipart";
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

type Handler = (request: Request, context?: { params: Promise<Record<string, string>> }) => Promise<Response>;
const routes: Record<"caseImaging" | "series" | "instance" | "studyZip" | "caseZip", Handler> = {} as never;

describe("imaging", () => {
  let patient: Actor;

  before(async () => {
    routes.caseImaging = (await import("@/app/api/cases/[id]/imaging/route")).GET;
    routes.series = (await import("@/app/api/imaging/series/[id]/route")).GET;
    routes.instance = (await import("@/app/api/imaging/instances/[id]/route")).GET;
    routes.studyZip = (await import("@/app/api/imaging/studies/[id]/zip/route")).GET;
    routes.caseZip = (await import("@/app/api/cases/[id]/files/zip/route")).GET;
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

  describe("indexing what arrives", () => {
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

    test("an instance whose file's bytes were since deleted (retention) gives way to the same image sent again", async () => {
      const cookie = patient.browser.request("/").headers.get("cookie") ?? "";
      const files = [slices[3], { ...slices[3], name: "IM000004-again" }];
      const response = await fetch(`${server.url}/api/my-submissions`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: APP_URL, cookie },
        body: JSON.stringify({ ...validJsonFields({ email: patient.email }), files: files.map((file) => ({ name: file.name, size: file.data.length })) }),
      });
      const { id: caseId, uploads } = (await response.json()) as Sent & { id: string };
      await sendFile(patient, uploads[0].id, files[0]);
      const client = await db();
      const first = await client.upload.findUniqueOrThrow({ where: { id: uploads[0].id } });
      await client.submissionFile.update({ where: { id: first.fileId! }, data: { storageKey: null } });
      await sendFile(patient, uploads[1].id, files[1]);
      const instances = (await studiesOf(caseId)).flatMap((study) => study.series.flatMap((series) => series.instances));
      assert.deepEqual(
        instances.map((instance) => [instance.sopInstanceUid, instance.file.originalName]),
        [[slices[3].sop, "IM000004-again"]],
      );
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

    test("the older multipart path indexes too: a copy of an instance in the same request is not kept", async () => {
      const submit = (await import("@/app/api/my-submissions/route")).POST;
      const parts = [
        ...validFields({ email: patient.email }),
        ...[slices[0], { ...slices[0], name: "IM000001-copy" }, slices[1]].map((file) => ({ name: "files", file: { name: file.name, data: file.data } })),
      ];
      const response = await submit(patient.browser.request("/api/my-submissions", { body: toStream(multipartBody(parts)), contentType: MULTIPART_TYPE }));
      assert.equal(response.status, 201, await response.clone().text());
      const { id } = (await response.json()) as { id: string };
      const files = await (await db()).submissionFile.findMany({ where: { submissionId: id }, include: { imagingInstance: true } });
      assert.deepEqual(files.map((file) => file.originalName).sort(), ["IM000001", "IM000002"]);
      assert.ok(files.every((file) => file.imagingInstance));
      assert.equal(await (await db()).auditEvent.count({ where: { action: "imaging.duplicate_dropped", entityId: id } }), 1);
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

  describe("routes: listing, opening, instances and zips, for the case's readers only", () => {
    let caseId: string;
    let admin: Actor;
    let partner: Actor;
    let outsider: Actor;
    let stranger: Actor;
    let listing: CaseImaging;

    const call = (who: Actor | Browser, route: keyof typeof routes, path: string, id: string) => {
      const browser = who instanceof Browser ? who : who.browser;
      return routes[route](browser.request(path), { params: Promise.resolve({ id }) });
    };
    const opened = async (seriesId: string) =>
      (await db()).auditEvent.count({ where: { action: "imaging.series_opened", entityType: "imaging_series", entityId: seriesId } });

    before(async () => {
      admin = await signUpAdmin("ImagingAdmin");
      partner = await signUpPartner("medipol-mega", "ImagingPartner");
      outsider = await signUpPartner("medipol-kosuyolu", "ImagingOutsider");
      stranger = await signUpPatient("ImagingStranger");
      const pdf = (name: string) => ({ name, data: Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(200, 65)]) });
      ({ caseId } = await sendCase(patient, [...slices, otherStudy, pdf("lab-10.pdf"), pdf("lab-9.pdf")]));
      const client = await db();
      const routedAt = new Date();
      await client.caseRouting.create({
        data: {
          submissionId: caseId,
          hospitalId: "medipol-mega",
          routedAt,
          dueAt: new Date(routedAt.getTime() + 72 * 3600e3),
          destinationCountry: "TR",
          transferBasis: "explicit_consent",
        },
      });
      await client.submission.update({ where: { id: caseId }, data: { status: "sent_to_hospitals" } });
      const response = await call(partner, "caseImaging", `/api/cases/${caseId}/imaging`, caseId);
      assert.equal(response.status, 200, await response.clone().text());
      listing = caseImagingSchema.parse(await response.json());
    });

    test("the case's imaging lists studies newest first, series with counts, bytes and the middle of the stack", () => {
      assert.deepEqual(
        listing.studies.map((study) => [study.studyInstanceUid, study.studyDate, study.description, study.modalities, study.instanceCount]),
        [
          [STUDY, "2026-10-20", "CT chest with contrast", ["CT"], 4],
          [OTHER_STUDY, "2025-01-01", "MRI brain", ["MR"], 1],
        ],
      );
      const [series] = listing.studies[0].series;
      assert.equal(series.seriesNumber, 2);
      assert.equal(series.bodyPart, "CHEST");
      assert.equal(series.instanceCount, 4);
      assert.equal(series.frames, 4);
      assert.equal(
        series.totalBytes,
        slices.reduce((sum, slice) => sum + slice.data.length, 0),
      );
      assert.equal(listing.studies[0].totalBytes, series.totalBytes);
      assert.ok(series.middleInstanceId);
    });

    test("opening a series: its instances in stack order (slice location), the patient and siblings; audited once per opening, not per slice", async () => {
      const seriesId = listing.studies[0].series[0].id;
      const before = await opened(seriesId);
      const response = await call(partner, "series", `/api/imaging/series/${seriesId}`, seriesId);
      assert.equal(response.status, 200, await response.clone().text());
      const body = openedSeriesSchema.parse(await response.json());
      assert.equal(body.caseId, caseId);
      assert.deepEqual(body.patient, { name: "John Doe", id: "AFY-12345" });
      assert.equal(body.study.description, "CT chest with contrast");
      assert.deepEqual(body.siblings, []);
      // Slice locations 30, 10, 40, 20 for instance numbers 1..4: the stack is 2, 4, 1, 3.
      assert.deepEqual(
        body.instances.map((instance) => instance.instanceNumber),
        [2, 4, 1, 3],
      );
      assert.equal(body.series.middleInstanceId, body.instances[1].id);
      assert.equal(await opened(seriesId), before + 1);

      const auditRows = async () => (await db()).auditEvent.count();
      const rowsBefore = await auditRows();
      for (const [index, instance] of body.instances.entries()) {
        const bytes = await call(partner, "instance", `/api/imaging/instances/${instance.id}`, instance.id);
        assert.equal(bytes.status, 200);
        assert.equal(bytes.headers.get("content-type"), "application/dicom");
        assert.match(bytes.headers.get("cache-control") ?? "", /^private, max-age=\d+, immutable$/);
        assert.deepEqual(Buffer.from(await bytes.arrayBuffer()), slices[[1, 3, 0, 2][index]].data);
      }
      assert.equal(await auditRows(), rowsBefore, "reading slices writes no audit row");
    });

    test("who may read: admins, partners of a hospital the case is shared with, its patient; anyone else 404", async () => {
      const study = listing.studies[0];
      const seriesId = study.series[0].id;
      const instanceId = study.series[0].middleInstanceId!;
      const paths: [keyof typeof routes, string, string][] = [
        ["caseImaging", `/api/cases/${caseId}/imaging`, caseId],
        ["series", `/api/imaging/series/${seriesId}`, seriesId],
        ["instance", `/api/imaging/instances/${instanceId}`, instanceId],
        ["studyZip", `/api/imaging/studies/${study.id}/zip`, study.id],
        ["caseZip", `/api/cases/${caseId}/files/zip`, caseId],
      ];
      for (const [route, path, id] of paths) {
        for (const who of [admin, partner, patient]) {
          const response = await call(who, route, path, id);
          assert.equal(response.status, 200, `${route} for ${who.name}: ${await response.clone().text()}`);
          await response.body?.cancel();
        }
        for (const who of [outsider, stranger, new Browser()]) {
          const response = await call(who, route, path, id);
          assert.equal(response.status, 404, `${route} for ${who instanceof Browser ? "a guest" : who.name}`);
          const body = (await response.json()) as { error: string; code: string };
          assert.ok(body.error && body.code);
        }
        const garbage = await call(admin, route, path.replace(id, "not-a-uuid"), "not-a-uuid");
        assert.equal(garbage.status, 404);
      }
    });

    test("the viewer page's lookup (seriesReadable): the same readers; an outsider, a stranger, a guest and an unknown id alike", async () => {
      const { seriesReadable } = await import("@/lib/imaging/read");
      const { getSessionUser } = await import("@/lib/auth/session");
      const viewerOf = async (who: Actor | Browser) => ({
        user: who instanceof Browser ? null : await getSessionUser(who.browser.request("/").headers),
        trackedSubmissionId: null,
      });
      const seriesId = listing.studies[0].series[0].id;
      for (const who of [admin, partner, patient]) assert.equal(await seriesReadable(seriesId, await viewerOf(who)), true, who.name);
      for (const who of [outsider, stranger, new Browser()])
        assert.equal(await seriesReadable(seriesId, await viewerOf(who)), false, who instanceof Browser ? "a guest" : who.name);
      for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", caseId]) assert.equal(await seriesReadable(id, await viewerOf(admin)), false, id);
    });

    test("a study downloads as one zip: every original file under DICOM/ and a DICOMDIR that dcmdump reads, its records linked; audited", async () => {
      const study = listing.studies[0];
      const response = await call(partner, "studyZip", `/api/imaging/studies/${study.id}/zip`, study.id);
      assert.equal(response.status, 200);
      assert.equal(response.headers.get("content-type"), "application/zip");
      const folder = await mkdtemp(path.join(tmpdir(), "imaging-zip-"));
      try {
        const zipPath = path.join(folder, "study.zip");
        await writeFile(zipPath, Buffer.from(await response.arrayBuffer()));
        const listed = execFileSync("unzip", ["-Z1", zipPath], { encoding: "utf8" }).trim().split("\n").sort();
        assert.deepEqual(listed, ["DICOM/S001/I0001", "DICOM/S001/I0002", "DICOM/S001/I0003", "DICOM/S001/I0004", "DICOMDIR"]);
        execFileSync("unzip", ["-q", zipPath, "-d", folder]);
        // The stack order: I0001 is instance 2 (slice location 10).
        assert.deepEqual(await readFile(path.join(folder, "DICOM/S001/I0001")), slices[1].data);
        const dump = execFileSync("dcmdump", ["-q", path.join(folder, "DICOMDIR")], { encoding: "utf8" });
        const referenced = [...dump.matchAll(/\(0004,1500\) CS \[([^\]]+)\]/g)].map((match) => match[1]);
        assert.deepEqual(referenced, ["DICOM\\S001\\I0001", "DICOM\\S001\\I0002", "DICOM\\S001\\I0003", "DICOM\\S001\\I0004"]);
        assert.match(dump, /MediaStorageDirectoryStorage/);
        assert.match(dump, new RegExp(`\\(0020,000d\\) UI \\[${STUDY.replace(/\./g, "\\.")}\\]`));
        // Each record's links point at the records dcmdump found: patient → study → series → images, images chained.
        const records = [
          ...dump.matchAll(
            /"Directory Record" (\w+)[^\n]*\n\s*#\s+offset=\$(\d+)[^\n]*\n\s*\(0004,1400\) up (\d+)[^\n]*\n\s*\(0004,1410\)[^\n]*\n\s*\(0004,1420\) up (\d+)/g,
          ),
        ].map((match) => ({ type: match[1], offset: Number(match[2]), next: Number(match[3]), lower: Number(match[4]) }));
        assert.deepEqual(
          records.map((record) => record.type),
          ["PATIENT", "STUDY", "SERIES", "IMAGE", "IMAGE", "IMAGE", "IMAGE"],
        );
        const [patientRecord, studyRecord, seriesRecord, ...images] = records;
        assert.equal(patientRecord.lower, studyRecord.offset);
        assert.equal(studyRecord.lower, seriesRecord.offset);
        assert.equal(seriesRecord.lower, images[0].offset);
        assert.deepEqual(
          images.map((image) => image.next),
          [images[1].offset, images[2].offset, images[3].offset, 0],
        );
        assert.match(dump, new RegExp(`\\(0004,1200\\) up ${patientRecord.offset}\\b`));
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
      const audits = await (await db()).auditEvent.findMany({ where: { action: "imaging.study_downloaded", entityId: study.id } });
      assert.ok(audits.length >= 1);
    });

    test("download all: the case's other files in one zip, in natural order; imaging instances are left to their studies' zips", async () => {
      const downloads = () => db().then((client) => client.auditEvent.count({ where: { action: "case.files_downloaded", entityId: caseId } }));
      const before = await downloads();
      const response = await call(admin, "caseZip", `/api/cases/${caseId}/files/zip`, caseId);
      assert.equal(response.status, 200);
      const folder = await mkdtemp(path.join(tmpdir(), "case-zip-"));
      try {
        const zipPath = path.join(folder, "case.zip");
        await writeFile(zipPath, Buffer.from(await response.arrayBuffer()));
        assert.deepEqual(execFileSync("unzip", ["-Z1", zipPath], { encoding: "utf8" }).trim().split("\n"), ["lab-9.pdf", "lab-10.pdf"]);
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
      assert.equal(await downloads(), before + 1);
    });
  });
});
