import { expect, test } from "@playwright/test";
import { recordsFormReady } from "./support";

// The controls of the UI kit on a phone: big enough to tap, and a visible focus ring for keyboard users.
test.use({ viewport: { width: 390, height: 844 } });

test("every button, field and list of the records form is at least 40 px high", async ({ page }) => {
  await page.goto("/upload");
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Submit Medical Records" }) });
  await expect(form).toBeVisible();

  const controls = form.locator("button:visible:not([role=checkbox]), input:visible:not([type=checkbox]):not([type=radio]):not([type=file]), select:visible");
  const count = await controls.count();
  expect(count).toBeGreaterThan(5);
  for (let i = 0; i < count; i++) {
    const control = controls.nth(i);
    const box = await control.boundingBox();
    const name = (await control.getAttribute("id")) ?? (await control.textContent()) ?? String(i);
    expect(box?.height, `${name} is ${box?.height}px high`).toBeGreaterThanOrEqual(40);
  }
});

test("a field reached with the keyboard shows a focus ring", async ({ page }) => {
  await page.goto("/upload");
  // The form's fields are disabled until its scripts run (docs/decisions/028-paint-before-scripts.md).
  const form = await recordsFormReady(page);
  const fields = form.locator("input:visible:not([type=checkbox]):not([type=file])");
  const [first, second] = [fields.nth(0), fields.nth(1)];
  const ring = () => second.evaluate((element) => getComputedStyle(element).boxShadow);
  const before = await ring();
  await first.focus();
  await page.keyboard.press("Tab");
  await expect(second).toBeFocused();
  expect(await ring()).not.toBe(before);
});
