import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { staticPagePaths } from "../../lib/security/static-pages";

/*
 * Yoruba, Igbo and Nigerian Pidgin (issue 20): each is a whole locale at phone width, named in itself
 * in the language menu. Their letters (ẹ́ ọ̀ ṣ ị ụ ṅ, and Hausa's ɓ ɗ ƙ ƴ) are drawn in the phone's own
 * font, like all Latin text (app/globals.css): the page downloads no font for them.
 */
test.use({ viewport: { width: 390, height: 844 } });

const messages = (locale: string) => JSON.parse(readFileSync(path.join(process.cwd(), "messages", `${locale}.json`), "utf8"));

/** The font files the page has loaded (FontFace status "loaded"). */
const loadedFaces = (page: import("@playwright/test").Page) =>
  page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts].filter((face) => face.status === "loaded").map((face) => face.family);
  });

for (const [locale, name] of [
  ["ha", "Hausa"],
  ["yo", "Yorùbá"],
  ["ig", "Asụsụ Igbo"],
  ["pcm", "Naijá"],
] as const) {
  test(`the home page in ${name}: its texts, its language, its own name in the menu, no font to download`, async ({ page }, testInfo) => {
    const texts = messages(locale);
    await page.goto(`/${locale}`);
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.home.heroTitle);
    const selector = page.getByTestId("language-selector").first();
    await expect(selector).toHaveValue(locale);
    expect(await selector.evaluate((select: HTMLSelectElement) => select.selectedOptions[0].text)).toBe(name);
    expect(await loadedFaces(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const file = testInfo.outputPath(`home-${locale}-390.png`);
    await page.screenshot({ path: file });
    await testInfo.attach(`home-${locale}-390`, { path: file, contentType: "image/png" });
  });
}

test("every specialty page in Hausa, Yoruba, Igbo and Pidgin fits a phone's width", async ({ page }) => {
  // Their names are long ("Tiyata ta gaba ɗaya (General Surgery)"): the call to action once pushed the page sideways.
  const overflowing: string[] = [];
  for (const locale of ["ha", "yo", "ig", "pcm"] as const)
    for (const specialty of staticPagePaths.filter((address) => address.startsWith("/specialties/"))) {
      await page.goto(`/${locale}${specialty}`);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 390) overflowing.push(`/${locale}${specialty}: ${width} px`);
    }
  expect(overflowing).toEqual([]);
});
