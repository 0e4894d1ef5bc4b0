/** @jest-environment node */
import { readFileSync } from "node:fs";
import path from "node:path";
import { createCanvas, loadImage } from "@napi-rs/canvas";
import * as fontkit from "fontkit";
import { homeSpecialtySlugs } from "@/content/specialties";
import { locales } from "@/lib/i18n/locales";
import { OG_FONT_FILES, ogFamilies, ogImagePng } from "@/lib/seo/og-image";

/*
 * The shared-link pictures are drawn with the fonts lib/seo/og-image.ts names and no others: every
 * letter of every specialty's name, in every language, must be in one of its locale's fonts (as it is,
 * or as its base letter and marks, which the shaper composes). A server without fonts of its own then
 * draws the same picture, with no boxes.
 */
type Font = { hasGlyphForCodePoint(codePoint: number): boolean };
const fonts = Object.fromEntries(Object.entries(OG_FONT_FILES).map(([family, file]) => [family, fontkit.openSync(file) as unknown as Font])) as Record<
  keyof typeof OG_FONT_FILES,
  Font
>;

test.each([...locales])("every letter of the specialty names in %s is in the picture's fonts", (locale) => {
  const messages = JSON.parse(readFileSync(path.join(process.cwd(), "messages", `${locale}.json`), "utf8")) as { specialties: Record<string, string> };
  const faces = ogFamilies(locale).map((family) => fonts[family]);
  const has = (char: string) => faces.some((font) => font.hasGlyphForCodePoint(char.codePointAt(0)!));
  const text = ["AfyaBridge", ...homeSpecialtySlugs.map((slug) => messages.specialties[slug])].join("").normalize("NFC");
  const missing = [...new Set(text.replace(/\s/gu, ""))].filter(
    (char) => !has(char) && !(char.normalize("NFD").length > 1 && [...char.normalize("NFD")].every(has)),
  );
  expect(missing).toEqual([]);
});

/** White pixels of the title band (between the brand and the bar), in the left and right halves. */
async function titleInk(png: Buffer): Promise<{ left: number; right: number }> {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext("2d");
  context.drawImage(image, 0, 0);
  const { data, width } = context.getImageData(0, 180, image.width, 270);
  const ink = { left: 0, right: 0 };
  for (let i = 0; i < data.length; i += 4) if (data[i] > 200 && data[i + 1] > 200 && data[i + 2] > 200) ink[(i / 4) % width < width / 2 ? "left" : "right"]++;
  return ink;
}

test("the picture is a 1200 × 630 PNG with the title from the start of the line: the left, or the right in Arabic", async () => {
  const arabic = ogImagePng("القلب", "ar");
  expect([arabic.readUInt32BE(16), arabic.readUInt32BE(20)]).toEqual([1200, 630]);
  const rtl = await titleInk(arabic);
  expect(rtl.right).toBeGreaterThan(1000);
  expect(rtl.left).toBe(0);
  const ltr = await titleInk(ogImagePng("ENT", "en"));
  expect(ltr.left).toBeGreaterThan(1000);
  expect(ltr.right).toBe(0);
});
