import "server-only";
import { createRequire } from "node:module";
import path from "node:path";
import { createWorker, OEM, type Worker } from "tesseract.js";
import { readAll } from "./bytes";
import { EngineError, type EngineInput, type EngineResult } from "./types";

export const MAX_IMAGE_BYTES = 50 * 1024 * 1024;
/** A worker (a thread holding the WASM core and one language's model, ~100 MB) is released after this long without work. */
const IDLE_MS = 60_000;

export const NO_TEXT_FOUND = "No text was found in this image.";

/**
 * Tesseract's language codes by the primary subtag of the language chosen at upload. Each model is
 * an npm package, `@tesseract.js-data/<code>`: English and French are dependencies; a deployer adds
 * another with `npm install @tesseract.js-data/<code>` (README, "Transcription center"). A language
 * whose package is not installed is read with the English model.
 */
const TESSERACT_CODES: Record<string, string> = {
  en: "eng",
  fr: "fra",
  es: "spa",
  ar: "ara",
  tr: "tur",
  hi: "hin",
  ru: "rus",
  sw: "swa",
  yo: "yor",
  cmn: "chi_sim",
  zh: "chi_sim",
};
const DEFAULT_CODE = "eng";

const requireFromRoot = () => createRequire(path.join(process.cwd(), "package.json"));

/**
 * The folder of a language's gzipped "best_int" LSTM model in its installed package (tesseract.js
 * itself would otherwise download it from a CDN), or null when the package is not installed.
 * Resolved from the project root rather than this file, which the server build moves.
 */
function modelFolder(code: string): string | null {
  try {
    return path.join(path.dirname(requireFromRoot().resolve(`@tesseract.js-data/${code}/package.json`)), "4.0.0_best_int");
  } catch {
    return null;
  }
}

/** The Tesseract model to read a document in `language` (BCP-47, e.g. "fr-FR") with: its own when installed, else English. */
export function ocrLanguageFor(language: string | null): string {
  const code = TESSERACT_CODES[(language ?? "").split("-")[0].toLowerCase()];
  return code && modelFolder(code) ? code : DEFAULT_CODE;
}

const workers = new Map<string, Promise<Worker>>();
/** Images are recognised one at a time (jobs running concurrently queue here), whatever their language. */
let queue: Promise<unknown> = Promise.resolve();
let idleTimer: NodeJS.Timeout | null = null;
let running = 0;

function getWorker(code: string): Promise<Worker> {
  let worker = workers.get(code);
  if (!worker) {
    worker = createWorker(code, OEM.LSTM_ONLY, {
      langPath: modelFolder(code) ?? undefined,
      gzip: true,
      // Never write the model anywhere (the default caches it in the working directory).
      cacheMethod: "none",
      // Without a handler tesseract.js rethrows a failed job's error on the worker thread's message
      // event, which crashes the process; the job's own promise is rejected either way.
      errorHandler: () => {},
    }).catch((error) => {
      workers.delete(code);
      throw error;
    });
    workers.set(code, worker);
  }
  return worker;
}

/** Ends the OCR workers (after idling, and for tests); the next image starts a new one. */
export async function stopOcrWorker(): Promise<void> {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  const current = [...workers.values()];
  workers.clear();
  await Promise.all(current.map(async (worker) => (await worker.catch(() => null))?.terminate()));
}

/**
 * The text of a JPEG or PNG image read with the model of `code` (see ocrLanguageFor), entirely
 * offline, tidied (lines trimmed, runs of blank lines collapsed); "" when there is none.
 */
export async function recognizeText(image: Buffer, code: string): Promise<string> {
  if (idleTimer) clearTimeout(idleTimer);
  running++;
  let text: string;
  try {
    const turn = queue.then(async () => (await getWorker(code)).recognize(image));
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
  return text
    .split("\n")
    .map((line) => line.trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** OCR of a JPEG or PNG in the language chosen at upload (English by default). */
export async function runOcrEngine(input: EngineInput): Promise<EngineResult> {
  const image = await readAll(await input.open(), MAX_IMAGE_BYTES, "image");
  const code = ocrLanguageFor(input.language);
  const text = await recognizeText(image, code);
  return { status: "completed", engine: `tesseract.js (${code})`, text: text || NO_TEXT_FOUND };
}

function ocrError(error: unknown): EngineError {
  // tesseract.js rejects with the worker's message wrapped as "Error: ...".
  const message = (error instanceof Error ? error.message : String(error)).replace(/^(Error:\s*)+/, "");
  // Tesseract's image reader (Leptonica) refuses bytes it cannot decode: the file is the problem, not the engine.
  if (/read image|pixRead|image file|unsupported image/i.test(message))
    return new EngineError({ code: "image_unreadable", params: { detail: message } }, false);
  return new EngineError({ code: "ocr_failed", params: { detail: message } }, true);
}
