import "server-only";
import decodeHeic from "heic-decode";
import jpeg from "jpeg-js";
import { AppError } from "@/lib/app-error";
import { isHeic } from "@/lib/contracts/file-types";
import type { AuditActor } from "@/lib/audit";
import type { SessionUser } from "@/lib/auth/session";
import { readAll } from "@/lib/transcriptions/engines/bytes";
import { EngineError } from "@/lib/transcriptions/engines/types";
import { findReadableFile, openFileForReading } from "./read";

/** HEIC files larger than this are not converted for preview (they stay downloadable). */
export const MAX_HEIC_PREVIEW_BYTES = 50 * 1024 * 1024;
/** Nor images over this many pixels (a 48-megapixel photo decodes to ~190 MB of RGBA). */
export const MAX_HEIC_PREVIEW_PIXELS = 50_000_000;
const JPEG_QUALITY = 85;

interface Viewer {
  user: SessionUser | null;
  trackedSubmissionId: string | null;
  actor: AuditActor;
}

/**
 * A stored HEIC/HEIF photo as a JPEG, for staff whose browsers cannot show HEIC: opened under the same
 * rules and audit as GET /api/files/[id] (lib/files/read: 404 for anyone who may not read it). The
 * stored original is left as it is. Other types are refused (415) and files over 50 MB (413) before
 * anything is read or audited; conversions run one at a time, in memory bounded by those limits.
 */
export async function storedHeicPreview(rawId: string, viewer: Viewer): Promise<{ name: string; jpeg: Buffer }> {
  const found = await findReadableFile(rawId, viewer.user, viewer.trackedSubmissionId);
  if (!isHeic(found.mimeType)) throw new AppError("unsupported_media_type", "not_heic");
  if (Number(found.size) > MAX_HEIC_PREVIEW_BYTES) throw tooLarge();
  const file = await openFileForReading(found.id, viewer.user, viewer.trackedSubmissionId, viewer.actor);
  let bytes: Buffer;
  try {
    bytes = await readAll(file.stream, MAX_HEIC_PREVIEW_BYTES, "photo");
  } catch (error) {
    // The stored file is larger than its recorded size.
    if (error instanceof EngineError) throw tooLarge();
    throw error;
  }
  return { name: file.originalName, jpeg: await oneAtATime(() => heicToJpeg(bytes)) };
}

/** The primary (first) image of a HEIC file as a JPEG; 400 when it cannot be decoded. */
export async function heicToJpeg(bytes: Uint8Array): Promise<Buffer> {
  let images: Awaited<ReturnType<typeof decodeHeic.all>>;
  try {
    images = await decodeHeic.all({ buffer: bytes });
  } catch {
    throw new AppError("bad_request", "heic_unreadable");
  }
  try {
    const [image] = images;
    if (!image) throw new AppError("bad_request", "heic_unreadable");
    if (image.width * image.height > MAX_HEIC_PREVIEW_PIXELS) throw tooLarge();
    let decoded;
    try {
      decoded = await image.decode();
    } catch {
      throw new AppError("bad_request", "heic_unreadable");
    }
    return Buffer.from(jpeg.encode({ width: decoded.width, height: decoded.height, data: decoded.data }, JPEG_QUALITY).data);
  } finally {
    images.dispose();
  }
}

const tooLarge = () => new AppError("payload_too_large", "heic_too_large", { params: { megabytes: MAX_HEIC_PREVIEW_BYTES / 1024 / 1024 } });

// Decoding is CPU- and memory-heavy: one photo at a time for the whole server.
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const turn = queue.then(work);
  queue = turn.catch(() => {});
  return turn;
}
