import { expect, test } from "@playwright/test";
import { fileSamples, recordsFormReady } from "./support";

test("the consent block: no error before an attempt, the patient's name and e-mail carried over (still editable), thanks only once the server has recorded it", async ({
  page,
}) => {
  await page.goto("/contact");
  await recordsFormReady(page);
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Submit Medical Records" }) });
  await expect(form.getByLabel(/^Name( \*)?$/)).toBeVisible();
  await expect(page.getByText("Required: Please check this box")).toHaveCount(0);

  await form.getByLabel(/^Name( \*)?$/).fill("Chiamaka Nwosu");
  await form.getByLabel(/^Email( \*)?$/).fill("chiamaka@example.com");
  await expect(form.getByLabel("Full name")).toHaveValue("Chiamaka Nwosu");
  await expect(form.getByLabel("Consent email")).toHaveValue("chiamaka@example.com");
  // Someone else signs the consent: changed by hand, it no longer follows the patient's name.
  await form.getByLabel("Full name").fill("Ifeoma Nwosu");
  await form.getByLabel(/^Name( \*)?$/).fill("Chiamaka A. Nwosu");
  await expect(form.getByLabel("Full name")).toHaveValue("Ifeoma Nwosu");

  await form.getByLabel("Home country").fill("Nigeria");
  await form.getByLabel("Medical condition").fill("Mitral valve regurgitation");
  await form.getByLabel("Specialty").selectOption("cardiology");
  await form.getByLabel("Urgency").selectOption("standard");
  await form.getByLabel("Preferred Treatment Countries").selectOption("Both");
  await form.locator('input[type="file"]:not([webkitdirectory])').setInputFiles(fileSamples.pdf("echo-report"));
  await form.getByRole("checkbox").check();
  // Ticking the box records nothing yet.
  await expect(page.getByText("Your consent has been recorded")).toHaveCount(0);

  await form.getByRole("button", { name: "Submit Medical Records" }).click();
  await expect(page.getByTestId("tracking-number")).toBeVisible();
  await expect(page.getByText("Thank you! Your consent has been recorded.")).toBeVisible();
});
