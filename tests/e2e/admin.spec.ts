import { expect, test } from "@playwright/test";
import { ADMIN_SETUP_KEY, fileSamples, lettersOnly, setUpTwoFactorInPage, signUpThroughApi } from "./support";

test("an admin is made with the setup key, sets up two-factor (which unlocks the dashboard), unlocks a new browser session with their password, previews a file and checks storage", async ({
  page,
}) => {
  const patientName = `Halima Musa ${lettersOnly(Date.now().toString(36))}`;
  const submission = await page.request.post("/api/medical-submissions", {
    multipart: {
      name: patientName,
      email: "halima@example.com",
      homeCountry: "Nigeria",
      medicalCondition: "Knee osteoarthritis",
      specialty: "orthopedics",
      urgency: "urgent",
      preferredCountries: JSON.stringify(["Turkey"]),
      budget: "5k-15k",
      consent: "true",
      consentFullName: patientName,
      consentEmail: "halima@example.com",
      consentDate: "2026-11-22",
      files: fileSamples.pdf("knee-mri-report"),
    },
  });
  expect(submission.status(), await submission.text()).toBe(201);
  const { trackingNumber } = (await submission.json()) as { trackingNumber: string };

  // Signing up through the page's request context signs this browser in.
  const account = await signUpThroughApi(page.request, "Admin");
  await page.goto("/admin-dashboard");
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();

  await page.goto("/admin-setup");
  await page.getByRole("button", { name: "Grant Admin Access" }).click();
  await expect(page.getByText("Please enter both email and admin key.", { exact: true })).toBeVisible();
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Admin key").fill(ADMIN_SETUP_KEY);
  await page.getByRole("button", { name: "Grant Admin Access" }).click();
  await expect(page.getByText("Admin Access Granted!", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Admin key")).toHaveValue("");
  expect(await page.content()).not.toContain(ADMIN_SETUP_KEY);

  // Admins must set up two-factor authentication before the dashboard opens; then they come back to it.
  await page.goto("/admin-dashboard");
  await expect(page).toHaveURL(/\/account\/security\?twoFactor=required&next=%2Fadmin-dashboard$/);
  await setUpTwoFactorInPage(page, account.password);
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  // Password and code were just given: no third password.
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await expect(page.getByLabel("Your password")).toHaveCount(0);

  // A new browser session (the unlock cookie lives as long as one) meets the gate.
  await page.context().clearCookies({ name: "afya_admin_unlock" });
  await page.reload();
  const password = page.getByLabel("Your password");
  await password.fill("wrong horse battery");
  await page.getByRole("button", { name: "Unlock" }).click();
  await expect(page.getByText("Incorrect password. Please try again.")).toBeVisible();
  await expect(password).toHaveValue("");
  await password.fill(account.password);
  await page.getByRole("button", { name: "Unlock" }).click();

  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await expect(page.getByRole("tab", { name: /^All Submissions \(\d+\)$/ })).toBeVisible();
  const card = page.getByTestId("admin-submission").filter({ hasText: trackingNumber });
  await expect(card.getByRole("heading", { name: patientName })).toBeVisible();
  await expect(card.getByText("Guest Submission")).toBeVisible();
  await expect(card.getByTestId("admin-status")).toHaveText("SUBMITTED");
  await expect(card.getByText(`Consent Provided: ${patientName}`)).toBeVisible();

  await card.getByRole("button", { name: "Preview knee-mri-report.pdf" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Preview: knee-mri-report.pdf" })).toBeVisible();
  await expect(dialog.locator("iframe")).toHaveAttribute("src", /\/api\/files\/[0-9a-f-]+\?disposition=inline$/);
  await expect(dialog.getByRole("link", { name: "Download File" })).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();

  await card.getByRole("link", { name: new RegExp(`^View Details\\W+${patientName}$`) }).click();
  await expect(page.getByRole("heading", { level: 1, name: patientName })).toBeVisible();
  await expect(page.getByText("Status history")).toBeVisible();

  // The unlock holds for the session: the storage page opens without asking again.
  await page.goto("/google-drive-setup");
  await expect(page.getByTestId("storage-status")).toContainText("Connected");
  await expect(page.getByTestId("storage-status")).toContainText(/Files are stored in: local disk .* \(AES-256-GCM\)/);
  await expect(page.getByText("submissions/<id>/")).toBeVisible();
});
