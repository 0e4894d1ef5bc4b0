import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { becomeAdminThroughApi, signUpThroughApi, submitRecordsThroughApi } from "./support";

test("a patient sends an iPhone HEIC photo; the admin sees it as an image in the preview dialog and still downloads the HEIC; another patient gets 404", async ({
  browser,
  page,
}) => {
  const heic = readFileSync(path.join(process.cwd(), "tests/fixtures/photo.heic"));
  const patientContext = await browser.newContext();
  const patient = await signUpThroughApi(patientContext.request, "Zainab");
  const { trackingNumber } = await submitRecordsThroughApi(
    patientContext.request,
    patient,
    { medicalCondition: "Hypertension", specialty: "cardiology" },
    { name: "IMG_0001.HEIC", mimeType: "image/heic", buffer: heic },
  );
  await patientContext.close();

  const admin = await signUpThroughApi(page.request, "PhotoViewer");
  await becomeAdminThroughApi(page.request, admin);
  expect((await page.request.post("/api/admin/unlock", { data: { password: admin.password } })).status()).toBe(200);
  await page.goto("/admin-dashboard");
  await page.getByTestId("admin-submission").filter({ hasText: trackingNumber }).getByRole("button", { name: "Preview IMG_0001.HEIC" }).click();
  const dialog = page.getByRole("dialog");
  const image = dialog.getByRole("img", { name: "IMG_0001.HEIC" });
  await expect(image).toBeVisible();
  // Decoded by the browser: the server's JPEG, 64×48 like the photo.
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && `${img.naturalWidth}×${img.naturalHeight}`)).toBe("64×48");
  await dialog.screenshot({ path: test.info().outputPath("heic-dialog.png") });
  const src = (await image.getAttribute("src"))!;
  const preview = await page.request.get(src);
  expect(preview.headers()["content-type"]).toBe("image/jpeg");
  const download = await page.request.get((await dialog.getByRole("link", { name: "Download File" }).getAttribute("href"))!);
  expect(download.headers()["content-type"]).toBe("image/heic");
  expect(Buffer.from(await download.body()).equals(heic)).toBe(true);

  const strangerContext = await browser.newContext();
  await signUpThroughApi(strangerContext.request, "Stranger");
  expect((await strangerContext.request.get(src)).status()).toBe(404);
  await strangerContext.close();
});
