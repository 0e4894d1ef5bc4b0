import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";
import { inflateSync } from "node:zlib";
import { create, type Font } from "fontkit";

/**
 * The guide's fonts: Noto Sans and its Arabic, Devanagari and Simplified Chinese sisters, from the
 * @fontsource npm packages (no download at run time). Those packages split each font into files by
 * Unicode range ("latin", "latin-ext", "cyrillic", ...); a text is drawn in pieces, each piece in
 * the first file that has its characters. Files are read when a document first needs them and kept
 * for the life of the process; the PDF embeds only the glyphs it uses (pdfkit subsets them).
 *
 * We read the .woff files, not the .woff2 ones: fontkit lays out WOFF2 fonts, but its subsetter
 * copies glyph outlines as stored, and WOFF2 stores them transformed, so the PDF would show nothing.
 * WOFF files are zlib-compressed font files; we inflate them once (woffToSfnt).
 */
export type FontStyle = "regular" | "bold";

const WEIGHTS: Record<FontStyle, number> = { regular: 400, bold: 700 };

/** Where npm installs the font packages (the app, its scripts and tests run from the project root). */
const FONTSOURCE_DIR = path.join(process.cwd(), "node_modules", "@fontsource");

type Range = readonly [first: number, last: number];

/** "U+0000-00FF,U+0131" as ranges of code points. */
function parseRanges(list: string): Range[] {
  return list.split(",").map((part) => {
    const [first, last = first] = part.trim().replace(/^U\+/i, "").split("-");
    return [parseInt(first, 16), parseInt(last, 16)] as const;
  });
}

/** A package's subsets and their Unicode ranges, from its unicode.json. */
function packageSubsets(pkg: string): Map<string, Range[]> {
  const json = JSON.parse(readFileSync(path.join(FONTSOURCE_DIR, pkg, "unicode.json"), "utf8")) as Record<string, string>;
  return new Map(Object.entries(json).map(([subset, ranges]) => [subset, parseRanges(ranges)]));
}

/**
 * A WOFF file as the TrueType/OpenType file it wraps (its tables inflated). fontkit reads WOFF
 * itself, but inflates a table again each time it reads from it (once per glyph for the outlines),
 * which makes a Chinese guide take a minute.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== 0x774f4646) throw new Error("not a WOFF file");
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, index) => {
    const entry = 44 + index * 20;
    const [tag, offset, compLength, origLength, checksum] = [0, 4, 8, 12, 16].map((field) => woff.readUInt32BE(entry + field));
    const stored = woff.subarray(offset, offset + compLength);
    return { tag, checksum, data: compLength < origLength ? inflateSync(stored) : stored };
  });
  const log2 = Math.floor(Math.log2(numTables));
  const header = Buffer.alloc(12 + 16 * numTables);
  header.writeUInt32BE(woff.readUInt32BE(4), 0); // the wrapped font's own version ("flavor")
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(16 << log2, 6);
  header.writeUInt16BE(log2, 8);
  header.writeUInt16BE(numTables * 16 - (16 << log2), 10);
  const chunks: Buffer[] = [header];
  let offset = header.length;
  tables.forEach(({ tag, checksum, data }, index) => {
    const record = 12 + index * 16;
    header.writeUInt32BE(tag, record);
    header.writeUInt32BE(checksum, record + 4);
    header.writeUInt32BE(offset, record + 8);
    header.writeUInt32BE(data.length, record + 12);
    const padded = Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)]);
    chunks.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(chunks);
}

/** One file of a font family per weight: its Unicode ranges, and the fonts once loaded. */
export class Face {
  private readonly fonts = new Map<FontStyle, Font>();
  /** Answers of has(), by code point (the Chinese ranges are long lists). */
  private readonly coverage = new Map<number, boolean>();

  constructor(
    private readonly pkg: string,
    private readonly subset: string,
    private readonly ranges: readonly Range[],
  ) {}

  /** The font's name in the PDF document (pdfkit's registerFont). */
  id(style: FontStyle): string {
    return `${this.pkg}-${this.subset}-${WEIGHTS[style]}`;
  }

  font(style: FontStyle): Font {
    let font = this.fonts.get(style);
    if (!font) {
      const file = path.join(FONTSOURCE_DIR, this.pkg, "files", `${this.pkg}-${this.subset}-${WEIGHTS[style]}-normal.woff`);
      font = create(woffToSfnt(readFileSync(file))) as Font;
      this.fonts.set(style, font);
    }
    return font;
  }

  /** Whether the face draws a character (its ranges say so, and the font has the glyph). */
  has(codePoint: number): boolean {
    let has = this.coverage.get(codePoint);
    if (has === undefined) {
      has = this.ranges.some(([first, last]) => codePoint >= first && codePoint <= last) && this.font("regular").hasGlyphForCodePoint(codePoint);
      this.coverage.set(codePoint, has);
    }
    return has;
  }
}

let allFaces: Face[] | undefined;

/**
 * Every face, most preferred first: Latin first (so names and web addresses look the same in every
 * guide), then Cyrillic, Greek, Arabic, Devanagari, and Chinese. For Chinese, one file has the
 * characters of everyday Simplified Chinese (it declares no ranges: we give it those of the
 * numbered files); the numbered files that split the whole font come after it, for rarer ones.
 */
function faces(): Face[] {
  if (allFaces) return allFaces;
  const notoSans = packageSubsets("noto-sans");
  const face = (pkg: string, subset: string, subsets: Map<string, Range[]>) => new Face(pkg, subset, subsets.get(subset) ?? []);
  const sc = packageSubsets("noto-sans-sc");
  const numbered = [...sc.keys()].filter((subset) => /^\[\d+\]$/.test(subset));
  allFaces = [
    ...["latin", "latin-ext", "cyrillic", "cyrillic-ext", "greek", "greek-ext", "vietnamese"].map((subset) => face("noto-sans", subset, notoSans)),
    face("noto-sans-arabic", "arabic", packageSubsets("noto-sans-arabic")),
    face("noto-sans-devanagari", "devanagari", packageSubsets("noto-sans-devanagari")),
    new Face(
      "noto-sans-sc",
      "chinese-simplified",
      numbered.flatMap((subset) => sc.get(subset)!),
    ),
    ...numbered.map((subset) => new Face("noto-sans-sc", subset.slice(1, -1), sc.get(subset)!)),
  ];
  return allFaces;
}

/** Punctuation, symbols, spaces, format characters and marks: drawn in the face before them when it has them. */
const FOLLOWER = /[\p{P}\p{S}\p{Z}\p{Cf}\p{M}]/u;

const firstFaces = new Map<number, Face | null>();

/** The first face that draws a character, if any (remembered: Chinese ranges are long). */
function firstFace(codePoint: number): Face | undefined {
  let face = firstFaces.get(codePoint);
  if (face === undefined) {
    face = faces().find((candidate) => candidate.has(codePoint)) ?? null;
    firstFaces.set(codePoint, face);
  }
  return face ?? undefined;
}

export interface FontPiece {
  face: Face;
  text: string;
}

/** A text (in reading order) cut into pieces that one face each can draw. */
export function fontPieces(text: string): FontPiece[] {
  const pieces: FontPiece[] = [];
  let current: Face | undefined;
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    const follower = FOLLOWER.test(char);
    let face = follower && current?.has(codePoint) ? current : firstFace(codePoint);
    if (!face) {
      if (/\p{Cf}/u.test(char)) continue; // an invisible control character no font draws
      face = current ?? faces()[0]; // shown as the font's "missing glyph" box
    }
    if (face === current) pieces[pieces.length - 1].text += char;
    else pieces.push({ face, text: char });
    current = face;
  }
  return pieces;
}
