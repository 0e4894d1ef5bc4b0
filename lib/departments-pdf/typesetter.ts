import "server-only";
import { paragraphIsRtl, reverseForDisplay, visualRuns } from "./bidi";
import { fontPieces, type Face, type FontStyle } from "./fonts";

export type Rgb = readonly [red: number, green: number, blue: number];

export interface TextStyle {
  font: FontStyle;
  size: number;
  color: Rgb;
}

/** A piece of a line drawn in one font, its characters in the order the font lays them out. */
export interface GlyphRun {
  face: Face;
  text: string;
  /** The font lays it out right to left (Arabic): it must be laid out whole, not word by word. */
  rtl: boolean;
  /** From the line's left edge, in points. */
  x: number;
  width: number;
}

export interface TypesetLine {
  /** Left to right. */
  runs: GlyphRun[];
  width: number;
}

/** Characters that a line may break before or after without a space: Chinese (and Japanese) ones. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u;

interface Shape {
  /** Advance width at 1 pt. */
  advance: number;
  rtl: boolean;
}

/** Shapes of texts in fonts, for all documents (words recur): OpenType layout is what takes time. */
const shapes = new Map<string, Shape>();
const MAX_SHAPES = 50_000;

function shapeOf(face: Face, text: string, style: FontStyle): Shape {
  const key = `${face.id(style)}\n${text}`;
  let shape = shapes.get(key);
  if (!shape) {
    const font = face.font(style);
    const run = font.layout(text, []);
    shape = { advance: run.advanceWidth / font.unitsPerEm, rtl: run.direction === "rtl" };
    if (shapes.size >= MAX_SHAPES) shapes.clear();
    shapes.set(key, shape);
  }
  return shape;
}

/**
 * A piece's shape, measured word by word (each word with the space after it), as pdfkit lays out
 * left-to-right text. Right-to-left text is drawn whole (see PdfCanvas.text), but nothing joins or
 * kerns across a space, so its width is the same, and the words' shapes are reused. Chinese has no
 * spaces, and nothing joins or kerns its characters: they are measured one by one.
 */
function pieceShape(face: Face, text: string, style: FontStyle): Shape {
  const words = (text.match(/[^ \t]*[ \t]|[^ \t]+/g) ?? []).flatMap((word) => (CJK.test(word) ? [...word] : [word]));
  const shapes = words.map((word) => shapeOf(face, word, style));
  return { advance: shapes.reduce((sum, word) => sum + word.advance, 0), rtl: shapes.some((word) => word.rtl) };
}

/** Closing punctuation, which no line starts with, and opening punctuation, which no line ends with. */
const NO_BREAK_BEFORE = /[\p{Pe}\p{Pf}\p{Po}\u30fc\u3005]/u;
const NO_BREAK_AFTER = /[\p{Ps}\p{Pi}]/u;

interface BreakUnit {
  text: string;
  /** Separated from the unit before it by a space. */
  space: boolean;
}

/** A text as the units that lines may break between: words, and each Chinese character. */
function breakUnits(text: string): BreakUnit[] {
  const units: BreakUnit[] = [];
  let space = false;
  let previous = "";
  for (const char of text.trim()) {
    if (/\s/u.test(char)) {
      space = true;
      continue;
    }
    const canBreak = (CJK.test(previous) || CJK.test(char)) && !NO_BREAK_BEFORE.test(char) && !NO_BREAK_AFTER.test(previous);
    if (!units.length || space || canBreak) units.push({ text: char, space });
    else units[units.length - 1].text += char;
    space = false;
    previous = char;
  }
  return units;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** A text's user-perceived characters (a Devanagari syllable is not cut). */
const characters = (text: string) => [...graphemes.segment(text)].map((part) => part.segment);

/**
 * Measures, wraps and lays out lines of text for one document: which font draws each character,
 * the order of right-to-left and left-to-right runs, and where each piece goes.
 */
export class Typesetter {
  constructor(readonly rtl: boolean) {}

  /** Whether a paragraph of this document reads right to left. */
  isRtl(text: string): boolean {
    return paragraphIsRtl(text, this.rtl);
  }

  /** Width of a line of text in points. */
  width(text: string, style: TextStyle, rtl = this.isRtl(text)): number {
    return this.line(text, style, rtl).width;
  }

  /** A line of a paragraph (reading right to left or not) as font pieces from left to right. */
  line(text: string, style: TextStyle, rtl: boolean): TypesetLine {
    const runs: GlyphRun[] = [];
    let x = 0;
    for (const run of visualRuns(text, rtl)) {
      const pieces = fontPieces(run.text);
      if (run.rtl) pieces.reverse();
      for (const { face, text: pieceText } of pieces) {
        const shape = pieceShape(face, pieceText, style.font);
        const width = shape.advance * style.size;
        // The font lays out Arabic right to left itself; anything else in a right-to-left run is turned round here.
        runs.push({ face, text: shape.rtl === run.rtl ? pieceText : reverseForDisplay(pieceText), rtl: shape.rtl, x, width });
        x += width;
      }
    }
    return { runs, width: x };
  }

  /** Splits a paragraph into lines no wider than `width` (breaking inside a word only when it alone is wider). */
  wrap(text: string, style: TextStyle, width: number, rtl = this.isRtl(text)): string[] {
    // Measured as drawn: which font draws a space or punctuation depends on the letters around it.
    const fits = (candidate: string) => this.width(candidate, style, rtl) <= width;
    const lines: string[] = [];
    let line = "";
    for (const unit of breakUnits(text)) {
      const candidate = line + (unit.space ? " " : "") + unit.text;
      if (line && fits(candidate)) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = unit.text;
      for (let parts = characters(line); parts.length > 1 && !fits(line); parts = characters(line)) {
        let cut = parts.length - 1;
        while (cut > 1 && !fits(parts.slice(0, cut).join(""))) cut--;
        lines.push(parts.slice(0, cut).join(""));
        line = parts.slice(cut).join("");
      }
    }
    if (line) lines.push(line);
    return lines;
  }
}
