/** @jest-environment node */
import { readFileSync } from "node:fs";
import path from "node:path";
import * as fontkit from "fontkit";

/*
 * The letters of English and Nigeria's languages are drawn in the site's own font, never in a
 * phone's fallback font or as a box (issue 20): each Latin letter or mark of their messages is in the
 * preloaded Inter Latin file (app/fonts.ts), directly or as its base letter and marks (ọ́ = o + ̣ + ́,
 * which browsers compose), or in a face app/globals.css declares for it (its file and unicode-range).
 */
const root = process.cwd();
type Font = { hasGlyphForCodePoint(codePoint: number): boolean };
const open = (file: string) => fontkit.openSync(path.join(root, file)) as unknown as Font;

const preloaded = open(readFileSync(path.join(root, "app/fonts.ts"), "utf8").match(/src: "\.\.\/(node_modules\/[^"]+)"/)![1]);

/** The faces globals.css declares: each file with the code points its unicode-range gives it. */
const declared = [...readFileSync(path.join(root, "app/globals.css"), "utf8").matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body]) => {
  const file = body.match(/url\("\.\.\/([^"]+)"\)/)![1];
  const ranges = body
    .match(/unicode-range:([^;]+);/)![1]
    .split(",")
    .map((range) =>
      range
        .trim()
        .replace(/^U\+/, "")
        .split("-")
        .map((hex) => parseInt(hex, 16)),
    );
  return { font: open(file), covers: (cp: number) => ranges.some(([from, to = from]) => cp >= from && cp <= to) };
});

function drawn(char: string): boolean {
  const cp = char.codePointAt(0)!;
  if (preloaded.hasGlyphForCodePoint(cp)) return true;
  const parts = [...char.normalize("NFD")];
  if (parts.length > 1 && parts.every((part) => preloaded.hasGlyphForCodePoint(part.codePointAt(0)!))) return true;
  return declared.some((face) => face.covers(cp) && face.font.hasGlyphForCodePoint(cp));
}

test.each(["en", "ha", "yo", "ig", "pcm"])("every Latin letter and mark of messages/%s.json is drawn in the site's font", (locale) => {
  const text = readFileSync(path.join(root, "messages", `${locale}.json`), "utf8").normalize("NFC");
  const letters = new Set(text.match(/[\p{Script=Latin}\u0300-\u036f]/gu));
  expect([...letters].filter((char) => !drawn(char))).toEqual([]);
});
