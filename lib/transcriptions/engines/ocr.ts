import "server-only";
import { createRequire } from "node:module";
import path from "node:path";
import { createWorker, OEM, type Worker } from "tesseract.js";
import { readAll } from "./bytes";
import { EngineError, type EngineInput, type EngineResult } from "./types";

export const MAX_IMAGE_BYTES = 50 * 1024 * 1024;
/** The worker (a thread holding the WASM core and the English model, ~100 MB) is released after this long without work. */
const IDLE_MS = 60_000;

export const NO_TEXT_FOUND = "No text was found in this image.";

/**
 * English data from the installed @tesseract.js-data/eng package (the gzipped "best_int" LSTM model,
 * which tesseract.js itself would otherwise download from a CDN). Resolved from the project root
 * rather than this file, which the server build moves.
 */
function englishDataPath(): string {
  const requireFromRoot = createRequire(path.join(process.cwd(), "package.json"));
  return path.join(path.dirname(requireFromRoot.resolve("@tesseract.js-data/eng/package.json")), "4.0.0_best_int");
}

let worker: Promise<Worker> | null = null;
/** Images are recognised one at a time on the one worker (jobs running concurrently queue here). */
let queue: Promise<unknown> = Promise.resolve();
let idleTimer: NodeJS.Timeout | null = null;
let running = 0;

function getWorker(): Promise<Worker> {
  worker ??= createWorker("eng", OEM.LSTM_ONLY, {
    langPath: englishDataPath(),
    gzip: true,
    // Never write the model anywhere (the default caches it in the working directory).
    cacheMethod: "none",
    // Without a handler tesseract.js rethrows a failed job's error on the worker thread's message
    // event, which crashes the process; the job's own promise is rejected either way.
    errorHandler: () => {},
  }).catch((error) => {
    worker = null;
    throw error;
  });
  return worker;
}

/** Ends the OCR worker (after idling, and for tests); the next image starts a new one. */
export async function stopOcrWorker(): Promise<void> {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  const current = worker;
  worker = null;
  if (current) await (await current.catch(() => null))?.terminate();
}

/** OCR of a JPEG or PNG with Tesseract's English model, entirely offline. */
export async function runOcrEngine(input: EngineInput): Promise<EngineResult> {
  const image = await readAll(await input.open(), MAX_IMAGE_BYTES, "image");
  if (idleTimer) clearTimeout(idleTimer);
  running++;
  let text: string;
  try {
    const turn = queue.then(async () => (await getWorker()).recognize(image));
    queue = turn.catch(() => {});
    text = (await turn).data.text;
  } catch (error) {
    throw ocrError(error);
  } finally {
    running--;
    if (running === 0) {
      idleTimer = setTimeout(() => void stopOcrWorker(), IDLE_MS);
      idleTimer.unref();
    }
  }
  const tidy = text
    .split("\n")
    .map((line) => line.trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return { status: "completed", engine: "tesseract.js (eng)", text: tidy || NO_TEXT_FOUND };
}

function ocrError(error: unknown): EngineError {
  // tesseract.js rejects with the worker's message wrapped as "Error: ...".
  const message = (error instanceof Error ? error.message : String(error)).replace(/^(Error:\s*)+/, "");
  // Tesseract's image reader (Leptonica) refuses bytes it cannot decode: the file is the problem, not the engine.
  if (/read image|pixRead|image file|unsupported image/i.test(message)) return new EngineError(`This image could not be read (${message}).`, false);
  return new EngineError(`OCR failed: ${message}`, true);
}
