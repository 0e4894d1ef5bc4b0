import { expect, test } from "@playwright/test";

/**
 * Pages in every language are drawn in the phone's own fonts (app/globals.css,
 * docs/decisions/029-phone-fonts-for-every-script.md): none downloads a font, before or after its first
 * paint, so a font can neither hold up the first paint, cost a visitor data, nor move the text when it
 * arrives.
 */

/**
 * Layout shift allowed: Web Vitals' "good" bound. No font arrives any more; what shifts is the header's
 * language selector taking its place when the scripts run (0 to 0.067 measured on this machine).
 */
const GOOD_LAYOUT_SHIFT = 0.1;

test.use({ viewport: { width: 390, height: 844 } });

for (const address of ["/", "/ha", "/ar", "/hi", "/zh", "/zh/faq", "/hi/specialties/oncology"]) {
  test(`${address} downloads no font and its text does not move`, async ({ page }) => {
    const fonts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "font") fonts.push(request.url());
    });
    await page.goto(address, { waitUntil: "networkidle" });
    await page.evaluate(() => document.fonts.ready);
    const layoutShift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let sum = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) sum += (entry as PerformanceEntry & { value: number }).value;
          }).observe({ type: "layout-shift", buffered: true });
          setTimeout(() => resolve(sum), 500);
        }),
    );
    expect(fonts).toEqual([]);
    expect(layoutShift).toBeLessThan(GOOD_LAYOUT_SHIFT);
  });
}
