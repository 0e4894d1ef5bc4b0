import "server-only";
import { A4, PdfCanvas } from "./pdf-document";
import type { Rgb, TextStyle, Typesetter } from "./typesetter";

/**
 * Flows blocks of text down A4 pages: wraps lines, starts a new page when a block does not fit
 * (keeping headings with what follows them), and adds a footer to every page at the end. In a
 * right-to-left document every row is mirrored: text starts at the right margin.
 */
export const MARGIN = 48;
export const CONTENT_WIDTH = A4.width - 2 * MARGIN;
const FOOTER_HEIGHT = 30;
const LINE_HEIGHT = 1.35;

export interface Segment {
  /** From the start of the content area (its left edge, or its right edge in a right-to-left document). */
  x: number;
  text: string;
  style: TextStyle;
  /** The text's paragraph reads right to left (by default: as the text itself does). */
  rtl?: boolean;
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

const blockHeight = (block: Block) => block.rows.reduce((sum, row) => sum + row.height, 0);

export class FlowLayout {
  private pageCount = 0;
  private cursor = 0;
  private pending: Block[] = [];
  private readonly top = A4.height - MARGIN;
  private readonly bottom = MARGIN + FOOTER_HEIGHT;

  constructor(
    private readonly canvas: PdfCanvas,
    readonly typesetter: Typesetter,
  ) {
    this.newPage();
  }

  /** Rows of a wrapped paragraph, starting `indent` points in. */
  paragraph(text: string, style: TextStyle, { indent = 0, link }: { indent?: number; link?: string } = {}): Row[] {
    const rtl = this.typesetter.isRtl(text);
    return this.typesetter.wrap(text, style, CONTENT_WIDTH - indent, rtl).map((line) => ({
      height: style.size * LINE_HEIGHT,
      segments: [{ x: indent, text: line, style, rtl, link }],
    }));
  }

  /** A bulleted list in `columns` columns, filled top to bottom. */
  bulletColumns(items: readonly string[], style: TextStyle, columns: number): Row[] {
    const gap = 12;
    const bulletIndent = style.size;
    const columnWidth = (CONTENT_WIDTH - gap * (columns - 1)) / columns;
    const perColumn = Math.ceil(items.length / columns);
    const wrapped = items.map((item) => {
      const rtl = this.typesetter.isRtl(item);
      return { rtl, lines: this.typesetter.wrap(item, style, columnWidth - bulletIndent, rtl) };
    });
    const rows: Row[] = [];
    for (let index = 0; index < perColumn; index++) {
      const cells = Array.from({ length: columns }, (_, column) => ({ column, item: wrapped[column * perColumn + index] ?? { rtl: false, lines: [] } }));
      const height = Math.max(...cells.map((cell) => cell.item.lines.length));
      for (let line = 0; line < height; line++) {
        rows.push({
          height: style.size * LINE_HEIGHT,
          segments: cells.flatMap(({ column, item: { rtl, lines } }): Segment[] => {
            const x = column * (columnWidth + gap);
            if (line >= lines.length) return [];
            return [...(line === 0 ? [{ x, text: "•", style }] : []), { x: x + bulletIndent, text: lines[line], style, rtl }];
          }),
        });
      }
    }
    return rows;
  }

  add(block: Block): void {
    this.pending.push(block);
    if (!block.keepWithNext) this.flush();
  }

  /** Lays out what is pending and draws `footer(page, pages)` at the bottom of every page. */
  finish(footer: (pageNumber: number, pageCount: number) => Row): void {
    this.flush();
    for (let page = 1; page <= this.pageCount; page++) {
      this.canvas.onPage(page);
      this.drawRow(footer(page, this.pageCount), MARGIN);
    }
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
        this.drawRow(row, this.cursor - row.height);
        this.cursor -= row.height;
      }
    }
  }

  private get atTop(): boolean {
    return this.cursor === this.top;
  }

  private newPage(): void {
    this.pageCount = this.canvas.addPage();
    this.cursor = this.top;
  }

  /** Draws a row whose bottom edge is at `bottom`, text centred vertically. */
  private drawRow(row: Row, bottom: number): void {
    if (row.fill) this.canvas.fillRect(MARGIN - 8, bottom, CONTENT_WIDTH + 16, row.height, row.fill);
    for (const segment of row.segments) {
      const line = this.typesetter.line(segment.text, segment.style, segment.rtl ?? this.typesetter.isRtl(segment.text));
      const x = this.typesetter.rtl ? MARGIN + CONTENT_WIDTH - segment.x - line.width : MARGIN + segment.x;
      const baseline = bottom + (row.height - segment.style.size * 0.72) / 2;
      this.canvas.text(x, baseline, line, segment.style);
      if (segment.link) this.canvas.link(x, baseline - segment.style.size * 0.3, line.width, segment.style.size * 1.3, segment.link);
    }
  }
}
