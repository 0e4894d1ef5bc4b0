import "server-only";
import { MemoryLocker, Server } from "@tus/server";
import type { Locker } from "@tus/utils";
import { actorFor } from "@/lib/api/actor";
import { errorResponse } from "@/lib/api/error-response";
import { AppError, type ErrorKind } from "@/lib/app-error";
import { getSessionUser, type SessionUser } from "@/lib/auth/session";
import type { ErrorCode } from "@/lib/contracts/errors";
import { MAX_FILE_BYTES } from "@/lib/contracts/submission-options";
import { uploadMetadataSchema } from "@/lib/contracts/uploads";
import { UPLOADS_PATH } from "@/lib/contracts/uploads-path";
import { getEnv, type Env } from "@/lib/env";
import { log } from "@/lib/log";
import { finishUpload } from "@/lib/uploads/finish";
import { checkUploadHead, recordProgress, startUpload, uploadForRequest, type UploadRow } from "@/lib/uploads/resumable";
import { CheckedStore } from "./checked-store";
import { uploadDataStore, type UploadDataStore } from "./data-store";
import { PostgresLocker } from "./postgres-locker";

/** The tus protocol's own refusals, as our error codes (their texts are translated). */
const TUS_ERRORS: Record<number, [ErrorKind, ErrorCode]> = {
  404: ["not_found", "upload_not_found"],
  409: ["conflict", "upload_offset_conflict"],
  410: ["gone", "upload_expired"],
  413: ["payload_too_large", "upload_too_large"],
};

let server: { env: Env; server: Server } | undefined;

/** The process's tus server for /api/uploads, on the configured stores and database (built again when tests change them). */
export function uploadServer(): Server {
  const env = getEnv();
  if (server?.env !== env) server = { env, server: createUploadServer(env) };
  return server.server;
}

/**
 * A tus server on the given configuration and store of partial uploads (one per app instance; tests
 * build two, each with its own store, to stand for two instances).
 */
export function createUploadServer(env: Env, { store, storeId }: UploadDataStore = uploadDataStore()): Server {
  const locker: Locker = env.DATABASE_URL ? new PostgresLocker(env.DATABASE_URL) : new MemoryLocker();
  const users = new WeakMap<Request, Promise<SessionUser | null>>();
  const userOf = (request: Request) => {
    if (!users.has(request)) users.set(request, getSessionUser(request.headers));
    return users.get(request)!;
  };

  // Each request's own read of its upload (onIncomingRequest), for its later hooks.
  const rows = new WeakMap<Request, UploadRow>();
  const rowOf = (request: Request) => {
    const row = rows.get(request);
    if (!row) throw new Error("an upload hook ran before the request's upload was read");
    return row;
  };

  const datastore = new CheckedStore(store, { checkHead: checkUploadHead, written: recordProgress, storeId });
  return new Server({
    path: UPLOADS_PATH,
    datastore,
    locker,
    maxSize: MAX_FILE_BYTES,
    relativeLocation: true,
    allowedOrigins: [new URL(env.APP_URL).origin],
    disableTerminationForFinishedUploads: true,
    namingFunction: (_request, metadata) => {
      const parsed = uploadMetadataSchema.safeParse(metadata ?? {});
      if (!parsed.success) throw new AppError("bad_request", "upload_id_required");
      return parsed.data.uploadId;
    },
    onIncomingRequest: async (request, id) => {
      const upload = await uploadForRequest(request, id, await userOf(request));
      rows.set(request, upload);
      // Every byte arrived but the file was not recorded (the server failed in between): the client's
      // next question finishes it, since tus-js-client takes a full offset for success.
      if (request.method === "HEAD" && upload.startedAt && !upload.completedAt) {
        const stored = await datastore.getUpload(id).catch(() => null);
        if (stored && stored.offset === stored.size) await finishUpload(upload, actorFor(request, await userOf(request)));
      }
    },
    onUploadCreate: async (request, upload) => {
      await startUpload(rowOf(request), upload.size);
      return {};
    },
    onUploadFinish: async (request, upload) => {
      await finishUpload(rowOf(request), actorFor(request, await userOf(request)), datastore.finishedDigest(upload.id, upload.size!));
      return {};
    },
    onResponseError: async (request, error) => {
      const known = error instanceof AppError ? error : tusError(error);
      if (!known) log.error({ err: error }, "upload request failed");
      const response = await errorResponse(known ?? error, request);
      return { status_code: response.status, body: await response.text() };
    },
  });
}

/**
 * The tus server's answer to a request, every refusal as our JSON error (tus answers some, such as a
 * missing Tus-Resumable header, with plain text before any hook runs).
 */
export async function serveUpload(request: Request): Promise<Response> {
  const response = await uploadServer().handleWeb(request);
  if (response.status < 400) return response;
  const text = await response.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  const headers = new Headers(response.headers);
  headers.set("Content-Type", "application/json");
  headers.delete("Content-Length");
  if (body === null) {
    const refusal = await errorResponse(tusError({ status_code: response.status }) ?? new AppError("bad_request", "upload_request_invalid"), request);
    return new Response(await refusal.text(), { status: response.status, headers });
  }
  return new Response(text, { status: response.status, headers });
}

function tusError(error: unknown): AppError | null {
  if (error instanceof Error || typeof error !== "object" || error === null || !("status_code" in error)) return null;
  const status = Number(error.status_code);
  if (status >= 500) return null;
  const [kind, code] = TUS_ERRORS[status] ?? ["bad_request", "upload_request_invalid"];
  return new AppError(kind, code);
}
