import "server-only";
import { randomUUID } from "node:crypto";
import { AppError } from "@/lib/api/errors";
import { getStore } from "@/lib/storage";
import { readMultipart } from "@/lib/uploads/multipart";
import { storeUpload, type StoredUpload } from "@/lib/uploads/store-upload";
import type { SniffedType } from "@/lib/uploads/sniff";
import { MAX_FILE_BYTES, MESSAGES } from "./rules";

/** Medical records we accept: PDF, JPEG, PNG, HEIC/HEIF, DICOM, ZIP (a CD's contents), plain text. */
const ACCEPTED_KINDS = new Set<SniffedType["kind"]>(["pdf", "jpeg", "png", "heic", "dicom", "zip", "text"]);

/**
 * Streams the files of a multipart request into storage under `submissions/<submission id>/`, then
 * hands the text fields and stored files to `commit`. If reading, validating or committing fails,
 * every file stored by this request is deleted again, so no orphan bytes remain.
 */
export async function receiveRecords<T>(
  request: Request,
  options: {
    /** Storage folder of the submission; read when each file arrives (after beforeFirstFile). */
    folder: () => string;
    maxFiles: number;
    /** Checked when the first file arrives (with the fields sent before it), before storing anything. */
    beforeFirstFile?: (fields: Readonly<Record<string, string>>) => Promise<void>;
  },
  commit: (fields: Record<string, string>, files: StoredUpload[]) => Promise<T>,
): Promise<T> {
  const store = getStore();
  const stored: StoredUpload[] = [];
  try {
    const fields = await readMultipart(request, { fileField: "files", maxFiles: options.maxFiles, tooManyFilesMessage: MESSAGES.tooManyFiles }, async (file, fieldsSoFar) => {
      if (stored.length === 0 && options.beforeFirstFile) await options.beforeFirstFile(fieldsSoFar);
      stored.push(
        await storeUpload(store, file, {
          prefix: `submissions/${options.folder()}`,
          maxBytes: MAX_FILE_BYTES,
          accepts: (type) => ACCEPTED_KINDS.has(type.kind),
          refusedMessage: MESSAGES.refusedType,
          tooLargeMessage: MESSAGES.tooLarge,
        }),
      );
    });
    if (stored.length === 0) throw new AppError("bad_request", MESSAGES.filesRequired);
    return await commit(fields, stored);
  } catch (error) {
    await Promise.allSettled(stored.map((file) => store.delete(file.key)));
    throw error;
  }
}

export const newSubmissionId = () => randomUUID();
