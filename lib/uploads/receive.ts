import "server-only";
import { AppError } from "@/lib/app-error";
import type { ErrorCode } from "@/lib/contracts/errors";
import { getStore } from "@/lib/storage";
import { readMultipart } from "./multipart";
import { storeUpload, type StoredUpload, type UploadRules } from "./store-upload";

export interface ReceiveOptions {
  fileField: string;
  maxFiles: number;
  tooManyFiles: ErrorCode;
  /** The error when the request carries no file at all. */
  noFile: ErrorCode;
  /** Storage folder; read when each file arrives (after beforeFirstFile). */
  prefix: () => string;
  rules: Omit<UploadRules, "prefix">;
  /** Checked when the first file arrives (with the fields sent before it), before storing anything. */
  beforeFirstFile?: (fields: Readonly<Record<string, string>>) => Promise<void>;
}

/**
 * Streams the files of a multipart request into storage, then hands the text fields and stored
 * files to `commit`. If reading, validating or committing fails, every file stored by this request
 * is deleted again, so no orphan bytes remain.
 */
export async function receiveUploads<T>(
  request: Request,
  options: ReceiveOptions,
  commit: (fields: Record<string, string>, files: StoredUpload[]) => Promise<T>,
): Promise<T> {
  const store = getStore();
  const stored: StoredUpload[] = [];
  try {
    const fields = await readMultipart(
      request,
      { fileField: options.fileField, maxFiles: options.maxFiles, tooManyFiles: options.tooManyFiles },
      async (file, fieldsSoFar) => {
        if (stored.length === 0 && options.beforeFirstFile) await options.beforeFirstFile(fieldsSoFar);
        stored.push(await storeUpload(store, file, { ...options.rules, prefix: options.prefix() }));
      },
    );
    if (stored.length === 0) throw new AppError("bad_request", options.noFile);
    return await commit(fields, stored);
  } catch (error) {
    await Promise.allSettled(stored.map((file) => store.delete(file.key)));
    throw error;
  }
}
