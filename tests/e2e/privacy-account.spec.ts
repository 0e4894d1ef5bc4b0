import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { signUpThroughApi } from "./support";

test("guests are sent to sign in and back to /account", async ({ page }) => {
  await page.goto("/account");
  await expect(page).toHaveURL(/\/simple-login\.html\?next=%2Faccount/);
});

test("a patient downloads their data as one zip, then deletes their account and is signed out", async ({ page }) => {
  const account = await signUpThroughApi(page.request, "Zainab");
  await page.goto("/account");
  await expect(page.getByRole("heading", { level: 1, name: "My account and data" })).toBeVisible();
  await expect(page.getByText(`Signed in as ${account.email}`)).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download my data" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^afyabridge-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const bytes = readFileSync((await download.path())!);
  expect(bytes.subarray(0, 2).toString("latin1")).toBe("PK");
  expect(bytes.includes(Buffer.from("data.json"))).toBe(true);

  await page.getByRole("button", { name: "Delete my account" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Delete your account for good?" })).toBeVisible();
  const confirm = dialog.getByRole("button", { name: "Delete permanently" });
  await dialog.getByLabel(/Type your e-mail address/).fill("someone-else@example.com");
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/Type your e-mail address/).fill(account.email);
  await confirm.click();

  await expect(page).not.toHaveURL(/\/account/);
  const me = await page.request.get("/api/auth/me");
  expect(await me.json()).toEqual({ isAuthenticated: false, user: null });
  const signIn = await page.request.post("/api/auth/sign-in/email", { data: { email: account.email, password: account.password } });
  expect(signIn.ok()).toBe(false);
});
