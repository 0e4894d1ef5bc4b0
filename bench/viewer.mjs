/**
 * bench/viewer: the imaging viewer against the production build. Makes a 300-slice CT series (one
 * 300-frame file, 64 × 64, 12 bits: tests/support/dicom-series.ts), sends it with a case through the
 * real submission path (the server indexes it), signs in a coordinator (admin, two-factor, unlocked)
 * and, in Chromium (playwright-core, /usr/bin/chromium), prints:
 *   - time to first image: from navigation to the first drawn slice (the canvas's centre is no longer
 *     blank), cold (new browser profile: engine, worker, codecs and the series all fetched) and warm
 *     (the page opened again in the same profile: the browser's HTTP cache);
 *   - scroll through 300 slices: Home, then the Down arrow 299 times, each waiting until the slice
 *     indicator shows the next slice (the viewport has shown it), cold and warm; timed in the page.
 *
 *   npm run build && node --import tsx bench/viewer.mjs [slices=300] [runs=3]
 *
 * Starts the build on a free port with a fresh embedded database (bench/server.mjs); set NEXT_DIST_DIR
 * if the build is elsewhere. Prints the median of `runs` runs per figure.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, request as playwrightRequest } from "playwright-core";
import { startServer, multipartFields } from "./server.mjs";
import { makeMultiFrame } from "../tests/support/dicom-series.ts";
import { chromiumLaunchOptions } from "../tests/e2e/chromium.ts";
import { ADMIN_SETUP_KEY, becomeAdminThroughApi, signUpThroughApi } from "../tests/e2e/support.ts";

const slices = Number(process.argv[2] ?? 300);
const runs = Number(process.argv[3] ?? 3);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const dir = mkdtempSync(path.join(tmpdir(), "afya-viewer-bench-"));
const server = await startServer({ ADMIN_SETUP_KEY });
try {
  const series = await makeMultiFrame(dir, slices);
  const api = await playwrightRequest.newContext({ baseURL: server.url, extraHTTPHeaders: { Origin: server.url } });
  const patient = await signUpThroughApi(api, "Bench");
  const form = new FormData();
  for (const [key, value] of Object.entries({ ...multipartFields(patient.email), medicalCondition: "Bench" })) form.append(key, value);
  form.append("files", new Blob([readFileSync(series.files[0])], { type: "application/dicom" }), "CT300.dcm");
  const created = await api.post("/api/my-submissions", { multipart: form });
  if (created.status() !== 201) throw new Error(`submission: ${created.status()} ${await created.text()}`);
  const { id: caseId } = await created.json();

  const admin = await playwrightRequest.newContext({ baseURL: server.url, extraHTTPHeaders: { Origin: server.url } });
  const account = await signUpThroughApi(admin, "Coordinator");
  await becomeAdminThroughApi(admin, account);
  const unlock = await admin.post("/api/admin/unlock", { data: { password: account.password } });
  if (!unlock.ok()) throw new Error(`unlock: ${unlock.status()}`);
  const imaging = await (await admin.get(`/api/cases/${caseId}/imaging`)).json();
  const seriesId = imaging.studies[0].series[0].id;
  const cookies = (await admin.storageState()).cookies;

  const browser = await chromium.launch(chromiumLaunchOptions);
  const figures = { coldFirst: [], warmFirst: [], coldScroll: [], warmScroll: [] };
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    await context.addCookies(cookies);
    for (const temperature of ["cold", "warm"]) {
      const page = await context.newPage();
      const started = performance.now();
      await page.goto(`${server.url}/imaging/${seriesId}`);
      await page.waitForFunction(() => {
        const canvas = document.querySelector('[data-testid="dicom-stack"] canvas');
        const context2d = canvas?.getContext("2d", { willReadFrequently: true });
        if (!canvas || !context2d) return false;
        const [r, g, b] = context2d.getImageData(canvas.width / 2, canvas.height / 2, 1, 1).data;
        return r + g + b > 0;
      });
      figures[`${temperature}First`].push(performance.now() - started);
      const stack = page.getByTestId("dicom-stack");
      await page.getByRole("button", { name: "Bone" }).waitFor();
      await stack.focus();
      await page.keyboard.press("Home");
      await page
        .getByTestId("slice-indicator")
        .filter({ hasText: `1 / ${slices}` })
        .waitFor();
      // Timed inside the page: a Playwright key press and locator wait per slice would add a round trip
      // and its polling steps (20, 50, 100 ms) to every slice.
      figures[`${temperature}Scroll`].push(
        await page.evaluate(async (total) => {
          const stackElement = document.querySelector('[data-testid="dicom-stack"]');
          const indicator = document.querySelector('[data-testid="slice-indicator"]');
          const shown = (text) =>
            new Promise((resolve) => {
              if (indicator.textContent === text) return resolve();
              const observer = new MutationObserver(() => {
                if (indicator.textContent !== text) return;
                observer.disconnect();
                resolve();
              });
              observer.observe(indicator, { childList: true, characterData: true, subtree: true });
            });
          const started = performance.now();
          for (let n = 2; n <= total; n++) {
            stackElement.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowDown", bubbles: true }));
            await shown(`${n} / ${total}`);
          }
          return performance.now() - started;
        }, slices),
      );
      await page.close();
    }
    await context.close();
  }
  await browser.close();
  console.log(`viewer, ${slices} slices (one ${slices}-frame file, ${(readFileSync(series.files[0]).length / 1024).toFixed(0)} KiB), median of ${runs}:`);
  console.log(`  first image   cold ${median(figures.coldFirst).toFixed(0)} ms   warm ${median(figures.warmFirst).toFixed(0)} ms`);
  console.log(
    `  scroll ${slices}    cold ${median(figures.coldScroll).toFixed(0)} ms (${(median(figures.coldScroll) / (slices - 1)).toFixed(1)} ms/slice)   warm ${median(figures.warmScroll).toFixed(0)} ms (${(median(figures.warmScroll) / (slices - 1)).toFixed(1)} ms/slice)`,
  );
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
