import "server-only";
import { AppError } from "@/lib/app-error";
import type { AuditActor } from "@/lib/audit";
import type { SessionUser } from "@/lib/auth/session";
import { findReadableFile, openFileForReading } from "@/lib/files/read";
import { DICOM_MIME_TYPE } from "@/lib/contracts/files";
import { DicomFormatError } from "./parse";
import { readDicomHeader } from "./read";

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

async function asClientError<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof DicomFormatError) throw new AppError("bad_request", "dicom_unreadable");
    throw error;
  }
}
