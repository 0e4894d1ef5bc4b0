import "server-only";
import { runDicomEngine } from "./dicom";
import { EngineError, type EngineInput, type EngineResult } from "./types";
import { runOcrEngine } from "./ocr";
import { runPdfEngine } from "./pdf";
import { speechEngineConfigured } from "./configured";
import { runSpeechEngine } from "./speech";

/**
 * The transcription engines behind the job queue: PDF text (unpdf), image OCR (tesseract.js, offline),
 * DICOM header summary and report text, audio through Google Cloud Speech when it is configured.
 * Engines only read `input.open()`; they never store anything. A thrown EngineError says whether a
 * retry could help; any other error is unexpected and the queue treats it as retryable.
 */
export { EngineError, speechEngineConfigured };
export type { EngineInput, EngineResult, EngineSegment } from "./types";

export async function runEngine(input: EngineInput): Promise<EngineResult> {
  switch (input.kind) {
    case "pdf":
      return runPdfEngine(input);
    case "image":
      return runOcrEngine(input);
    case "dicom":
      return runDicomEngine(input);
    case "audio":
      return runSpeechEngine(input);
    default:
      throw new EngineError({ code: "kind_unsupported", params: { kind: String((input as { kind: unknown }).kind) } }, false);
  }
}
