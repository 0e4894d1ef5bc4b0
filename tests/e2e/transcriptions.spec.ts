import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import PDFDocument from "pdfkit";
import { patientElements, TS, writeDicom } from "../support/dicom-fixtures";
import { toneWav } from "../support/wav";
import { becomeAdminThroughApi, signUpThroughApi } from "./support";

function pdfWithText(lines: string[]): Promise<Buffer> {
  const doc = new PDFDocument();
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));
  for (const line of lines) doc.text(line);
  doc.end();
  return done;
}

/** One second of a quiet 440 Hz tone: a real 16 kHz mono 16-bit WAV file. */
const wav = (): Buffer => toneWav({ seconds: 1, rate: 16_000, amplitude: 2000 });

async function uploadThroughCenter(page: Page, file: { name: string; mimeType: string; buffer: Buffer }, options: { audio?: boolean } = {}) {
  const submit = page.getByRole("button", { name: "Upload & Start Transcription" });
  await page.getByTestId("transcription-file").setInputFiles(file);
  await expect(page.getByTestId("drop-zone")).toHaveAttribute("data-state", "accepted");
  await expect(page.getByLabel("Title")).toHaveValue(file.name);
  // Without the recording consent the button stays disabled.
  await expect(submit).toBeDisabled();
  if (options.audio) {
    await expect(page.getByLabel("Spoken language")).toBeVisible();
    await page.getByLabel("Spoken language").selectOption("en-GB");
    await expect(page.getByTestId("speech-engine-note")).toContainText("No speech engine is configured");
  } else await expect(page.getByLabel("Spoken language")).toHaveCount(0);
  await page.getByLabel(/I consent to this recording or document being transcribed/).check();
  // Ticking records nothing yet: the thanks waits until the server has the consent (the unit test follows it).
  await expect(page.getByText("Required: Please check this box to consent to transcription.")).toHaveCount(0);
  await expect(page.getByText("Thank you! Your consent has been recorded.")).toHaveCount(0);
  await page.getByLabel(/shared with the care team/).check();
  // The file travels through the resumable upload endpoint (tus) once the upload is announced.
  const announced = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/transcriptions" && response.request().method() === "POST");
  const sent = page.waitForRequest((request) => new URL(request.url()).pathname.startsWith("/api/uploads") && request.method() !== "HEAD");
  await submit.click();
  expect((await announced).status()).toBe(201);
  await sent;
  await expect(page.getByText("Your file has been uploaded and transcription has started.", { exact: true })).toBeVisible();
  await expect(page.getByTestId("drop-zone")).toHaveAttribute("data-state", "idle");
  await expect(page.getByTestId("transcription-row").filter({ hasText: file.name })).toBeVisible();
}

test("a staff member uploads a PDF, a PNG, a DICOM file and a WAV in the upload center and reads the transcripts", async ({ page }) => {
  test.setTimeout(240_000);
  // Guests are sent to sign in, and come back afterwards.
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/simple-login\.html\?next=%2Fdashboard$/);
  const account = await signUpThroughApi(page.request, "Staff");

  // Not staff yet: the center does not exist for a patient.
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  // Leave the page first: a request it still makes with the session that setting up two-factor ends
  // would come back with that session's cookie cleared, wiping the new one.
  await page.goto("about:blank");
  await becomeAdminThroughApi(page.request, account);
  // Setting up two-factor unlocked this browser session; a new one asks for the password again.
  await page.context().clearCookies({ name: "afya_admin_unlock" });

  await page.goto("/");
  await page.getByRole("link", { name: "Transcriptions" }).first().click();
  // An admin sees every staff member's transcriptions: only past the password gate.
  await expect(page.getByRole("heading", { level: 1, name: "Admin access" })).toBeVisible();
  await page.getByLabel("Your password").fill(account.password);
  await page.getByRole("button", { name: "Unlock" }).click();
  await expect(page.getByRole("heading", { name: "Transcription center" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Secure File Upload Center" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Upload & Start Transcription" })).toBeDisabled();
  // The staff header (with its extra link) and the two columns fit a desktop window.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

  // The browser checks type (and size) before anything is sent.
  await page.getByTestId("transcription-file").setInputFiles({ name: "setup.exe", mimeType: "application/octet-stream", buffer: Buffer.from("MZ") });
  await expect(page.getByTestId("drop-zone")).toHaveAttribute("data-state", "rejected");
  await expect(page.getByText("Invalid file type. Please select a supported format.")).toBeVisible();

  // Names of this run only: admins see every staff member's transcriptions, earlier runs' included.
  const run = Date.now().toString(36);
  const pdf = {
    name: `cardiology-letter-${run}.pdf`,
    mimeType: "application/pdf",
    buffer: await pdfWithText(["Cardiology follow-up letter", "Blood pressure 128/82, continue amlodipine."]),
  };
  const png = { name: `discharge-${run}.png`, mimeType: "image/png", buffer: readFileSync(path.join(process.cwd(), "tests", "fixtures", "ocr-discharge.png")) };
  const dicom = { name: `brain-mri-${run}.dcm`, mimeType: "application/dicom", buffer: writeDicom(TS.explicitLittle, patientElements) };
  const audio = { name: `ward-round-${run}.wav`, mimeType: "audio/wav", buffer: wav() };

  await uploadThroughCenter(page, pdf);
  await page.getByLabel("Meeting type").selectOption("case-review");
  await page.getByLabel("Patient ID").fill("AFY-12345");
  await uploadThroughCenter(page, png);
  await uploadThroughCenter(page, dicom);
  await uploadThroughCenter(page, audio, { audio: true });

  // The list refreshes itself every 5 seconds while jobs run.
  const status = (name: string) => page.getByTestId("transcription-row").filter({ hasText: name }).getByTestId("transcription-status");
  for (const name of [pdf.name, png.name, dicom.name]) await expect(status(name)).toHaveText("Completed", { timeout: 120_000 });
  await expect(status(audio.name)).toHaveText("Needs engine", { timeout: 60_000 });
  await expect(page.getByTestId("transcription-row").filter({ hasText: audio.name }).getByTestId("transcription-reason")).toContainText(/speech/i);

  const open = async (name: string) => {
    await page.goto("/dashboard");
    await page
      .getByTestId("transcription-row")
      .filter({ hasText: name })
      .getByRole("link", { name: /Open transcript/ })
      .click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  };

  await open(pdf.name);
  const transcript = page.getByTestId("transcript");
  await expect(transcript).toContainText("Cardiology follow-up letter");
  await expect(transcript).toContainText("continue amlodipine");
  await expect(transcript).toContainText("Page 1");
  await expect(page.getByTestId("consents")).toContainText("Recording transcription: given");
  await expect(page.getByTestId("consents")).toContainText("Sharing: given");
  await expect(page.getByText(new RegExp(`^${account.name} · `))).toBeVisible();
  await expect(page.locator(`iframe[title="${pdf.name}"]`)).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download .txt" }).click();
  expect((await download).suggestedFilename()).toBe(`cardiology-letter-${run}.txt`);

  await open(png.name);
  await expect(page.getByTestId("transcript")).toContainText(/Discharge summary/i);
  await expect(page.getByTestId("transcript")).toContainText(/Amina Bello/);
  await expect(page.getByText("Case review")).toBeVisible();
  await expect(page.getByText("AFY-12345")).toBeVisible();
  await expect(page.getByRole("img", { name: png.name })).toBeVisible();

  await open(dicom.name);
  await expect(page.getByTestId("transcript")).toContainText("John Doe");
  await expect(page.getByTestId("transcript")).toContainText("Lagos University Teaching Hospital");

  await open(audio.name);
  await expect(page.getByTestId("transcription-status")).toHaveText("Needs engine");
  await expect(page.locator("audio")).toHaveCount(1);
  await expect(page.getByText("English (United Kingdom)")).toBeVisible();

  // Delete with a confirmation: back to the list, which no longer has it.
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await page.getByRole("button", { name: "Delete for good" }).click();
  await expect(page.getByRole("heading", { name: "Transcription center" })).toBeVisible();
  await expect(page.getByTestId("transcription-row").filter({ hasText: audio.name })).toHaveCount(0);
  for (const kept of [pdf, png, dicom]) await expect(page.getByTestId("transcription-row").filter({ hasText: kept.name })).toHaveCount(1);
});
