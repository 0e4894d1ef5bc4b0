import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { toneWav } from "../support/wav";
import { becomeAdminThroughApi, signUpThroughApi } from "./support";

/** A long, quiet 8 kHz mono WAV (10 minutes, 9.6 MB): more than a player fetches up front. */
const longWav = (seconds = 600): Buffer => toneWav({ seconds, rate: 8000, amplitude: 1000 });

/** Uploads one recording through the center and opens its transcript page once it waits for a speech engine. */
async function uploadAndOpen(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  // In English, whichever language the page was last seen in.
  await page.goto("/en/dashboard");
  await page.getByTestId("transcription-file").setInputFiles(file);
  await expect(page.getByTestId("drop-zone")).toHaveAttribute("data-state", "accepted");
  // Audio: its spoken language is asked.
  await expect(page.getByLabel("Spoken language")).toBeVisible();
  await page.getByLabel(/I consent to this recording or document being transcribed/).check();
  await page.getByRole("button", { name: "Upload & Start Transcription" }).click();
  const row = page.getByTestId("transcription-row").filter({ hasText: file.name });
  // No speech engine in the end-to-end server: the recording is kept and waits for one.
  await expect(row.getByTestId("transcription-status")).toHaveText("Needs engine", { timeout: 90_000 });
  await row.getByRole("link", { name: /Open transcript/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: file.name })).toBeVisible();
}

test("a WhatsApp voice note is accepted, and its transcript page plays it with seeking (HTTP Range), in English and Arabic on a phone", async ({ page }) => {
  test.setTimeout(300_000);
  const account = await signUpThroughApi(page.request, "Staff");
  await becomeAdminThroughApi(page.request, account);
  await page.context().clearCookies({ name: "afya_admin_unlock" });
  await page.setViewportSize({ width: 390, height: 844 });

  await page.goto("/dashboard");
  await page.getByLabel("Your password").fill(account.password);
  await page.getByRole("button", { name: "Unlock" }).click();
  await expect(page.getByRole("heading", { name: "Secure File Upload Center" })).toBeVisible();

  const run = Date.now().toString(36);
  const name = `PTT-${run}-WA0003.opus`;
  await uploadAndOpen(page, { name, mimeType: "audio/ogg", buffer: readFileSync(path.join(process.cwd(), "tests/fixtures/audio/voice-note.ogg")) });
  const audio = page.locator("audio");
  await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.duration)).toBeGreaterThan(3.5);
  await page.screenshot({ path: test.info().outputPath("voice-note-en.png"), fullPage: true });

  await page.goto(`/ar${new URL(page.url()).pathname}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect.poll(() => page.locator("audio").evaluate((element: HTMLAudioElement) => element.duration)).toBeGreaterThan(3.5);
  await page.screenshot({ path: test.info().outputPath("voice-note-ar.png"), fullPage: true });

  // A long recording: the player fetched its start; seeking near the end asks the server for the bytes
  // from there (206 with Content-Range) instead of downloading everything before them.
  const long = { name: `ward-round-${run}.wav`, mimeType: "audio/wav", buffer: longWav() };
  const ranges: { range: string | undefined; status: number; contentRange: string | undefined }[] = [];
  page.on("response", (response) => {
    if (new URL(response.url()).pathname.endsWith("/file"))
      ranges.push({ range: response.request().headers()["range"], status: response.status(), contentRange: response.headers()["content-range"] });
  });
  await uploadAndOpen(page, long);
  const player = page.locator("audio");
  await expect.poll(() => player.evaluate((element: HTMLAudioElement) => element.duration)).toBeGreaterThan(599);
  await player.evaluate(
    (element: HTMLAudioElement) =>
      new Promise<void>((resolve) => {
        element.addEventListener("seeked", () => resolve(), { once: true });
        element.currentTime = 590;
      }),
  );
  expect(await player.evaluate((element: HTMLAudioElement) => element.currentTime)).toBeCloseTo(590, 0);
  const fromFar = ranges.find((answer) => answer.status === 206 && Number(/^bytes (\d+)-/.exec(answer.contentRange ?? "")?.[1]) > 9_000_000);
  expect(fromFar, JSON.stringify(ranges)).toBeTruthy();
});
