import "server-only";
import { extractText, getDocumentProxy } from "unpdf";
import { readAll } from "./bytes";
import { EngineError, type EngineInput, type EngineResult, type EngineSegment } from "./types";

/** pdf.js parses the whole document in memory; larger PDFs are refused rather than risking the process. */
export const MAX_PDF_BYTES = 100 * 1024 * 1024;

export const NO_TEXT_LAYER =
  "No text layer found: this PDF holds only images (a scanned document?). Upload the pages as PNG or JPEG images to have them read by OCR.";

/** The text of every page, each page a segment with its number; the text marks where each page starts. */
export async function runPdfEngine(input: EngineInput): Promise<EngineResult> {
  const bytes = await readAll(await input.open(), MAX_PDF_BYTES, "PDF");
  const segments = await extractPdfPages(bytes);
  if (segments.every((segment) => !segment.text)) return { status: "completed", engine: "unpdf", text: NO_TEXT_LAYER, segments: [] };
  const text = segments.map((segment) => `--- Page ${segment.page} of ${segments.length} ---\n${segment.text}`).join("\n\n");
  return { status: "completed", engine: "unpdf", text, segments };
}

/** The text of each page (numbered from 1); throws EngineError when the bytes are not a readable PDF. */
export async function extractPdfPages(bytes: Uint8Array): Promise<(EngineSegment & { page: number })[]> {
  let pages: string[];
  try {
    // A copy: pdf.js may transfer (detach) the buffer it is given.
    const document = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
    try {
      pages = (await extractText(document, { mergePages: false })).text;
    } finally {
      await document.destroy();
    }
  } catch (error) {
    throw pdfError(error);
  }
  return pages.map((text, index) => ({ page: index + 1, text: tidy(text) }));
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
  if (name === "PasswordException") return new EngineError("This PDF is password-protected; upload a copy without a password.", false);
  if (name === "InvalidPDFException" || name === "FormatError" || name === "UnknownErrorException" || name === "MissingPDFException")
    return new EngineError(`This file could not be read as a PDF (${message}).`, false);
  // Anything else is unexpected (out of memory, a bug in pdf.js): worth one more try.
  return new EngineError(`Reading the PDF failed: ${message}`, true);
}
