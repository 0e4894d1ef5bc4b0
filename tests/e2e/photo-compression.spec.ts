import { expect, test } from "@playwright/test";
import { formatFileSize } from "../../lib/contracts/file-size";
import { fillRecordsForm, recordsFormReady } from "./support";
import { readText, reportPhoto, rotatedLeft, stopOcr, toJpeg } from "../support/photo-harness";

/*
 * The records page in the production build: a large phone photo is made lighter in the browser
 * (the worker as the build bundles it), the row shows the saving, "Send the original" switches back,
 * and the bytes that leave the browser are the lighter JPEG, whose print still reads (OCR in Node).
 */
const WORDS = ["Discharge", "summary", "Patient", "Amina", "Bello", "Diagnosis", "hypertension", "follow", "weeks"];

/** The JPEGs inside what the page uploads (a multipart body, or raw file bytes): from each FF D8 FF to the next FF D9. */
function jpegsIn(body: Buffer): Buffer[] {
  const found: Buffer[] = [];
  let start = body.indexOf(Buffer.from([0xff, 0xd8, 0xff]));
  while (start >= 0) {
    const end = body.indexOf(Buffer.from([0xff, 0xd9]), start);
    if (end < 0) break;
    found.push(body.subarray(start, end + 2));
    start = body.indexOf(Buffer.from([0xff, 0xd8, 0xff]), end);
  }
  return found;
}

/** The bytes a row's size stands for ("234 kB", "5.2 MB"), to within its rounding. */
function bytesOf(size: string): number {
  const [value, unit] = size.split(/\s+/);
  return Number(value.replace(/,/g, "")) * (unit === "MB" ? 1024 * 1024 : 1024);
}

test.afterAll(async () => {
  await stopOcr();
});

test("a large photo of a report is sent lighter, still readable; 'Send the original' switches back", async ({ page }) => {
  test.setTimeout(120_000);
  const photo = toJpeg(rotatedLeft(reportPhoto(3000, 4000, 1400)), 6);
  const sent: Buffer[] = [];
  const workers: string[] = [];
  page.on("worker", (worker) => workers.push(worker.url()));
  await page.route("**/api/**", async (route) => {
    const body = route.request().postDataBuffer();
    if (body) sent.push(body);
    await route.continue();
  });

  await page.goto("/upload");
  await recordsFormReady(page);
  const form = await fillRecordsForm(page, { name: "Amina Bello", email: `photo.${Date.now().toString(36)}@example.com` });
  await form.getByLabel("I have read the above and give my consent.").check();
  await form.locator('input[type="file"]:not([webkitdirectory])').setInputFiles([{ name: "IMG_0042.jpg", mimeType: "image/jpeg", buffer: photo }]);
  const row = form.getByRole("listitem").filter({ hasText: "IMG_0042.jpg" });
  const saving = row.getByTestId("photo-saving");
  await expect(saving).toHaveText(/^Saved \d+\.\d MB \(\d+%\)$/, { timeout: 30_000 });
  await expect.poll(() => workers.length, { message: "the photo was encoded in a worker" }).toBe(1);
  const lighterSize = bytesOf((await row.getByTestId("file-size").textContent())!);
  expect(lighterSize).toBeLessThan(photo.length / 4);

  const choice = row.getByRole("checkbox", { name: "Send the original (IMG_0042.jpg)" });
  await choice.click();
  await expect(saving).toHaveText(`The original photo will be sent (${(photo.length / 1024 / 1024).toFixed(1)} MB).`);
  await expect(row.getByTestId("file-size")).toHaveText(formatFileSize(photo.length, "en"));
  await choice.click();
  await expect(saving).toHaveText(/^Saved /);
  await page.screenshot({ path: test.info().outputPath("photo-row.png"), fullPage: false });

  await form.getByRole("button", { name: "Submit Medical Records" }).click();
  await expect(page.getByTestId("tracking-number")).toBeVisible({ timeout: 30_000 });
  const uploaded = jpegsIn(Buffer.concat(sent));
  expect(uploaded).toHaveLength(1);
  expect(uploaded[0].length).toBeLessThan(photo.length / 4);
  const text = (await readText(uploaded[0])).toLowerCase();
  expect(WORDS.filter((word) => text.includes(word.toLowerCase()))).toEqual(WORDS);
});
