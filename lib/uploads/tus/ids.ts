import "server-only";
import { randomBytes } from "node:crypto";
import { UPLOAD_EXPIRY_HOURS, type AnnouncedFile } from "@/lib/contracts/uploads";
import { cleanFileName } from "../file-name";

/** A new upload id: 32 hex characters, the last segment of /api/uploads/<id>. */
export const newUploadId = () => randomBytes(16).toString("hex");

export const isUploadId = (id: string) => /^[0-9a-f]{32}$/.test(id);

/** Where a finished upload's bytes are kept, in the object store. */
export const uploadStorageKey = (id: string) => `uploads/${id}`;

export const UPLOAD_EXPIRY_MS = UPLOAD_EXPIRY_HOURS * 60 * 60 * 1000;

/** The Upload rows of announced files (a submission's, or a transcription's one file). */
export function newUploadRows(files: AnnouncedFile[], userId: string | null, now = new Date()) {
  return files.map((file) => {
    const id = newUploadId();
    return {
      id,
      fileName: cleanFileName(file.name),
      size: BigInt(file.size),
      storageKey: uploadStorageKey(id),
      userId,
      studyUid: file.study ?? null,
      expiresAt: new Date(now.getTime() + UPLOAD_EXPIRY_MS),
    };
  });
}
