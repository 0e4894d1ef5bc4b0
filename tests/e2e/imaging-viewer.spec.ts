import { mkdtempSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type APIResponse } from "@playwright/test";
import { caseImagingSchema } from "../../lib/contracts/imaging";
import { PARALLEL_SMALL_FILES } from "../../client/uploads/concurrency";
import { UPLOADS_PATH } from "../../lib/contracts/uploads-path";
import { ctSquareHu, makeCtSeries, windowed } from "../support/dicom-series";
import { tusUpload } from "../support/tus-upload";
import { becomeAdminThroughApi, invitePartnerThroughApi, signUpThroughApi } from "./support";
import { canvasPixel, expectCentreGrey, expectSlice } from "./imaging-support";

/*
 * Issue 17's viewer, end to end: a patient's case with a CT series of 300 images, one file each, goes
 * through the real path a CD takes (the case announced with its imaging, each image sent through the
 * resumable upload route four at a time, indexed by the server from what arrived), is routed to a
 * hospital, and that hospital's partner reads it in the viewer; the canvas's pixels are compared with
 * the values the generator computed for that slice and window. A partner of another hospital gets 404.
 */

async function ok(response: APIResponse, status = 200) {
  expect(response.status(), await response.text()).toBe(status);
  return response.json() as Promise<unknown>;
}

const dir = mkdtempSync(path.join(tmpdir(), "afya-viewer-e2e-"));
const CT_SLICES = 300;

test.describe.configure({ timeout: 420_000 });

test("a partner reads a routed case's CT in the viewer: slices, presets, pixels; another hospital's partner gets 404", async ({ page, browser }, testInfo) => {
  const ct = await makeCtSeries(path.join(dir, "ct"), { slices: CT_SLICES, syntax: "explicitLittle", seriesNumber: 2 });

  // The patient announces the case with its images (their study, as the browser read it), then sends each.
  const patientContext = await browser.newContext();
  const patient = await signUpThroughApi(patientContext.request, "Amaka");
  const images = await Promise.all(ct.files.map(async (file) => ({ name: path.basename(file), data: await readFile(file) })));
  const announced = (await ok(
    await patientContext.request.post("/api/my-submissions", {
      data: {
        patientName: "Amaka Okafor",
        email: patient.email,
        homeCountry: "Nigeria",
        medicalCondition: "Lung nodule follow-up",
        specialty: "oncology",
        urgency: "standard",
        preferredCountries: ["Turkey"],
        consent: true,
        consentFullName: "Amaka Okafor",
        consentEmail: patient.email,
        consentDate: "2026-11-22",
        files: images.map(({ name, data }) => ({ name, size: data.length, study: ct.studyInstanceUid })),
      },
    }),
    201,
  )) as { id: string; uploads: { id: string }[] };
  const caseId = announced.id;
  const cookie = (await patientContext.cookies()).map(({ name, value }) => `${name}=${value}`).join("; ");
  const origin = testInfo.project.use.baseURL!;
  let next = 0;
  await Promise.all(
    Array.from({ length: PARALLEL_SMALL_FILES }, async () => {
      while (next < images.length) {
        const i = next++;
        const sent = await tusUpload({
          endpoint: `${origin}${UPLOADS_PATH}`,
          file: images[i].data,
          uploadId: announced.uploads[i].id,
          name: images[i].name,
          headers: { Origin: origin, Cookie: cookie },
          uploadDataDuringCreation: true,
        });
        expect(sent.ok, sent.error?.message).toBe(true);
      }
    }),
  );
  await patientContext.close();

  // The coordinator routes it to a hospital; a partner of that hospital and one of another.
  const admin = await signUpThroughApi(page.request, "Coordinator");
  await becomeAdminThroughApi(page.request, admin);
  await ok(await page.request.post("/api/admin/unlock", { data: { password: admin.password } }));
  await ok(await page.request.post(`/api/admin/cases/${caseId}/route`, { data: { hospitalIds: ["medipol-mega"] } }));
  const readerContext = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const strangerContext = await browser.newContext();
  await invitePartnerThroughApi(page.request, readerContext.request, "medipol-mega", "Reader");
  await invitePartnerThroughApi(page.request, strangerContext.request, "medipol-camlica", "Stranger");

  const imaging = caseImagingSchema.parse(await ok(await page.request.get(`/api/cases/${caseId}/imaging`)));
  const allSeries = imaging.studies.flatMap((study) => study.series);
  const ctSeries = allSeries.find((series) => series.seriesNumber === 2)!;
  expect(ctSeries.frames).toBe(CT_SLICES);

  // Another hospital's partner: 404 from the series and instance routes, and the page says so.
  expect((await strangerContext.request.get(`/api/imaging/series/${ctSeries.id}`)).status()).toBe(404);
  expect((await strangerContext.request.get(`/api/imaging/instances/${ctSeries.middleInstanceId}`)).status()).toBe(404);
  await strangerContext.close();

  // The partner opens the CT series (in the middle: slice 150 of 300).
  const viewer = await readerContext.newPage();
  await viewer.goto(`/imaging/${ctSeries.id}`);
  await expect(viewer.getByTestId("viewer-patient")).toContainText("LAG-00417");
  await expect(viewer.getByTestId("viewer-study")).toContainText("CT CHEST");
  await expectSlice(viewer, CT_SLICES / 2, CT_SLICES);
  const stack = viewer.getByTestId("dicom-stack");
  // The tools wait for the viewport (the engine loads on first use).
  await expect(viewer.getByRole("button", { name: "Bone" })).toBeEnabled({ timeout: 20_000 });
  // Keyboard: Home, End, then Page Down and arrows to slice 15.
  await stack.focus();
  await viewer.keyboard.press("Home");
  await expectSlice(viewer, 1, CT_SLICES);
  await viewer.keyboard.press("End");
  await expectSlice(viewer, CT_SLICES, CT_SLICES);
  await viewer.keyboard.press("Home");
  await viewer.keyboard.press("PageDown");
  await expectSlice(viewer, 11, CT_SLICES);
  for (let i = 0; i < 4; i++) await viewer.keyboard.press("ArrowDown");
  await expectSlice(viewer, 15, CT_SLICES);
  await viewer.getByRole("button", { name: "Lung" }).click();
  await expect(viewer.getByTestId("window-values")).toHaveText("W 1500 / L -600");
  await expectCentreGrey(viewer, windowed(ctSquareHu(15), 1500, -600));
  // The wheel scrolls too: three slices on.
  const box = (await stack.boundingBox())!;
  await viewer.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let i = 0; i < 3; i++) {
    await viewer.mouse.wheel(0, 100);
    await viewer.waitForTimeout(50);
  }
  await expectSlice(viewer, 18, CT_SLICES);
  await expectCentreGrey(viewer, windowed(ctSquareHu(18), 1500, -600));
  await testInfo.attach("viewer-1366x768", { body: await viewer.screenshot(), contentType: "image/png" });
  await viewer.setViewportSize({ width: 1024, height: 768 });
  await expect.poll(async () => (await canvasPixel(viewer))?.[3]).toBe(255);
  await testInfo.attach("viewer-1024x768", { body: await viewer.screenshot(), contentType: "image/png" });

  // Each transfer syntax is decoded in tests/e2e/imaging-viewer-decoding.spec.ts (the same viewer, its data served to the page).
  await readerContext.close();
});
