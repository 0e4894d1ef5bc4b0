import "server-only";
import path from "node:path";
import { createCanvas, GlobalFonts, type SKRSContext2D } from "@napi-rs/canvas";
import { textDirection, type Locale } from "@/lib/i18n/locales";

/**
 * The picture shown when a page is shared (WhatsApp, Facebook, X), drawn with Skia (@napi-rs/canvas,
 * also used for scanned PDF pages), which shapes every script the site is written in: Arabic joined and
 * right to left, Devanagari's conjuncts, Yoruba's and Igbo's stacked marks, Chinese. Fonts come from
 * node_modules (@fontsource, bold); nothing is downloaded, and only these files are used, never the
 * server's own fonts: each locale's font list covers every letter of its texts (tests/unit/og-image.test.ts).
 */
export const OG_IMAGE_SIZE = { width: 1200, height: 630 };

const fontsource = (pkg: string, subset: string) => path.join(process.cwd(), "node_modules/@fontsource", pkg, "files", `${pkg}-${subset}-700-normal.woff`);

/**
 * One family per file: Skia takes a glyph from the next family of the list when one lacks it, but not
 * from another file registered under the same family name (Noto Sans comes in subsets by script).
 */
export const OG_FONT_FILES = {
  "OG Latin": fontsource("noto-sans", "latin"),
  "OG Latin Extended": fontsource("noto-sans", "latin-ext"),
  "OG Vietnamese": fontsource("noto-sans", "vietnamese"),
  "OG Cyrillic": fontsource("noto-sans", "cyrillic"),
  "OG Arabic": fontsource("noto-sans-arabic", "arabic"),
  "OG Devanagari": fontsource("noto-sans-devanagari", "devanagari"),
  "OG Chinese": fontsource("noto-sans-sc", "chinese-simplified"),
} as const;
type Family = keyof typeof OG_FONT_FILES;

const LATIN: Family[] = ["OG Latin", "OG Latin Extended", "OG Vietnamese"];

/** The families a locale's texts are drawn in, in order: its own script first, then Latin (the brand, digits). */
export function ogFamilies(locale: Locale): Family[] {
  const script: Partial<Record<Locale, Family>> = { ar: "OG Arabic", hi: "OG Devanagari", zh: "OG Chinese", ru: "OG Cyrillic" };
  const own = script[locale];
  return own ? [own, ...LATIN] : LATIN;
}

let registered = false;
function registerFonts() {
  if (registered) return;
  for (const [family, file] of Object.entries(OG_FONT_FILES)) {
    if (!GlobalFonts.registerFromPath(file, family)) throw new Error(`Cannot load the font ${file}`);
  }
  registered = true;
}

const MARGIN = 72;
const TEXT_WIDTH = OG_IMAGE_SIZE.width - 2 * MARGIN;

/**
 * The title in lines that fit the picture's width: between words, or between any two characters in a
 * language written without spaces (Chinese). At most three lines; a longer title is cut with "…".
 */
function titleLines(context: SKRSContext2D, title: string, locale: Locale): string[] {
  const units = locale === "zh" ? [...title] : title.split(/(?<=\s)/);
  const lines: string[] = [];
  let line = "";
  for (const unit of units) {
    if (line && context.measureText(line + unit).width > TEXT_WIDTH) {
      lines.push(line.trimEnd());
      line = unit.trimStart();
    } else line += unit;
  }
  if (line) lines.push(line.trimEnd());
  if (lines.length <= 3) return lines;
  return [...lines.slice(0, 2), `${lines[2]}…`];
}

/** A PNG of the brand and a title in the page's language, in the site's colours. */
export function ogImagePng(title: string, locale: Locale): Buffer {
  registerFonts();
  const { width, height } = OG_IMAGE_SIZE;
  const canvas = createCanvas(width, height);
  const context = canvas.getContext("2d");
  const rtl = textDirection(locale) === "rtl";
  const fonts = (size: number) =>
    `bold ${size}px ${ogFamilies(locale)
      .map((family) => `"${family}"`)
      .join(", ")}`;

  const background = context.createLinearGradient(0, 0, width, height);
  background.addColorStop(0, "#0f766e");
  background.addColorStop(1, "#134e4a");
  context.fillStyle = background;
  context.fillRect(0, 0, width, height);

  // The brand: a white tile with a cross, then the name (mirrored in a right-to-left language).
  const tileX = rtl ? width - MARGIN - 64 : MARGIN;
  context.fillStyle = "#ffffff";
  context.beginPath();
  context.roundRect(tileX, MARGIN, 64, 64, 16);
  context.fill();
  context.fillStyle = "#0f766e";
  context.beginPath();
  context.roundRect(tileX + 14, MARGIN + 27, 36, 10, 5);
  context.roundRect(tileX + 27, MARGIN + 14, 10, 36, 5);
  context.fill();
  context.fillStyle = "#ffffff";
  context.font = fonts(40);
  context.textBaseline = "middle";
  context.direction = rtl ? "rtl" : "ltr";
  context.textAlign = rtl ? "right" : "left";
  context.fillText("AfyaBridge", rtl ? tileX - 20 : tileX + 84, MARGIN + 32);

  // The title, centred on the picture's height between the brand and the bar.
  let size = 96;
  context.font = fonts(size);
  let lines = titleLines(context, title, locale);
  if (lines.length > 1) {
    size = 72;
    context.font = fonts(size);
    lines = titleLines(context, title, locale);
  }
  const lineHeight = size * 1.25;
  const top = height / 2 - (lines.length * lineHeight) / 2 + lineHeight / 2;
  const textX = rtl ? width - MARGIN : MARGIN;
  lines.forEach((line, index) => context.fillText(line, textX, top + index * lineHeight));

  context.fillStyle = "#5eead4";
  context.beginPath();
  context.roundRect(rtl ? width - MARGIN - 240 : MARGIN, height - MARGIN - 12, 240, 12, 6);
  context.fill();
  return canvas.toBuffer("image/png");
}
