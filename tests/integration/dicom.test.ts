import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Browser, useFreshApp } from "./support/app";
import { signUpAdmin, signUpPatient, type Actor } from "./support/actors";
import { multipartBody, MULTIPART_TYPE, samples, toStream, validFields } from "./support/multipart";
import { explicitGradient16, implicit8, jpegEncapsulated, malformedDicom } from "../support/dicom-fixtures";

type Handler = (request: Request, context?: { params: Promise<Record<string, string>> }) => Promise<Response>;
const routes: Record<"metadata" | "file" | "submit", Handler> = {} as never;

let owner: Actor;
let stranger: Actor;
let admin: Actor;
let submissionId: string;
const fileIds: Record<string, string> = {};

async function get(browser: Browser, route: "metadata" | "file", id: string) {
  const suffix = route === "metadata" ? "/dicom" : "";
  return routes[route](browser.request(`/api/files/${id}${suffix}`), { params: Promise.resolve({ id }) });
}

async function reads(fileId: string) {
  const { db } = await import("@/lib/db");
  return db().auditEvent.findMany({ where: { action: "file.read", entityType: "file", entityId: fileId }, orderBy: { createdAt: "asc" } });
}

describe("DICOM metadata API, under the file access rules", () => {
  before(async () => {
    await useFreshApp();
    routes.metadata = (await import("@/app/api/files/[id]/dicom/route")).GET;
    routes.file = (await import("@/app/api/files/[id]/route")).GET;
    routes.submit = (await import("@/app/api/my-submissions/route")).POST;
    owner = await signUpPatient("DicomOwner");
    stranger = await signUpPatient("DicomStranger");
    admin = await signUpAdmin("DicomAdmin");

    const files = {
      "brain.dcm": explicitGradient16(),
      "chest.dcm": implicit8(),
      "knee.dcm": jpegEncapsulated(),
      "broken.dcm": malformedDicom(),
      "report.pdf": samples.pdf(),
    };
    const parts = [...validFields({ email: owner.email }), ...Object.entries(files).map(([name, data]) => ({ name: "files", file: { name, data } }))];
    const response = owner.browser.remember(
      await routes.submit(owner.browser.request("/api/my-submissions", { body: toStream(multipartBody(parts)), contentType: MULTIPART_TYPE })),
    );
    assert.equal(response.status, 201, await response.clone().text());
    submissionId = ((await response.json()) as { id: string }).id;
    const { db } = await import("@/lib/db");
    for (const row of await db().submissionFile.findMany({ where: { submissionId } })) fileIds[row.originalName] = row.id;
    assert.equal(Object.keys(fileIds).length, 5);
  });
  after(async () => {
    const { db } = await import("@/lib/db");
    await db().$disconnect();
  });

  test("the owner reads the metadata of an explicit VR little endian image; the read is audited", async () => {
    const response = await get(owner.browser, "metadata", fileIds["brain.dcm"]);
    assert.equal(response.status, 200, await response.clone().text());
    assert.equal(response.headers.get("cache-control"), "no-store, private");
    assert.deepEqual(await response.json(), {
      fileId: fileIds["brain.dcm"],
      name: "brain.dcm",
      patientName: "John Doe",
      patientId: "AFY-12345",
      modality: "MR",
      studyDate: "2024-03-15",
      studyDescription: "Brain MRI",
      bodyPartExamined: "HEAD",
      seriesDescription: "T1 axial",
      institutionName: "Lagos University Teaching Hospital",
      rows: 64,
      columns: 64,
      frames: 1,
      photometricInterpretation: "MONOCHROME2",
      transferSyntax: { uid: "1.2.840.10008.1.2.1", name: "Explicit VR Little Endian" },
      preview: { renderable: true },
    });
    const audit = await reads(fileIds["brain.dcm"]);
    assert.equal(audit.length, 1);
    assert.equal(audit[0].actorId, owner.id);
    assert.deepEqual(audit[0].metadata, { submissionId });
  });

  test("implicit VR little endian 8-bit: its metadata", async () => {
    const meta = (await (await get(owner.browser, "metadata", fileIds["chest.dcm"])).json()) as { transferSyntax: { name: string }; preview: unknown };
    assert.equal(meta.transferSyntax.name, "Implicit VR Little Endian");
    assert.deepEqual(meta.preview, { renderable: true });
  });

  test("a JPEG transfer syntax: metadata shown (the browser's viewer decodes the image)", async () => {
    const meta = await get(admin.browser, "metadata", fileIds["knee.dcm"]);
    assert.equal(meta.status, 200);
    const body = (await meta.json()) as { patientName: string; transferSyntax: { uid: string; name: string }; preview: unknown };
    assert.equal(body.patientName, "John Doe");
    assert.deepEqual(body.transferSyntax, { uid: "1.2.840.10008.1.2.4.50", name: "JPEG Baseline (Process 1)" });
    assert.deepEqual(body.preview, { renderable: false, reason: "compressed" });
  });

  test("a malformed DICOM file: a clear 400, never a 500", async () => {
    for (const route of ["metadata"] as const) {
      const response = await get(admin.browser, route, fileIds["broken.dcm"]);
      assert.equal(response.status, 400);
      assert.deepEqual(await response.json(), { error: "This file could not be read as DICOM.", code: "dicom_unreadable" });
    }
  });

  test("a file that is not DICOM: 415, and nothing read or audited", async () => {
    const before = (await reads(fileIds["report.pdf"])).length;
    for (const route of ["metadata"] as const) {
      const response = await get(owner.browser, route, fileIds["report.pdf"]);
      assert.equal(response.status, 415);
      assert.deepEqual(await response.json(), { error: "This file is not a DICOM file.", code: "not_dicom" });
    }
    assert.equal((await reads(fileIds["report.pdf"])).length, before);
  });

  test("same access rules as GET /api/files/[id]: another patient, a guest, bad and unknown ids → 404, not audited", async () => {
    const id = fileIds["brain.dcm"];
    const before = (await reads(id)).length;
    const guest = new Browser();
    for (const browser of [stranger.browser, guest]) {
      const file = await get(browser, "file", id);
      for (const route of ["metadata"] as const) {
        const response = await get(browser, route, id);
        assert.equal(response.status, file.status);
        assert.equal(response.status, 404);
        assert.deepEqual(await response.json(), { error: "File not found.", code: "file_not_found" });
      }
    }
    for (const bad of ["not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
      assert.equal((await get(admin.browser, "metadata", bad)).status, 404);
    }
    assert.equal((await reads(id)).length, before);
  });

  test("a guest holding the tracking cookie of the case may read, and the read is audited as a guest", async () => {
    const { issueTrackCookie } = await import("@/lib/tracking/access-cookie");
    const cookie = issueTrackCookie(submissionId).split(";")[0];
    const guest = new Browser();
    const request = (suffix: string) => guest.request(`/api/files/${fileIds["brain.dcm"]}${suffix}`, { headers: { cookie } });
    const metadata = await routes.metadata(request("/dicom"), { params: Promise.resolve({ id: fileIds["brain.dcm"] }) });
    assert.equal(metadata.status, 200);
    const audit = await reads(fileIds["brain.dcm"]);
    assert.deepEqual(
      audit.slice(-1).map((row) => [row.actorId, row.actorRole]),
      [[null, "guest"]],
    );
  });
});
