import { deflateSync } from "node:zlib";
import { BASE_FONTS, ENCODING_DIFFERENCES, encodeText, textWidth, type FontStyle } from "./fonts";

/**
 * A small PDF 1.7 writer: A4 pages of text, filled rectangles and link areas, in the built-in
 * Helvetica fonts, with compressed content streams. Enough for a printable guide; no dependency.
 */
export type Rgb = readonly [red: number, green: number, blue: number];

export const A4 = { width: 595.28, height: 841.89 } as const;

export interface TextStyle {
  font: FontStyle;
  size: number;
  color: Rgb;
}

const fontResource: Record<FontStyle, string> = { regular: "F1", bold: "F2" };

const number = (value: number) => (Math.round(value * 100) / 100).toString();
const colour = ([r, g, b]: Rgb) => [r, g, b].map((c) => number(c / 255)).join(" ");

/** A PDF literal string: printable ASCII as is, `(`, `)` and `\` escaped, other bytes as octal. */
export function pdfString(bytes: readonly number[]): string {
  const body = bytes
    .map((byte) => {
      if (byte === 0x28 || byte === 0x29 || byte === 0x5c) return `\\${String.fromCharCode(byte)}`;
      if (byte >= 0x20 && byte <= 0x7e) return String.fromCharCode(byte);
      return `\\${byte.toString(8).padStart(3, "0")}`;
    })
    .join("");
  return `(${body})`;
}

/** A text string for the document information dictionary (any Unicode text, as UTF-16BE). */
function pdfUnicodeString(text: string): string {
  const utf16 = Buffer.from(text, "utf16le").swap16();
  return `<FEFF${utf16.toString("hex").toUpperCase()}>`;
}

export class PdfPage {
  private readonly operations: string[] = [];
  readonly links: { rect: readonly [number, number, number, number]; uri: string }[] = [];

  /** Draws text with its baseline starting at (x, y); y counts from the bottom of the page. */
  text(x: number, y: number, text: string, style: TextStyle): void {
    this.operations.push(`BT /${fontResource[style.font]} ${number(style.size)} Tf ${colour(style.color)} rg ${number(x)} ${number(y)} Td ${pdfString(encodeText(text))} Tj ET`);
  }

  fillRect(x: number, y: number, width: number, height: number, fill: Rgb): void {
    this.operations.push(`${colour(fill)} rg ${number(x)} ${number(y)} ${number(width)} ${number(height)} re f`);
  }

  /** Makes the area of a text drawn at (x, y) open a web address when tapped. */
  link(x: number, y: number, text: string, style: TextStyle, uri: string): void {
    const width = textWidth(text, style.font, style.size);
    this.links.push({ rect: [x, y - style.size * 0.3, x + width, y + style.size], uri });
  }

  content(): string {
    return this.operations.join("\n");
  }
}

/** Serializes pages into a complete PDF file. */
export function writePdf({ pages, title, language }: { pages: readonly PdfPage[]; title: string; language: string }): Buffer {
  const objects: (string | Buffer)[] = [];
  const add = (body: string | Buffer) => objects.push(body); // the new object's number
  const reserve = () => add("");

  const catalog = reserve();
  const pageTree = reserve();
  const encoding = add(`<< /Type /Encoding /BaseEncoding /WinAnsiEncoding /Differences ${ENCODING_DIFFERENCES} >>`);
  const fonts = (Object.keys(fontResource) as FontStyle[])
    .map((style) => `/${fontResource[style]} ${add(`<< /Type /Font /Subtype /Type1 /BaseFont /${BASE_FONTS[style]} /Encoding ${encoding} 0 R >>`)} 0 R`)
    .join(" ");
  const info = add(`<< /Title ${pdfUnicodeString(title)} /Producer (AfyaBridge) >>`);
  const pageIds = pages.map((page) => {
    const stream = deflateSync(Buffer.from(page.content(), "latin1"));
    const contents = add(Buffer.concat([Buffer.from(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`), stream, Buffer.from("\nendstream")]));
    const annotations = page.links.map(({ rect, uri }) =>
      add(`<< /Type /Annot /Subtype /Link /Rect [${rect.map(number).join(" ")}] /Border [0 0 0] /A << /S /URI /URI ${pdfString([...Buffer.from(uri, "latin1")])} >> >>`),
    );
    const annots = annotations.length ? ` /Annots [${annotations.map((id) => `${id} 0 R`).join(" ")}]` : "";
    return add(
      `<< /Type /Page /Parent ${pageTree} 0 R /MediaBox [0 0 ${A4.width} ${A4.height}] /Resources << /Font << ${fonts} >> >> /Contents ${contents} 0 R${annots} >>`,
    );
  });
  objects[pageTree - 1] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pageIds.length} >>`;
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pageTree} 0 R /Lang ${pdfString([...Buffer.from(language, "latin1")])} /ViewerPreferences << /DisplayDocTitle true >> >>`;

  const chunks: Buffer[] = [Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  let offset = chunks[0].length;
  const offsets = objects.map((body, index) => {
    const chunk = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`), Buffer.isBuffer(body) ? body : Buffer.from(body, "latin1"), Buffer.from("\nendobj\n")]);
    chunks.push(chunk);
    const at = offset;
    offset += chunk.length;
    return at;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n`, "0000000000 65535 f \n", ...offsets.map((at) => `${String(at).padStart(10, "0")} 00000 n \n`)].join("");
  chunks.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${offset}\n%%EOF\n`));
  return Buffer.concat(chunks);
}
