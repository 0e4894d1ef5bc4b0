/**
 * Text in PDF's built-in Helvetica and Helvetica-Bold (no font file to embed or download): their
 * encoding and glyph widths. The encoding is WinAnsi (Latin-1 and typographic punctuation) plus
 * six Turkish letters placed in unused codes, so hospital names such as "Medipol Çamlıca" and
 * "Memorial Şişli" print correctly. Letters outside it fall back to their base letter ("ɓ" to "b");
 * scripts outside Latin need embedded fonts (see route.ts).
 */
export type FontStyle = "regular" | "bold";

export const BASE_FONTS: Record<FontStyle, string> = { regular: "Helvetica", bold: "Helvetica-Bold" };

/** Codes that WinAnsiEncoding leaves unused (or that we reuse), given Turkish glyphs. */
const turkishDifferences: readonly [code: number, glyph: string, char: string][] = [
  [0x81, "gbreve", "ğ"],
  [0x8d, "Gbreve", "Ğ"],
  [0x8f, "scedilla", "ş"],
  [0x90, "Scedilla", "Ş"],
  [0x9d, "dotlessi", "ı"],
  [0xa4, "Idotaccent", "İ"],
];

/** The /Differences array of the fonts' encoding dictionary. */
export const ENCODING_DIFFERENCES = `[${turkishDifferences.map(([code, glyph]) => `${code} /${glyph}`).join(" ")}]`;

const winAnsiHigh = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";

const codeOf = new Map<string, number>();
for (let code = 0x20; code <= 0x7e; code++) codeOf.set(String.fromCharCode(code), code);
for (let code = 0xa0; code <= 0xff; code++) codeOf.set(String.fromCharCode(code), code);
[...winAnsiHigh].forEach((char, index) => codeOf.set(char, 0x80 + index));
for (const [code, , char] of turkishDifferences) {
  codeOf.delete(String.fromCharCode(code));
  codeOf.set(char, code);
}

const charOf = new Map([...codeOf].map(([char, code]) => [code, char]));

/** Letters the fonts lack, written with the nearest letter they have. */
const substitutes: Record<string, string> = {
  ɓ: "b", Ɓ: "B", ɗ: "d", Ɗ: "D", ƙ: "k", Ƙ: "K", ƴ: "y", Ƴ: "Y",
  "\u02bc": "’", "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2032": "'", "\u2033": '"',
};

/** One character as a font code: itself, a substitute, its base letter ("ő" to "o"), or "?". */
function encodeChar(char: string): number[] {
  const direct = codeOf.get(char) ?? codeOf.get(substitutes[char] ?? "");
  if (direct !== undefined) return [direct];
  if (/[\u200b-\u200d\u2060\ufeff]/.test(char)) return [];
  if (/\s/.test(char)) return [0x20];
  const base = char.normalize("NFD")[0];
  return [codeOf.get(base) ?? 0x3f];
}

/** A string as the bytes of a PDF text string in this encoding. */
export function encodeText(text: string): number[] {
  return [...text.normalize("NFC")].flatMap(encodeChar);
}

/** The inverse of encodeText, for tests and text extraction. */
export function decodeText(bytes: Iterable<number>): string {
  return [...bytes].map((code) => charOf.get(code) ?? "\ufffd").join("");
}

// Advance widths (1/1000 em) from Adobe's Helvetica and Helvetica-Bold metrics, codes 32 to 126.
const asciiWidths: Record<FontStyle, readonly number[]> = {
  regular: [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278,
    584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944,
    667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500,
    278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
  ],
  bold: [
    278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333,
    584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944,
    667, 667, 611, 333, 278, 333, 584, 556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556,
    333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
  ],
};

// Characters outside ASCII that are not an ASCII letter with an accent: [regular, bold].
const otherWidths: Record<string, readonly [number, number]> = {
  "\u00a0": [278, 278], "¡": [333, 333], "¢": [556, 556], "£": [556, 556], "¥": [556, 556], "¦": [260, 280], "§": [556, 556],
  "¨": [333, 333], "©": [737, 737], "ª": [370, 370], "«": [556, 556], "¬": [584, 584], "\u00ad": [333, 333], "®": [737, 737],
  "¯": [333, 333], "°": [400, 400], "±": [584, 584], "²": [333, 333], "³": [333, 333], "´": [333, 333], "µ": [556, 611],
  "¶": [537, 556], "·": [278, 278], "¸": [333, 333], "¹": [333, 333], "º": [365, 365], "»": [556, 556], "¼": [834, 834],
  "½": [834, 834], "¾": [834, 834], "¿": [611, 611], "Æ": [1000, 1000], "Ð": [722, 722], "×": [584, 584], "Ø": [778, 778],
  "Þ": [667, 667], "ß": [611, 611], "æ": [889, 889], "ð": [556, 611], "÷": [584, 584], "ø": [611, 611], "þ": [556, 611],
  "€": [556, 556], "‚": [222, 278], "ƒ": [556, 556], "„": [333, 500], "…": [1000, 1000], "†": [556, 556], "‡": [556, 556],
  "ˆ": [333, 333], "‰": [1000, 1000], "‹": [333, 333], "Œ": [1000, 1000], "‘": [222, 278], "’": [222, 278], "“": [333, 500],
  "”": [333, 500], "•": [350, 350], "–": [556, 556], "—": [1000, 1000], "˜": [333, 333], "™": [1000, 1000], "›": [333, 333],
  "œ": [944, 944], "ı": [278, 278],
};

function charWidth(code: number, style: FontStyle): number {
  if (code >= 0x20 && code <= 0x7e) return asciiWidths[style][code - 0x20];
  const char = charOf.get(code) ?? "";
  const other = otherWidths[char];
  if (other) return other[style === "regular" ? 0 : 1];
  const base = char.normalize("NFD")[0]?.charCodeAt(0) ?? 0;
  return base >= 0x20 && base <= 0x7e ? asciiWidths[style][base - 0x20] : 556;
}

/** Width of a text in points at a font size. */
export function textWidth(text: string, style: FontStyle, size: number): number {
  return (encodeText(text).reduce((sum, code) => sum + charWidth(code, style), 0) * size) / 1000;
}
