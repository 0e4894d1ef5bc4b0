/**
 * Makes phone photos of paper reports lighter before they are sent on costly mobile data: a JPEG,
 * PNG or HEIC photo over 1.5 MB is re-encoded as a JPEG of at most 2560 px on its longest side at
 * quality 0.8, which keeps printed text readable (tests/integration/photo-compression.test.ts reads
 * it back with OCR). The browser's own codecs do the work (createImageBitmap + OffscreenCanvas
 * convertToBlob), in a worker when the browser allows one, so no script or codec is fetched at run
 * time. HEIC is compressed only where the browser decodes it (Safari); elsewhere (Chromium) it is
 * sent as it is, and so is anything whose JPEG would not be smaller.
 */
import { encodeJpeg, type EncodeSettings } from "./photo-encoder";

export interface CompressionSettings extends EncodeSettings {
  /** Photos up to this size are sent as they are. */
  minBytes: number;
}

export const PHOTO_COMPRESSION: CompressionSettings = { minBytes: 1.5 * 1024 * 1024, maxSide: 2560, quality: 0.8 };

export interface CompressedPhoto {
  /** The JPEG, or the original file when compression did not apply or did not make it smaller. */
  file: File;
  originalSize: number;
  compressedSize: number;
}

const PHOTO_TYPES = new Set(["image/jpeg", "image/png", "image/heic", "image/heif"]);
const PHOTO_NAME = /\.(jpe?g|png|heic|heif)$/i;

/** A photo this module would try to make lighter (its type, or its name when the browser gives no type). */
export function isCompressiblePhoto(file: File, settings: CompressionSettings = PHOTO_COMPRESSION): boolean {
  const photo = file.type ? PHOTO_TYPES.has(file.type.toLowerCase()) : PHOTO_NAME.test(file.name);
  return photo && file.size > settings.minBytes;
}

export async function compressPhoto(file: File, overrides: Partial<CompressionSettings> = {}): Promise<CompressedPhoto> {
  const settings = { ...PHOTO_COMPRESSION, ...overrides };
  const unchanged = { file, originalSize: file.size, compressedSize: file.size };
  if (!isCompressiblePhoto(file, settings)) return unchanged;
  const encode = { maxSide: settings.maxSide, quality: settings.quality };
  let jpeg: Blob | null;
  try {
    jpeg = await encodeInWorker(file, encode);
  } catch {
    // No worker here (or it could not start): the same work on the page.
    jpeg = await encodeJpeg(file, encode).catch(() => null);
  }
  if (!jpeg || jpeg.size >= file.size) return unchanged;
  const compressed = new File([jpeg], jpegName(file.name), { type: "image/jpeg", lastModified: file.lastModified });
  return { file: compressed, originalSize: file.size, compressedSize: compressed.size };
}

/** "scan.PNG" → "scan.jpg": the name says what the bytes now are. */
export function jpegName(name: string): string {
  return PHOTO_NAME.test(name) ? name.replace(PHOTO_NAME, ".jpg") : `${name}.jpg`;
}

export interface WorkerJob {
  id: number;
  photo: Blob;
  settings: EncodeSettings;
}
export type WorkerAnswer = { id: number; jpeg: Blob | null } | { id: number; error: string };

let worker: Worker | null = null;
let nextJob = 0;
const pending = new Map<number, { resolve: (jpeg: Blob | null) => void; reject: (error: Error) => void }>();

/** One worker for the page, started on first use; photos are done one after the other (phones have little memory). */
function photoWorker(): Worker {
  if (worker) return worker;
  if (typeof Worker === "undefined" || typeof OffscreenCanvas === "undefined") throw new Error("no worker");
  const started = new Worker(new URL("./compress-photo.worker.ts", import.meta.url));
  started.onmessage = ({ data }: MessageEvent<WorkerAnswer>) => {
    const job = pending.get(data.id);
    pending.delete(data.id);
    if (!job) return;
    if ("error" in data) job.reject(new Error(data.error));
    else job.resolve(data.jpeg);
  };
  started.onerror = (event) => {
    event.preventDefault();
    for (const job of pending.values()) job.reject(new Error("photo worker failed"));
    pending.clear();
    started.terminate();
    worker = null;
  };
  worker = started;
  return started;
}

function encodeInWorker(photo: Blob, settings: EncodeSettings): Promise<Blob | null> {
  const target = photoWorker();
  const id = nextJob++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    target.postMessage({ id, photo, settings } satisfies WorkerJob);
  });
}
