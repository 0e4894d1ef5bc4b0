import { expect, test } from "@playwright/test";
import { fileSamples, fillRecordsForm, waitForMail, signUpThroughApi, recordsFormReady } from "./support";
import { PLAN_PROMISE_HOURS } from "../../lib/contracts/promise";

test("a guest submits records, sees the tracking number, then tracks the case with an e-mailed code", async ({ page }) => {
  const email = `guest.${Date.now().toString(36)}@example.com`;
  await page.goto("/contact");
  await recordsFormReady(page);
  await expect(page.getByRole("heading", { name: "Start Your Healthcare Journey" })).toBeVisible();
  const form = await fillRecordsForm(page, { name: "Amina Bello", email });
  const submit = form.getByRole("button", { name: "Submit Medical Records" });
  await expect(submit).toBeDisabled();

  await form.locator('input[type="file"]:not([webkitdirectory])').setInputFiles([fileSamples.pdf("echocardiogram"), fileSamples.dicom("CT_0001")]);
  await expect(form.getByText("echocardiogram.pdf")).toBeVisible();
  await expect(form.getByText("3 kB").first()).toBeVisible();
  // No error before an attempt: the list under the button says what is still needed (tests/e2e/consent-block.spec.ts).
  await expect(form.getByText("Required: Please check this box")).toHaveCount(0);
  await form.getByLabel("I have read the above and give my consent.").check();
  await expect(submit).toBeEnabled();
  await submit.click();

  const tracking = page.getByTestId("tracking-number");
  await expect(tracking).toHaveText(/^SUB-\d{8}-[0-9A-Z]{10}$/);
  const trackingNumber = (await tracking.textContent())!;
  await expect(page.getByText("Thank you! Your consent has been recorded.")).toBeVisible();
  // The one promise (lib/contracts/promise.ts), as everywhere else on the site: not "24-48 hours".
  await expect(page.getByTestId("guest-success-promise")).toHaveText(`Partner hospitals will answer with treatment plans within ${PLAN_PROMISE_HOURS} hours.`);
  await expect(page.getByRole("link", { name: "Create an account to follow your case" })).toBeVisible();
  expect(await waitForMail(trackingNumber)).toContain(email);

  const caseReads: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/track/submission") caseReads.push(request.url());
  });
  await page.getByRole("link", { name: "Track my submission" }).click();
  await page.getByLabel("Tracking number").fill(trackingNumber);
  await page.getByLabel("Email").fill(email);
  // The link drops while the case's view is fetched ahead of the code: showing the case fetches it again,
  // and the failed fetch throws nothing at the page.
  const pageErrors: Error[] = [];
  page.on("pageerror", (error) => pageErrors.push(error));
  const refusedScripts: string[] = [];
  await page.route("**/_next/static/chunks/**", (route) => {
    refusedScripts.push(route.request().url());
    return route.abort("internetdisconnected");
  });
  await page.getByRole("button", { name: "Send me a code" }).click();
  await expect(page.getByText(/we have sent a 6-digit code/)).toBeVisible();
  // Nothing verified yet, no tracking cookie: the page asks for no case (a 404 in the console before).
  expect(caseReads).toEqual([]);
  const code = (await waitForMail(`submission ${trackingNumber} is`)).match(/ is (\d{6})\./)![1];
  await expect.poll(() => new Set(refusedScripts).size < refusedScripts.length, { message: "the view was fetched and tried again" }).toBe(true);
  await page.unrouteAll();
  await page.getByLabel("6-digit code").fill(code);
  await page.getByRole("button", { name: "Show my submission" }).click();
  await expect(page.getByTestId("tracked-status")).toHaveText("Submitted");
  expect(pageErrors.map(String)).toEqual([]);
  // Away and back by the site's links (no reload): the case, not the pre-rendered form Next kept for /track.
  const quickLinks = page.getByRole("navigation", { name: "Quick links" });
  await quickLinks.getByRole("link", { name: "FAQ" }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await quickLinks.getByRole("link", { name: "Track a submission" }).click();
  await expect(page.getByTestId("tracked-status")).toHaveText("Submitted");
  // The tracking cookie brings the case back after a reload.
  await page.reload();
  await expect(page.getByTestId("tracked-status")).toHaveText("Submitted");
  await expect(page.getByText("echocardiogram.pdf", { exact: true }).first()).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download echocardiogram.pdf" }).click();
  expect((await download).suggestedFilename()).toBe("echocardiogram.pdf");
});

test("a refused file is marked on its own row before anything is sent; the others go, and nothing is lost from the form", async ({ page }) => {
  await page.goto("/upload");
  await recordsFormReady(page);
  const form = await fillRecordsForm(page, { name: "Musa Ibrahim", email: "musa@example.com" });
  await form.locator('input[type="file"]:not([webkitdirectory])').setInputFiles([fileSamples.pdf("lab"), fileSamples.exe("scan")]);
  const refused = form.getByTestId("upload-row").filter({ hasText: "scan.pdf" });
  await expect(refused.getByRole("alert")).toContainText("scan.pdf: this file type is not accepted");
  await expect(form.getByTestId("upload-row").filter({ hasText: "lab.pdf" })).toHaveAttribute("data-state", "ready");
  await expect(form.getByLabel("Home country")).toHaveValue("Nigeria");
  await form.getByLabel("I have read the above and give my consent.").check();
  await form.getByRole("button", { name: "Submit Medical Records" }).click();
  await expect(page.getByTestId("tracking-number")).toHaveText(/^SUB-/);
});

test("a signed-in patient, greeted by name, submits, lands on the one dashboard (/journey) with the stage and progress, and adds files", async ({ page }) => {
  const account = await signUpThroughApi(page.request, "Chioma");
  await page.goto("/contact?specialty=oncology");
  await recordsFormReady(page);
  await expect(page.getByText("Welcome back, Chioma.")).toBeVisible();
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Submit Medical Records" }) });
  await expect(form.getByLabel(/^Email( \*)?$/)).toHaveValue(account.email);
  await expect(form.getByLabel("Specialty")).toHaveValue("oncology");
  await fillRecordsForm(page, {});
  await form.getByLabel(/^Email( \*)?$/).fill(account.email);
  await form.getByLabel("Consent email").fill(account.email);
  await form.locator('input[type="file"]:not([webkitdirectory])').setInputFiles([fileSamples.pdf("biopsy")]);
  await form.getByLabel("I have read the above and give my consent.").check();
  await form.getByRole("button", { name: "Submit Medical Records" }).click();

  await expect(page).toHaveURL(/\/journey$/, { timeout: 10_000 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, Chioma");
  await expect(page.getByTestId("total-submissions")).toHaveText("1");
  const card = page.getByTestId("submission-card");
  await expect(card.getByTestId("status-badge")).toHaveText("Submitted");
  // What the old /patient-dashboard showed: the stage, the progress and the hospitals' answers.
  const progress = card.getByTestId("submission-progress");
  await expect(progress.getByText("Received", { exact: true })).toBeVisible();
  await expect(progress.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "25");
  await expect(progress.getByTestId("responses-count")).toHaveText("No hospital responses yet");
  await expect(card.getByText("biopsy.pdf").first()).toBeVisible();

  await card.locator('input[type="file"]:not([webkitdirectory])').setInputFiles([fileSamples.png("follow-up-mri")]);
  await expect(card.getByText("follow-up-mri.png")).toBeVisible();
  await card.getByRole("button", { name: "Add Files to Submission" }).click();
  await expect(page.getByText("Files Added Successfully").first()).toBeVisible();
  await expect(card.getByRole("link", { name: "Download follow-up-mri.png" })).toBeVisible();

  // The old dashboard's address leads to this one, with its query string.
  await page.goto("/patient-dashboard?from=email");
  await expect(page).toHaveURL(/\/journey\?from=email$/);
  await expect(page.getByTestId("submission-card")).toHaveCount(1);
});

test("/patient-dashboard redirects permanently to /journey in every language, keeping the query string", async ({ request }) => {
  for (const locale of ["en", "ha", "sw", "fr", "ar", "tr", "es", "hi", "ru", "zh"]) {
    const prefix = locale === "en" ? "" : `/${locale}`;
    const response = await request.get(`${prefix}/patient-dashboard?tab=plans&x=%C3%A9`, { maxRedirects: 0 });
    expect(response.status(), locale).toBe(308);
    expect(response.headers()["location"], locale).toBe(`${prefix}/journey?tab=plans&x=%C3%A9`);
  }
  const prefixedEnglish = await request.get("/en/patient-dashboard", { maxRedirects: 0 });
  expect(prefixedEnglish.status()).toBe(308);
  expect(prefixedEnglish.headers()["location"]).toBe("/en/journey");
});

test("the journey sends signed-out visitors to the sign-in page", async ({ page }) => {
  await page.goto("/journey");
  await expect(page).toHaveURL(/\/simple-login\.html\?next=%2Fjourney/);
});
