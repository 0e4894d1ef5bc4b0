import "server-only";
import type { Readable } from "node:stream";
import busboy from "busboy";
import { AppError } from "@/lib/app-error";
import { openRequestBody } from "@/lib/api/request-body";
import type { ErrorCode } from "@/lib/contracts/errors";
import { cleanFileName } from "./file-name";

export interface IncomingFile {
  /** The file name as the browser sent it, without any folder part, trimmed to 255 characters. */
  name: string;
  stream: Readable;
  /** Aborts when the request is given up (client gone or silent, another failure): stop and keep nothing. */
  signal: AbortSignal;
}

export interface MultipartLimits {
  fileField: string;
  maxFiles: number;
  maxFields?: number;
  maxFieldBytes?: number;
  tooManyFiles: ErrorCode;
}

/**
 * Streams a multipart/form-data request: text fields are collected, each file is handed to
 * `onFile` as a stream while it arrives (never buffered whole). Files are processed one at a time,
 * in order; `onFile` sees the fields that came before the file. If anything fails (a refused file,
 * a truncated body, a client that disconnects or goes silent), the body and the file being read are
 * ended at once (the file's signal aborts), and the first error is thrown once every started
 * `onFile` has settled, so the caller can clean up what it stored.
 */
export async function readMultipart(
  request: Request,
  limits: MultipartLimits,
  onFile: (file: IncomingFile, fields: Readonly<Record<string, string>>) => Promise<void>,
): Promise<Record<string, string>> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data")) throw new AppError("unsupported_media_type", "multipart_required");
  if (!request.body) throw new AppError("bad_request", "request_no_body");

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      // Browsers send a file name's UTF-8 bytes as they are (busboy's default reads them as latin1).
      defParamCharset: "utf8",
      limits: {
        files: limits.maxFiles,
        fields: limits.maxFields ?? 50,
        fieldSize: limits.maxFieldBytes ?? 64 * 1024,
        parts: limits.maxFiles + (limits.maxFields ?? 50),
      },
    });
  } catch {
    throw new AppError("bad_request", "multipart_invalid");
  }

  const fields: Record<string, string> = {};
  const body = openRequestBody(request);

  return new Promise<Record<string, string>>((resolve, reject) => {
    let failure: unknown = null;
    let chain: Promise<void> = Promise.resolve();

    const fail = (error: unknown) => {
      if (failure) return;
      failure = error;
      body.stream.unpipe(parser);
      body.abort(error instanceof AppError ? error : new AppError("bad_request", "upload_malformed"));
      // Ends the file being read with an error, so whatever stores it stops and lets go now (on the
      // next tick: fail() may run inside one of the parser's own events).
      process.nextTick(() => parser.destroy(error instanceof Error ? error : new Error(String(error))));
      // Wait for the file being processed to settle before reporting.
      void chain.finally(() => reject(failure));
    };
    // The client went away or went silent: its reason (an AppError) is the answer.
    body.signal.addEventListener("abort", () => fail(body.signal.reason), { once: true });

    parser.on("field", (name, value, info) => {
      if (info.valueTruncated) return fail(new AppError("bad_request", "form_field_too_long", { field: name, params: { name } }));
      fields[name] = value;
    });
    parser.on("file", (fieldName, stream, info) => {
      // The file stream errors when the body ends inside it (busboy's "Unexpected end of form"): the
      // client's fault, reported before onFile's own rejection with the same raw error (listener order).
      // It also errors, unheard otherwise, when fail() ends the parser while a skipped file is open.
      stream.on("error", () => fail(new AppError("bad_request", "upload_malformed")));
      if (failure || fieldName !== limits.fileField) {
        stream.resume();
        if (!failure && fieldName !== limits.fileField) fail(new AppError("bad_request", "unexpected_file_field", { params: { name: fieldName } }));
        return;
      }
      const snapshot = { ...fields };
      const name = cleanFileName(info.filename);
      // A file must be consumed for parsing to go on; if onFile stops early the rest is discarded.
      chain = chain.then(() => (failure ? void stream.resume() : onFile({ name, stream, signal: body.signal }, snapshot).catch(fail)));
    });
    parser.on("filesLimit", () => fail(new AppError("bad_request", limits.tooManyFiles, { params: { max: limits.maxFiles } })));
    parser.on("fieldsLimit", () => fail(new AppError("bad_request", "too_many_form_fields")));
    parser.on("partsLimit", () => fail(new AppError("bad_request", limits.tooManyFiles, { params: { max: limits.maxFiles } })));
    parser.on("error", () => fail(new AppError("bad_request", "upload_malformed")));
    parser.on("close", () => void chain.then(() => (failure ? undefined : resolve(fields))));
    // A body that ends before the closing boundary makes busboy emit "error" (handled above).
    body.stream.on("error", () => fail(new AppError("bad_request", "upload_interrupted")));
    body.stream.pipe(parser);
  }).finally(() => body.close());
}
