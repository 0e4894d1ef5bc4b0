import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { becomeAdminThroughApi, invitePartnerThroughApi, lettersOnly, signUpThroughApi } from "./support";
import { seriesInstance, testUid } from "../support/dicom-fixtures";

/**
 * Issue 17 on the case pages: a case with a small CT series (sent through the API) shows its study
 * and series on the partner's case page, at phone and laptop width, with the viewer link and the
 * study's zip; the instances are not listed as files, the other files are in natural order.
 */

const run = Date.now().toString(36);
const patientName = `Ngozi Eze ${lettersOnly(run)}`;
const STUDY = testUid(7000, Date.now());
const SERIES = `${STUDY}.1`;
const contexts = {} as Record<"patient" | "admin" | "partner", APIRequestContext>;
let caseId: string;

const slice = (instanceNumber: number) =>
  seriesInstance({
    study: STUDY,
    series: SERIES,
    sop: `${SERIES}.${instanceNumber}`,
    seriesNumber: 3,
    instanceNumber,
    sliceLocation: instanceNumber * 5,
    modality: "CT",
    bodyPart: "CHEST",
    studyDescription: "CT thorax",
    seriesDescription: "Axial lung window",
    studyDate: "20261101",
  });

test.beforeAll(async ({ playwright }) => {
  const baseURL = test.info().project.use.baseURL!;
  for (const who of ["patient", "admin", "partner"] as const)
    contexts[who] = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });

  const patient = await signUpThroughApi(contexts.patient, "Ngozi");
  const form = new FormData();
  const fields = {
    patientName,
    email: patient.email,
    homeCountry: "Nigeria",
    medicalCondition: "Persistent cough",
    specialty: "oncology",
    urgency: "urgent",
    preferredCountries: JSON.stringify(["Turkey"]),
    consent: "true",
    consentFullName: patientName,
    consentEmail: patient.email,
    consentDate: "2026-11-22",
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  // Instances arrive in any order; two ordinary files whose names sort differently as text and as numbers.
  for (const number of [3, 1, 2]) form.append("files", new Blob([new Uint8Array(slice(number))], { type: "application/dicom" }), `IM00000${number}`);
  const pdf = (label: string) => new Blob([`%PDF-1.4\n% ${label}\n`], { type: "application/pdf" });
  form.append("files", pdf("ten"), "report-10.pdf");
  form.append("files", pdf("nine"), "report-9.pdf");
  const created = await contexts.patient.post("/api/my-submissions", { multipart: form });
  expect(created.status(), await created.text()).toBe(201);
  caseId = ((await created.json()) as { id: string }).id;

  const admin = await signUpThroughApi(contexts.admin, "Coordinator");
  await becomeAdminThroughApi(contexts.admin, admin);
  expect((await contexts.admin.post("/api/admin/unlock", { data: { password: admin.password } })).status()).toBe(200);
  await invitePartnerThroughApi(contexts.admin, contexts.partner, "medipol-mega", "Radiology");
  const routed = await contexts.admin.post(`/api/admin/cases/${caseId}/route`, { data: { hospitalIds: ["medipol-mega"] } });
  expect(routed.status(), await routed.text()).toBe(200);
});

test.afterAll(async () => {
  await Promise.all(Object.values(contexts).map((context) => context.dispose()));
});

async function checkCasePage(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await page.goto(`/en/partner/cases/${caseId}`);
  const imaging = page.getByTestId("case-imaging");
  await expect(imaging.getByRole("heading", { name: "Imaging" })).toBeVisible();
  const study = imaging.getByTestId("imaging-study");
  await expect(study).toHaveCount(1);
  await expect(study.getByRole("heading", { name: "CT thorax" })).toBeVisible();
  await expect(study).toContainText("Nov 1, 2026");
  await expect(study).toContainText("3 images");
  const series = study.getByTestId("imaging-series");
  await expect(series).toHaveCount(1);
  await expect(series).toContainText("Series 3 · CT · CHEST · Axial lung window");
  await expect(series).toContainText("3 images");
  // The description reads on one or two lines, never squeezed to a letter per line.
  const label = (await series.getByTestId("series-label").boundingBox())!;
  expect(label.height, `series label at ${width} px`).toBeLessThan(60);
  expect(label.width).toBeGreaterThan(150);
  const open = series.getByRole("link", { name: "Open in viewer" });
  await expect(open).toBeVisible();
  expect(await open.getAttribute("href")).toMatch(/^\/en\/imaging\/[0-9a-f-]{36}$/);
  const zip = study.getByRole("link", { name: "Download study (zip)" });
  await expect(zip).toBeVisible();
  expect(await zip.getAttribute("href")).toMatch(/^\/api\/imaging\/studies\/[0-9a-f-]{36}\/zip$/);

  // The instances are not files of the list; the others in natural order, names shown whole.
  const names = page.getByTestId("case-file").locator("[title]");
  await expect(names).toHaveText(["report-9.pdf", "report-10.pdf"]);
  for (const name of await names.all()) {
    const cut = await name.evaluate((element) => [...element.querySelectorAll("span")].some((span) => span.scrollWidth > span.clientWidth + 1));
    expect(cut, `${await name.textContent()} is cut at ${width} px`).toBe(false);
  }
  await expect(page.getByRole("link", { name: "Download all (zip)" })).toBeVisible();
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await test.info().attach(`partner-case-imaging-${width}px`, { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });
  return { zipHref: (await zip.getAttribute("href"))! };
}

test("the partner's case page lists the case's study and series at 390 px and 1366 px, with the viewer link and the study's zip", async ({ browser }) => {
  const context = await browser.newContext({ storageState: await contexts.partner.storageState() });
  const page = await context.newPage();
  await checkCasePage(page, 390);
  const { zipHref } = await checkCasePage(page, 1366);
  const download = await page.request.get(zipHref);
  expect(download.status()).toBe(200);
  expect(download.headers()["content-type"]).toBe("application/zip");
  expect((await download.body()).subarray(0, 2).toString()).toBe("PK");
  await context.close();
});
