import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";

/*
 * Yoruba, Igbo and Nigerian Pidgin (issue 20): each is a whole locale at phone width, named in itself
 * in the language menu. Their letters with underdots and tone marks (ẹ́ ọ̀ ṣ ị ụ ṅ) are drawn by the
 * preloaded Latin font (tests/unit/font-coverage.test.ts); only Hausa's hooked letters need the extra
 * face of app/globals.css, which the pages of other languages never fetch.
 */
test.use({ viewport: { width: 390, height: 844 } });

const messages = (locale: string) => JSON.parse(readFileSync(path.join(process.cwd(), "messages", `${locale}.json`), "utf8"));

/** The site font's extra Latin faces the page has loaded (FontFace status "loaded"), by their unicode ranges. */
const loadedExtendedFaces = (page: import("@playwright/test").Page) =>
  page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts]
      .filter((face) => face.family.replace(/"/g, "") === "Inter Latin Extended" && face.status === "loaded")
      .map((face) => face.unicodeRange);
  });

for (const [locale, name] of [
  ["yo", "Yorùbá"],
  ["ig", "Asụsụ Igbo"],
  ["pcm", "Naijá"],
] as const) {
  test(`the home page in ${name}: its texts, its language, its own name in the menu, its letters in the site's font`, async ({ page }, testInfo) => {
    const texts = messages(locale);
    await page.goto(`/${locale}`);
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.home.heroTitle);
    const selector = page.getByTestId("language-selector").first();
    await expect(selector).toHaveValue(locale);
    expect(await selector.evaluate((select: HTMLSelectElement) => select.selectedOptions[0].text)).toBe(name);
    expect(await loadedExtendedFaces(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const file = testInfo.outputPath(`home-${locale}-390.png`);
    await page.screenshot({ path: file });
    await testInfo.attach(`home-${locale}-390`, { path: file, contentType: "image/png" });
  });
}

test("the extra face for Hausa's letters is fetched by a Hausa page, not by an English one", async ({ page }) => {
  await page.goto("/en");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await loadedExtendedFaces(page)).toEqual([]);
  await page.goto("/ha");
  await expect(page.locator("html")).toHaveAttribute("lang", "ha");
  expect((await loadedExtendedFaces(page)).length).toBe(1);
});
