import "server-only";
import { AppError } from "@/lib/app-error";
import type { AuditActor } from "@/lib/audit";
import type { SessionUser } from "@/lib/auth/session";
import { findReadableFile, openFileForReading } from "@/lib/files/read";
import { DICOM_MIME_TYPE } from "@/lib/contracts/files";
import { DicomFormatError, MAX_RENDER_BYTES, type DicomHeader, type NotRenderableReason } from "./parse";
import { readDicomHeader, readDicomPreview } from "./read";

interface Viewer {
  user: SessionUser | null;
  trackedSubmissionId: string | null;
  actor: AuditActor;
}

/**
 * A stored DICOM file, opened under the same rules as GET /api/files/[id] (lib/files/read: who may
 * read it, 404 for anyone else, and the file.read audit row). Other types are refused (415) before
 * anything is read or audited.
 */
async function openDicom(rawId: string, viewer: Viewer) {
  const file = await findReadableFile(rawId, viewer.user, viewer.trackedSubmissionId);
  if (file.mimeType !== DICOM_MIME_TYPE) throw new AppError("unsupported_media_type", "not_dicom");
  return openFileForReading(file.id, viewer.user, viewer.trackedSubmissionId, viewer.actor);
}

/** The metadata of a stored DICOM file and whether its image can be previewed; reads only its header. */
export async function storedDicomMetadata(rawId: string, viewer: Viewer) {
  const file = await openDicom(rawId, viewer);
  const header = await asClientError(readDicomHeader(file.stream, file.size));
  return {
    fileId: file.id,
    name: file.originalName,
    ...header.metadata,
    preview: header.preview.renderable ? { renderable: true as const } : { renderable: false as const, reason: header.preview.reason },
  };
}

export type StoredDicomMetadata = Awaited<ReturnType<typeof storedDicomMetadata>>;

/** The first frame of a stored DICOM file as a PNG, or a 4xx saying why there is none. */
export async function storedDicomPreview(rawId: string, viewer: Viewer): Promise<{ name: string; png: Buffer }> {
  const file = await openDicom(rawId, viewer);
  const { header, png } = await asClientError(readDicomPreview(file.stream, file.size));
  if (!png) throw notRenderable(header);
  return { name: file.originalName, png };
}

const REASONS: Record<NotRenderableReason, (header: DicomHeader) => AppError> = {
  compressed: (header) => new AppError("unsupported_media_type", "dicom_compressed", { params: { syntax: header.metadata.transferSyntax.name } }),
  unsupported_image: (header) =>
    new AppError("unsupported_media_type", "dicom_unsupported_image", { params: { type: header.metadata.photometricInterpretation ?? "?" } }),
  too_large: () => new AppError("payload_too_large", "dicom_too_large", { params: { megabytes: MAX_RENDER_BYTES / 1024 / 1024 } }),
  no_image: () => new AppError("unsupported_media_type", "dicom_no_image"),
};

function notRenderable(header: DicomHeader): AppError {
  return header.preview.renderable ? new AppError("unsupported_media_type", "dicom_not_previewable") : REASONS[header.preview.reason](header);
}

async function asClientError<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof DicomFormatError) throw new AppError("bad_request", "dicom_unreadable");
    throw error;
  }
}
