import { expect, test, type Page } from "@playwright/test";
import { fileSamples, fillRecordsForm, recordsFormReady } from "./support";
import { readFileSync } from "node:fs";
import { firstScripts } from "../../scripts/static-page-hashes.mjs";

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
  // The reader of studies and the resumable client are not in the page's first scripts (they load once
  // it is idle): every later script fails, as it would on a connection that dropped after the page came.
  const html = await (await page.request.get("/contact")).text();
  const first = new Set(firstScripts(html).map(([src]) => src));
  let offline = true;
  await page.route("**/_next/static/chunks/*.js", (route) =>
    offline && !first.has(new URL(route.request().url()).pathname) ? route.abort("internetdisconnected") : route.continue(),
  );
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
