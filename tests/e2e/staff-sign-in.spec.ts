import { expect, test } from "@playwright/test";
import { totpCode } from "../support/totp";
import { becomeAdminThroughApi, signUpThroughApi } from "./support";

test("an admin who signs in with password and code lands on the dashboard, unlocked: no third password", async ({ browser }) => {
  const setUp = await browser.newContext();
  const account = await signUpThroughApi(setUp.request, "Coordinator");
  const secret = await becomeAdminThroughApi(setUp.request, account);
  await setUp.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/simple-login.html");
  await page.getByLabel("Email or username").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Enter your verification code" })).toBeVisible();
  // The next step's code: the set-up used this step's, and a code works once.
  await page.getByLabel("6-digit code").fill(totpCode(secret, Date.now() + 30_000));
  await page.getByRole("button", { name: "Verify" }).click();

  await expect(page).toHaveURL(/\/admin-dashboard$/);
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await expect(page.getByLabel("Your password")).toHaveCount(0);
  await context.close();
});

test("the authenticator key is shown beside the QR code in groups of four, and its copy button copies it whole", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const account = await signUpThroughApi(page.request, "Amaka");
  await page.goto("/account/security");
  await page.getByLabel("Your password").fill(account.password);
  await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
  const qr = page.getByRole("img", { name: "QR code to add AfyaBridge to your authenticator app" });
  await expect(qr).toBeVisible();

  const shown = (await page.getByTestId("totp-secret").textContent())!;
  expect(shown).toMatch(/^(?:[A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
  await page.getByRole("button", { name: "Copy key" }).click();
  await expect(page.getByText("Key copied").first()).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown.replace(/ /g, ""));

  // Beside the QR code on a laptop screen, not below it.
  const [code, key] = [await qr.boundingBox(), await page.getByTestId("totp-secret").boundingBox()];
  expect(key!.y).toBeLessThan(code!.y + code!.height);
  expect(key!.x).toBeGreaterThan(code!.x + code!.width);
});
