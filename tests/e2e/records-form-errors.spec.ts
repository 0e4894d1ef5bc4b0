import { expect, test, type Page } from "@playwright/test";
import { fileSamples } from "./support";
import { readFileSync } from "node:fs";

const ar = JSON.parse(readFileSync("messages/ar.json", "utf8")) as { errors: Record<string, string> };
const arabic = { email: ar.errors.email_invalid, consentEmail: ar.errors.consent_email_invalid };

/** The Arabic records form, complete and valid except for the e-mails given. */
async function fillInArabic(page: Page, emails: { email: string; consentEmail: string }) {
  await page.goto("/ar/contact");
  const form = page.locator("form").filter({ has: page.locator("#records-consentEmail") });
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
