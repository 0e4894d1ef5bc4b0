import { expect, test, type Page } from "@playwright/test";
import { becomeAdminThroughApi, signUpThroughApi } from "./support";

/*
 * Staff pages at a phone's width and a laptop's, in English, a right-to-left language and the
 * language with the longest labels: no control is clipped or wraps onto a second line.
 */

/**
 * Every visible header control on one line and inside the window. Lines are counted from the boxes of
 * the control's text, not from its height: a phone's Arabic or Devanagari font is taller than its Latin
 * one, which makes a one-line link a few pixels higher without wrapping it.
 */
async function headerControlsFit(page: Page, width: number) {
  const boxes = await page
    .locator("header")
    .locator("a:visible:not(.sr-only), button:visible, select:visible")
    .evaluateAll((elements) =>
      elements.map((element) => {
        const textBoxes: DOMRect[] = [];
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.textContent?.trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          textBoxes.push(...[...range.getClientRects()].filter((box) => box.width > 0));
        }
        const lineHeight = Math.max(0, ...textBoxes.map((box) => box.height));
        const span = Math.max(0, ...textBoxes.map((box) => box.bottom)) - Math.min(Infinity, ...textBoxes.map((box) => box.top));
        const lines = textBoxes.length ? Math.round(span / lineHeight) : 1;
        return { text: element.textContent?.trim(), lines, ...element.getBoundingClientRect().toJSON() };
      }),
    );
  expect(boxes.length).toBeGreaterThan(3);
  for (const box of boxes) {
    expect(box.lines, `"${box.text}" wraps`).toBe(1);
    expect(box.left, `"${box.text}" starts outside the window`).toBeGreaterThanOrEqual(0);
    expect(box.right, `"${box.text}" ends outside the window`).toBeLessThanOrEqual(width);
  }
}

for (const locale of ["en", "ar", "ha"]) {
  test(`an admin's dashboard in ${locale}: header on one line at 1366 px, every tab in view at 390 px`, async ({ page }, testInfo) => {
    const account = await signUpThroughApi(page.request, "Coordinator");
    await becomeAdminThroughApi(page.request, account);

    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`/${locale}/admin-dashboard`);
    await expect(page.getByRole("tablist")).toBeVisible();
    await expect(page.getByTestId("welcome-line").first()).toBeVisible();
    await headerControlsFit(page, 1366);
    await testInfo.attach(`admin-dashboard-1366-${locale}`, { body: await page.screenshot(), contentType: "image/png" });

    await page.setViewportSize({ width: 390, height: 844 });
    await headerControlsFit(page, 390);
    const tabs = await page.getByRole("tab").evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().toJSON()));
    expect(tabs).toHaveLength(4);
    for (const tab of tabs) {
      expect(tab.left).toBeGreaterThanOrEqual(0);
      expect(tab.right).toBeLessThanOrEqual(390);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    // The patients' support chat is not shown to staff: its button would sit over their controls.
    await expect(page.getByTestId("support-widget-button")).toHaveCount(0);
    await page.getByRole("tablist").scrollIntoViewIfNeeded();
    await testInfo.attach(`admin-dashboard-390-${locale}`, { body: await page.screenshot(), contentType: "image/png" });
  });
}
