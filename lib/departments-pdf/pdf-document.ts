import "server-only";
import PDFDocument from "pdfkit";
import type { Rgb, TextStyle, TypesetLine } from "./typesetter";

/**
 * A4 pages drawn with pdfkit: filled rectangles, lines of typeset text (fonts embedded, subset to
 * the glyphs used) and link areas. Coordinates are in points from the bottom-left corner, as in PDF.
 */
export const A4 = { width: 595.28, height: 841.89 } as const;

export class PdfCanvas {
  private readonly doc: PDFKit.PDFDocument;
  private readonly output: Promise<Buffer>;
  private readonly fonts = new Set<string>();
  private pageCount = 0;

  constructor({ title, language }: { title: string; language: string }) {
    this.doc = new PDFDocument({
      size: [A4.width, A4.height],
      margin: 0,
      autoFirstPage: false,
      bufferPages: true, // footers are drawn once the page count is known
      pdfVersion: "1.7",
      lang: language,
      displayTitle: true,
      info: { Title: title, Producer: "AfyaBridge", Creator: "AfyaBridge" },
      // No default font: pdfkit would load Helvetica's metrics, which this document never uses.
      font: null as unknown as string,
    });
    const chunks: Buffer[] = [];
    this.output = new Promise((resolve, reject) => {
      this.doc.on("data", (chunk: Buffer) => chunks.push(chunk));
      this.doc.on("end", () => resolve(Buffer.concat(chunks)));
      this.doc.on("error", reject);
    });
  }

  /** Adds a page and draws on it; returns its number (from 1). */
  addPage(): number {
    this.doc.addPage();
    return ++this.pageCount;
  }

  /** Draws on an earlier page. */
  onPage(page: number): void {
    this.doc.switchToPage(page - 1);
  }

  fillRect(x: number, y: number, width: number, height: number, fill: Rgb): void {
    this.doc.rect(x, A4.height - y - height, width, height).fill([...fill]);
  }

  /** Draws a typeset line with its baseline starting at (x, y). */
  text(x: number, y: number, line: TypesetLine, style: TextStyle): void {
    this.doc.fillColor([...style.color]);
    for (const run of line.runs) {
      const id = run.face.id(style.font);
      if (!this.fonts.has(id)) {
        // A fontkit font: pdfkit takes it as it is (its types only list files and buffers).
        this.doc.registerFont(id, run.face.font(style.font) as unknown as Buffer);
        this.fonts.add(id);
      }
      // With `features`, pdfkit lays out the whole piece at once (right-to-left text needs it);
      // without, word by word with a cache. Either way as the typesetter measured it.
      const features = run.rtl ? [] : undefined;
      this.doc
        .font(id)
        .fontSize(style.size)
        .text(run.text, x + run.x, A4.height - y, { lineBreak: false, baseline: "alphabetic", features });
    }
  }

  /** Makes an area open a web address when tapped. */
  link(x: number, y: number, width: number, height: number, uri: string): void {
    this.doc.link(x, A4.height - y - height, width, height, uri);
  }

  /** The finished PDF file. */
  finish(): Promise<Buffer> {
    this.doc.end();
    return this.output;
  }
}
