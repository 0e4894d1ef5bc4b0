import "server-only";
// pdf.js draws pages with ArrayBuffer.prototype.transferToFixedLength (ES2024), which Node 20 lacks:
// without it every drawn page comes out blank. Node 22 and later have it, and then this does nothing.
import "core-js/actual/array-buffer/transfer-to-fixed-length";
import { extractText, getDocumentProxy, renderPageAsImage } from "unpdf";
import type { PDFDocumentProxy } from "unpdf/pdfjs";
import { readAll } from "./bytes";
import { ocrLanguageFor, recognizeText } from "./ocr";
import { EngineError, type EngineInput, type EngineResult, type EngineSegment } from "./types";

/** pdf.js parses the whole document in memory; larger PDFs are refused rather than risking the process. */
export const MAX_PDF_BYTES = 100 * 1024 * 1024;

export const NO_TEXT_FOUND_IN_SCAN = "No text layer was found and OCR found no text on the pages of this PDF.";

/** Scanned pages are drawn at 3× PDF units (216 dots per inch): enough for Tesseract on printed text, ~17 MB of pixels for an A4 page. */
const RENDER_SCALE = 3;

type Page = EngineSegment & { page: number };

/**
 * The text of every page, each page a segment with its number; the text marks where each page
 * starts. Pages without a text layer (scans) are drawn and read by OCR one at a time, in the
 * language chosen at upload, reporting progress after each; pages with a text layer keep it.
 */
export async function runPdfEngine(input: EngineInput): Promise<EngineResult> {
  const bytes = await readAll(await input.open(), MAX_PDF_BYTES, "PDF");
  let pages: Page[];
  let ocrCode: string | null = null;
  const document = await openPdf(bytes);
  try {
    pages = await pageTexts(document);
    const scanned = pages.filter((page) => !page.text);
    if (scanned.length) {
      ocrCode = ocrLanguageFor(input.language);
      for (const [index, page] of scanned.entries()) {
        await input.progress?.(index, scanned.length);
        page.text = await recognizeText(await renderPage(document, page.page), ocrCode);
      }
      await input.progress?.(scanned.length, scanned.length);
    }
  } finally {
    await document.destroy();
  }
  const engine = ocrCode ? `unpdf + tesseract.js (${ocrCode})` : "unpdf";
  if (pages.every((page) => !page.text)) return { status: "completed", engine, text: NO_TEXT_FOUND_IN_SCAN, segments: [] };
  const text = pages.map((page) => `--- Page ${page.page} of ${pages.length} ---\n${page.text}`).join("\n\n");
  return { status: "completed", engine, text, segments: pages };
}

/** The text layer of each page (numbered from 1); throws EngineError when the bytes are not a readable PDF. */
export async function extractPdfPages(bytes: Uint8Array): Promise<Page[]> {
  const document = await openPdf(bytes);
  try {
    return await pageTexts(document);
  } finally {
    await document.destroy();
  }
}

async function openPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  try {
    // A copy: pdf.js may transfer (detach) the buffer it is given.
    return await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
  } catch (error) {
    throw pdfError(error);
  }
}

async function pageTexts(document: PDFDocumentProxy): Promise<Page[]> {
  let texts: string[];
  try {
    texts = (await extractText(document, { mergePages: false })).text;
  } catch (error) {
    throw pdfError(error);
  }
  return texts.map((text, index) => ({ page: index + 1, text: tidy(text) }));
}

/** One page as a PNG, drawn by pdf.js on a Skia canvas (@napi-rs/canvas, whose binary comes in its npm package). */
async function renderPage(document: PDFDocumentProxy, pageNumber: number): Promise<Buffer> {
  try {
    const png = await renderPageAsImage(document, pageNumber, { canvasImport: () => import("@napi-rs/canvas"), scale: RENDER_SCALE });
    return Buffer.from(png);
  } catch (error) {
    throw new EngineError(
      { code: "pdf_page_render_failed", params: { page: pageNumber, detail: error instanceof Error ? error.message : String(error) } },
      true,
    );
  }
}

/** pdf.js gives a page's text runs joined by spaces and newlines; trailing spaces and runs of blank lines are noise. */
function tidy(text: string): string {
  return text
    .split("\n")
    .map((line) => line.trimEnd())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

function pdfError(error: unknown): EngineError {
  const name = error instanceof Error ? error.name : "";
  const message = error instanceof Error ? error.message : String(error);
  if (name === "PasswordException") return new EngineError({ code: "pdf_password" }, false);
  if (name === "InvalidPDFException" || name === "FormatError" || name === "UnknownErrorException" || name === "MissingPDFException")
    return new EngineError({ code: "pdf_unreadable", params: { detail: message } }, false);
  // Anything else is unexpected (out of memory, a bug in pdf.js): worth one more try.
  return new EngineError({ code: "pdf_failed", params: { detail: message } }, true);
}
