import { expect, test, type Page, type TestInfo } from "@playwright/test";
import path from "node:path";
import { fillRecordsForm, lettersOnly, signUpThroughApi, recordsFormReady } from "./support";

/*
 * A patient sends a CD from a phone (issue 17): at 390 px, "Add a folder" picks the CD-like folder of
 * tests/fixtures/dicom/cd (a DICOMDIR, two CT series, a viewer program, autorun.inf, a thumbnail, a
 * readme). The study and its series are shown before anything is sent, with one line for the skipped
 * files; the patient leaves out one series and sends. The server's rows (the case's stored files and
 * its uploads, through the patient's own API) hold exactly the kept series' images.
 */
const CD = path.join(process.cwd(), "tests/fixtures/dicom/cd");
const pagePath = (locale: string, page: string) => (locale === "en" ? page : `/${locale}${page}`);

test.use({ viewport: { width: 390, height: 844 } });

/** A screenshot in the test's output folder, attached to its report. */
async function shoot(page: Page, testInfo: TestInfo, name: string) {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file });
  await testInfo.attach(name, { path: file, contentType: "image/png" });
}

test("a CD picked as a folder at phone width: study summary, skipped files, one series left out, only the kept images arrive", async ({ page }, testInfo) => {
  const account = await signUpThroughApi(page.request, `Halima${lettersOnly(Date.now().toString(36))}`);
  await page.goto("/contact");
  await recordsFormReady(page);
  const form = await fillRecordsForm(page, {});
  await form.getByTestId("folder-input").setInputFiles(CD);

  const summary = form.getByTestId("imaging-summary");
  await expect(summary.getByTestId("imaging-study")).toHaveCount(1);
  await expect(summary.getByTestId("imaging-study")).toContainText("CT THORAX · Nov 2, 2026");
  await expect(summary.getByTestId("imaging-study")).toContainText("2 series · 5 images");
  const series = summary.getByTestId("imaging-series");
  await expect(series).toHaveCount(2);
  await expect(series.nth(0)).toContainText("Series 1 · CT · CHEST · AXIAL 5MM");
  await expect(series.nth(0)).toContainText("3 images");
  await expect(series.nth(1)).toContainText("Series 2 · CT · CHEST · SCOUT");
  await expect(series.nth(1)).toContainText("2 images");
  await expect(summary.getByTestId("imaging-skipped")).toHaveText("4 files skipped: not medical images, such as the CD's viewer program.");
  // Nothing of the CD is listed as a loose file (no "CD" entry, no viewer program).
  await expect(form.getByTestId("upload-row")).toHaveCount(0);
  // The page never scrolls sideways at phone width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await summary.scrollIntoViewIfNeeded();
  await shoot(page, testInfo, "imaging-summary-en-390");

  // The axial series is left out: the study now counts the scout's two images.
  await series.nth(0).getByRole("checkbox").click();
  await expect(summary.getByTestId("imaging-study")).toContainText("1 series · 2 images");

  await form.getByLabel("I have read the above and give my consent.").check();
  await form.getByRole("button", { name: "Submit Medical Records" }).click();
  const group = form.getByTestId("upload-group");
  await expect(group).toHaveCount(1);
  await expect(group).toContainText("#2 · CT · CHEST · SCOUT");
  await expect(group).toHaveAttribute("data-state", "done", { timeout: 30_000 });
  await group.scrollIntoViewIfNeeded();
  await shoot(page, testInfo, "imaging-sent-en-390");

  // On the server: the case's stored files are the scout's two images (1,554 bytes each, DICOM), and no
  // upload is missing; the axial series' images (1,558 bytes each) were never announced.
  const cases = await page.request.get("/api/my-submissions");
  expect(cases.status()).toBe(200);
  const [mine] = (await cases.json()) as { email?: string; files: { originalName: string; size: number; mimeType: string }[]; missingFiles: unknown[] }[];
  expect(mine.missingFiles).toEqual([]);
  expect(mine.files.map((file) => [file.originalName, file.size, file.mimeType]).sort()).toEqual([
    ["IM000001", 1554, "application/dicom"],
    ["IM000002", 1554, "application/dicom"],
  ]);
  expect(account.email).toContain("@example.com");
});

test("a CD whose sending stopped: after a reload its missing images are offered as their series, and the same folder chosen again sends only them", async ({
  page,
}, testInfo) => {
  await signUpThroughApi(page.request, `Musa${lettersOnly(Date.now().toString(36))}`);
  // The first two images arrive; then the connection hangs (the phone lost its data) and the page is reloaded.
  let passed = 0;
  let arrived = 0;
  await page.route("**/api/uploads**", async (route) => {
    if (passed++ < 2) await route.continue();
  });
  page.on("response", (response) => {
    // Each small image is created with all its bytes in one request (201).
    if (new URL(response.url()).pathname.startsWith("/api/uploads") && response.status() === 201) arrived++;
  });
  await page.goto("/contact");
  await recordsFormReady(page);
  const form = await fillRecordsForm(page, {});
  await form.getByTestId("folder-input").setInputFiles(CD);
  await expect(form.getByTestId("imaging-series")).toHaveCount(2);
  await form.getByLabel("I have read the above and give my consent.").check();
  await form.getByRole("button", { name: "Submit Medical Records" }).click();
  await expect.poll(() => arrived, { timeout: 30_000 }).toBe(2);
  // The chosen files moved to the upload list: the form does not ask for "at least one file" meanwhile.
  await expect(form.getByTestId("records-missing")).toHaveCount(0);
  await page.unroute("**/api/uploads**");
  await page.reload();

  const resume = page.getByTestId("continue-uploads");
  // Three of the five images are missing: one line per series they belong to, with its count.
  const lines = resume.getByTestId("missing-line");
  await expect(lines.first()).toBeVisible();
  const missing = (await lines.allTextContents()).map(
    (text) => [text.match(/#\d · CT · CHEST · \w+( 5MM)?/)?.[0], Number(text.match(/(\d+) images? ·/)?.[1])] as const,
  );
  expect(new Set(missing.map(([series]) => series)).size).toBe(missing.length);
  expect(missing.every(([series]) => series)).toBe(true);
  expect(missing.reduce((total, [, count]) => total + count, 0)).toBe(3);
  await resume.scrollIntoViewIfNeeded();
  await shoot(page, testInfo, "imaging-continue-en-390");

  await resume.getByTestId("folder-input").setInputFiles(CD);
  // The two images that arrived and the CD's other files (DICOMDIR, viewer, autorun, thumbnail, readme) are counted, not sent.
  await expect(resume.getByTestId("not-missing")).toHaveText(
    "7 chosen files are not among the missing ones (already arrived, or not part of this case): left aside.",
  );
  await expect(resume.getByRole("status")).toHaveText("All files have arrived. Thank you: your care coordinator will look at them.", { timeout: 30_000 });
  // The files left aside are still said once the missing ones have all arrived (at once on a fast link).
  await expect(resume.getByTestId("not-missing")).toBeVisible();
  const cases = await page.request.get("/api/my-submissions");
  const [mine] = (await cases.json()) as { files: { originalName: string; size: number }[]; missingFiles: unknown[] }[];
  expect(mine.missingFiles).toEqual([]);
  expect(mine.files.map((file) => [file.originalName, file.size]).sort()).toEqual([
    ["IM000001", 1554],
    ["IM000001", 1558],
    ["IM000002", 1554],
    ["IM000002", 1558],
    ["IM000003", 1558],
  ]);
});

test("the study summary in Arabic at phone width", async ({ page }, testInfo) => {
  await page.goto(pagePath("ar", "/contact"));
  await recordsFormReady(page);
  await page.getByTestId("folder-input").setInputFiles(CD);
  const summary = page.getByTestId("imaging-summary");
  await expect(summary.getByTestId("imaging-series")).toHaveCount(2);
  await expect(summary.getByTestId("imaging-skipped")).toContainText("ليست صورًا طبية");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await summary.scrollIntoViewIfNeeded();
  await shoot(page, testInfo, "imaging-summary-ar-390");
});

test("choosing more documents than a case takes is refused at the drop area, in view, and nothing is added", async ({ page }) => {
  await page.goto("/contact");
  await recordsFormReady(page);
  const pdf = (i: number) => ({ name: `report-${i}.pdf`, mimeType: "application/pdf", buffer: Buffer.from(`%PDF-1.4\n% report ${i}\n`) });
  await page.locator('input[type="file"]:not([webkitdirectory])').setInputFiles(Array.from({ length: 65 }, (_, i) => pdf(i)));
  const refusal = page.getByTestId("files-refused");
  await expect(refusal).toContainText("Nothing was added: you chose 65 files, and a case takes at most 50 documents");
  await expect(refusal).toBeInViewport();
  await expect(page.getByTestId("upload-row")).toHaveCount(0);
});
