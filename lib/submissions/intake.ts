import "server-only";
import { randomUUID } from "node:crypto";
import { receiveUploads } from "@/lib/uploads/receive";
import type { StoredUpload } from "@/lib/uploads/store-upload";
import { recordKinds } from "@/lib/contracts/file-types";
import { MAX_FILE_BYTES } from "@/lib/contracts/submission-options";

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
  return receiveUploads(
    request,
    {
      fileField: "files",
      maxFiles: options.maxFiles,
      tooManyFiles: "too_many_files",
      noFile: "records_required",
      prefix: () => `submissions/${options.folder()}`,
      rules: {
        maxBytes: MAX_FILE_BYTES,
        accepts: (type) => recordKinds.has(type.kind),
        refused: "file_type_refused",
        tooLarge: "file_too_large",
      },
      beforeFirstFile: options.beforeFirstFile,
    },
    commit,
  );
}

export const newSubmissionId = () => randomUUID();
