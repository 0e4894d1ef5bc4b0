import { textWidth } from "./fonts";
import { A4, PdfPage, type Rgb, type TextStyle } from "./pdf-document";

/**
 * Flows blocks of text down A4 pages: wraps lines, starts a new page when a block does not fit
 * (keeping headings with what follows them), and adds a footer to every page at the end.
 */
export const MARGIN = 48;
export const CONTENT_WIDTH = A4.width - 2 * MARGIN;
const FOOTER_HEIGHT = 30;
const LINE_HEIGHT = 1.35;

export interface Segment {
  /** From the start of the content area. */
  x: number;
  text: string;
  style: TextStyle;
  link?: string;
}

export interface Row {
  height: number;
  segments: Segment[];
  /** A background across the content area (and the margins' first few points). */
  fill?: Rgb;
}

export interface Block {
  rows: Row[];
  spaceBefore?: number;
  /** Never the last thing on a page (a heading). */
  keepWithNext?: boolean;
}

/** Splits a text into lines no wider than `width` (breaking inside a word only when it alone is wider). */
export function wrapText(text: string, style: TextStyle, width: number): string[] {
  const fits = (candidate: string) => textWidth(candidate, style.font, style.size) <= width;
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) line = candidate;
    else {
      if (line) lines.push(line);
      line = word;
      while (!fits(line)) {
        let cut = line.length - 1;
        while (cut > 1 && !fits(line.slice(0, cut))) cut--;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Rows of a wrapped paragraph, starting `indent` points in. */
export function paragraph(text: string, style: TextStyle, { indent = 0, link }: { indent?: number; link?: string } = {}): Row[] {
  return wrapText(text, style, CONTENT_WIDTH - indent).map((line) => ({
    height: style.size * LINE_HEIGHT,
    segments: [{ x: indent, text: line, style, link }],
  }));
}

/** A bulleted list in `columns` columns, filled top to bottom. */
export function bulletColumns(items: readonly string[], style: TextStyle, columns: number): Row[] {
  const gap = 12;
  const bulletIndent = style.size;
  const columnWidth = (CONTENT_WIDTH - gap * (columns - 1)) / columns;
  const perColumn = Math.ceil(items.length / columns);
  const wrapped = items.map((item) => wrapText(item, style, columnWidth - bulletIndent));
  const rows: Row[] = [];
  for (let index = 0; index < perColumn; index++) {
    const cells = Array.from({ length: columns }, (_, column) => ({ column, lines: wrapped[column * perColumn + index] ?? [] }));
    const height = Math.max(...cells.map((cell) => cell.lines.length));
    for (let line = 0; line < height; line++) {
      rows.push({
        height: style.size * LINE_HEIGHT,
        segments: cells.flatMap(({ column, lines }) => {
          const x = column * (columnWidth + gap);
          if (line >= lines.length) return [];
          return [...(line === 0 ? [{ x, text: "•", style }] : []), { x: x + bulletIndent, text: lines[line], style }];
        }),
      });
    }
  }
  return rows;
}

const blockHeight = (block: Block) => block.rows.reduce((sum, row) => sum + row.height, 0);

export class FlowLayout {
  readonly pages: PdfPage[] = [];
  private cursor = 0;
  private pending: Block[] = [];
  private readonly top = A4.height - MARGIN;
  private readonly bottom = MARGIN + FOOTER_HEIGHT;

  constructor() {
    this.newPage();
  }

  add(block: Block): void {
    this.pending.push(block);
    if (!block.keepWithNext) this.flush();
  }

  /** Lays out what is pending and draws `footer(page, pages)` at the bottom of every page. */
  finish(footer: (pageNumber: number, pageCount: number) => Row): PdfPage[] {
    this.flush();
    this.pages.forEach((page, index) => this.drawRow(page, footer(index + 1, this.pages.length), MARGIN));
    return this.pages;
  }

  private flush(): void {
    const blocks = this.pending;
    this.pending = [];
    const total = blocks.reduce((sum, block, index) => sum + blockHeight(block) + (index > 0 ? (block.spaceBefore ?? 0) : 0), 0);
    const first = blocks[0]?.spaceBefore ?? 0;
    if (!this.atTop && this.cursor - first - total < this.bottom && total <= this.top - this.bottom) this.newPage();
    for (const block of blocks) {
      if (!this.atTop) this.cursor -= block.spaceBefore ?? 0;
      for (const row of block.rows) {
        if (this.cursor - row.height < this.bottom) this.newPage();
        this.drawRow(this.pages.at(-1)!, row, this.cursor - row.height);
        this.cursor -= row.height;
      }
    }
  }

  private get atTop(): boolean {
    return this.cursor === this.top;
  }

  private newPage(): void {
    this.pages.push(new PdfPage());
    this.cursor = this.top;
  }

  /** Draws a row whose bottom edge is at `bottom`, text centred vertically. */
  private drawRow(page: PdfPage, row: Row, bottom: number): void {
    if (row.fill) page.fillRect(MARGIN - 8, bottom, CONTENT_WIDTH + 16, row.height, row.fill);
    for (const segment of row.segments) {
      const x = MARGIN + segment.x;
      const baseline = bottom + (row.height - segment.style.size * 0.72) / 2;
      page.text(x, baseline, segment.text, segment.style);
      if (segment.link) page.link(x, baseline, segment.text, segment.style, segment.link);
    }
  }
}
