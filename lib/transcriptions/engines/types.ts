import "server-only";
import type { StatusReason } from "@/lib/contracts/transcription-reasons";
import { englishReason } from "../status-reason";

export type EngineSegment = { start?: number; end?: number; page?: number; text: string };

export type EngineResult =
  { status: "completed"; engine: string; text: string; segments?: EngineSegment[] } | { status: "needs_engine"; reason: StatusReason | string };

export interface EngineInput {
  kind: "audio" | "pdf" | "image" | "dicom";
  mimeType: string;
  fileName: string;
  size: number;
  /** BCP-47 code chosen at upload (e.g. "en-US", "fr-FR"): spoken language of audio, written language of a PDF or image; null for DICOM. */
  language: string | null;
  /** The decrypted stored bytes; may be called once per run. */
  open: () => Promise<NodeJS.ReadableStream | ReadableStream<Uint8Array>>;
  /** Reports how far a long run is (pages read by OCR of all to read), for the transcript page. */
  progress?: (done: number, total: number) => Promise<void>;
}

/**
 * An engine could not transcribe the file; `retryable` says whether trying again later could help. Engines
 * give a coded reason (its English text is the message); a plain message has no code and is shown as it is.
 */
export class EngineError extends Error {
  override name = "EngineError";
  readonly reason: StatusReason | null;
  constructor(
    reason: StatusReason | string,
    readonly retryable: boolean,
  ) {
    super(typeof reason === "string" ? reason : englishReason(reason));
    this.reason = typeof reason === "string" ? null : reason;
  }
}
