import "server-only";
import { AppError } from "@/lib/app-error";
import type { AuditActor } from "@/lib/audit";
import type { SessionUser } from "@/lib/auth/session";
import { findReadableFile, openFileForReading } from "@/lib/files/read";
import { DICOM_MIME_TYPE } from "@/lib/contracts/files";
import { DicomFormatError, MAX_RENDER_BYTES, type DicomHeader, type NotRenderableReason } from "./parse";
import { readDicomHeader, readDicomPreview } from "./read";

export const NOT_DICOM = "This file is not a DICOM file.";

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
  if (file.mimeType !== DICOM_MIME_TYPE) throw new AppError("unsupported_media_type", NOT_DICOM);
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
  compressed: (header) =>
    new AppError("unsupported_media_type", `This DICOM image is compressed (${header.metadata.transferSyntax.name}) and cannot be previewed here; download the file to view it.`),
  unsupported_image: (header) =>
    new AppError("unsupported_media_type", `DICOM images of type ${header.metadata.photometricInterpretation ?? "unknown"} cannot be previewed here; download the file to view it.`),
  too_large: () => new AppError("payload_too_large", `This DICOM image is larger than ${MAX_RENDER_BYTES / 1024 / 1024} MB and cannot be previewed; download the file to view it.`),
  no_image: () => new AppError("unsupported_media_type", "This DICOM file holds no complete image to preview."),
};

function notRenderable(header: DicomHeader): AppError {
  return header.preview.renderable ? new AppError("unsupported_media_type", "This DICOM image cannot be previewed.") : REASONS[header.preview.reason](header);
}

async function asClientError<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof DicomFormatError) throw new AppError("bad_request", error.message);
    throw error;
  }
}
