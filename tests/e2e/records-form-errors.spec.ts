import { expect, test, type Page } from "@playwright/test";
import { fileSamples, fillRecordsForm, recordsFormReady } from "./support";
import { readFileSync } from "node:fs";

const ar = JSON.parse(readFileSync("messages/ar.json", "utf8")) as { errors: Record<string, string> };
const arabic = { email: ar.errors.email_invalid, consentEmail: ar.errors.consent_email_invalid };

/** The Arabic records form, complete and valid except for the e-mails given. */
async function fillInArabic(page: Page, emails: { email: string; consentEmail: string }) {
  await page.goto("/ar/contact");
  const form = await recordsFormReady(page);
  await form.locator('input[type="file"]:not([webkitdirectory])').setInputFiles([fileSamples.pdf("echocardiogram")]);
  await form.locator("#records-patientName").fill("أمينة بيلو");
  await form.locator("#records-email").fill(emails.email);
  await form.locator("#records-homeCountry").fill("نيجيريا");
  await form.locator("#records-specialty").selectOption("cardiology");
  await form.locator("#records-preferredCountries").selectOption("Both");
  await form.locator("#records-consentFullName").fill("أمينة بيلو");
  await form.locator("#records-consentEmail").fill(emails.consentEmail);
  await form.locator("#records-consent").click();
  return form;
}

for (const [wrong, right] of [
  ["consentEmail", "email"],
  ["email", "consentEmail"],
] as const) {
  test(`at /ar an invalid ${wrong} is named in Arabic next to that field, which gets the focus`, async ({ page }) => {
    const form = await fillInArabic(page, { email: "amina@example.com", consentEmail: "amina@example.com", [wrong]: "amina@" });
    await form.getByRole("button", { name: "إرسال السجلات الطبية" }).click();

    const field = form.locator(`#records-${wrong}`);
    await expect(field).toBeFocused();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAccessibleDescription(arabic[wrong]);
    // The other e-mail field is fine and says nothing.
    await expect(form.locator(`#records-${right}`)).not.toHaveAttribute("aria-invalid", "true");
    await expect(form.getByText(arabic[right], { exact: true })).toHaveCount(0);
    // No English sentence anywhere in the form, and nothing was sent.
    await expect(form).not.toContainText(/valid email|Please/i);
    await expect(page.getByTestId("tracking-number")).toHaveCount(0);
  });
}

test("files chosen while the connection is down are refused with the connection error, and go through once it is back", async ({ page }) => {
  // The reader of studies and the resumable client load once the form is React's and the page idle: they
  // fail, as they would on a connection that dropped after the form came (each known by its own code).
  let offline = true;
  await page.route("**/_next/static/chunks/*.js", async (route) => {
    const response = await route.fetch();
    if (offline && /Tus-Resumable|dicomParser\.readPart10Header/.test(await response.text())) return route.abort("internetdisconnected");
    return route.fulfill({ response });
  });
  await page.goto("/contact");
  await recordsFormReady(page);
  const form = await fillRecordsForm(page, { name: "Halima Sani", email: `halima.${Date.now().toString(36)}@example.com` });
  await form.getByLabel("I have read the above and give my consent.").check();
  const picker = form.locator('input[type="file"]:not([webkitdirectory])');

  await picker.setInputFiles([fileSamples.pdf("discharge-summary")]);
  await expect(form.getByText("We could not reach the server. Please check your connection and try again.")).toBeVisible();
  await expect(page.getByTestId("upload-row")).toHaveCount(0);

  offline = false;
  await picker.setInputFiles([fileSamples.pdf("discharge-summary")]);
  await expect(page.getByTestId("upload-row")).toHaveCount(1);
  await expect(form.getByText("We could not reach the server.", { exact: false })).toHaveCount(0);
  await form.getByRole("button", { name: "Submit Medical Records" }).click();
  // The tracking number is shown once every file has arrived (else the form says which did not).
  await expect(page.getByTestId("tracking-number")).toHaveText(/^SUB-/, { timeout: 30_000 });
});

/**
 * The forms' code is fetched when a form is used (docs/decisions/037-contact-forms-loaded-apart.md). If the
 * connection has dropped by then, the fields still take typing, and the form becomes React's, with what
 * was typed, once the browser is back online.
 */
test("a form used while the connection is down keeps what is typed, and is React's once the connection is back", async ({ page }) => {
  let offline = false;
  let failed = () => {};
  const fetchFailed = new Promise<void>((resolve) => (failed = resolve));
  await page.route("**/_next/static/chunks/*.js", async (route) => {
    const response = await route.fetch();
    if (!offline || !(await response.text()).includes("No QueryClient set")) return route.fulfill({ response });
    failed();
    return route.abort("internetdisconnected");
  });
  // Loaded once: Next loads a page again when a chunk it asked for fails, and the typing would be lost.
  let loads = 0;
  page.on("load", () => loads++);
  await page.goto("/contact");
  await page.waitForLoadState("networkidle");
  offline = true;
  const form = page.locator("form").filter({ has: page.locator("#records-patientName") });
  await form.locator("#records-patientName").click();
  await page.keyboard.type("Halima Sani");
  await fetchFailed;
  // The connection stays down a few seconds: nothing is lost or replaced meanwhile.
  await page.waitForTimeout(3000);
  const consent = form.getByLabel("I have read the above and give my consent.");
  await expect(consent).toBeDisabled();
  await expect(form.locator("#records-patientName")).toHaveValue("Halima Sani");

  offline = false;
  await page.context().setOffline(true);
  await page.context().setOffline(false);
  await expect(consent).toBeEnabled();
  await expect(form.locator("#records-patientName")).toHaveValue("Halima Sani");
  await expect(form.locator("#records-consentFullName")).toHaveValue("Halima Sani");
  expect(loads).toBe(1);
});
