import "server-only";
import { MemoryLocker, Server } from "@tus/server";
import type { DataStore, Locker } from "@tus/utils";
import { actorFor } from "@/lib/api/actor";
import { errorResponse } from "@/lib/api/error-response";
import { AppError, type ErrorKind } from "@/lib/app-error";
import { getSessionUser, type SessionUser } from "@/lib/auth/session";
import type { ErrorCode } from "@/lib/contracts/errors";
import { MAX_FILE_BYTES } from "@/lib/contracts/submissions";
import { UPLOADS_PATH, uploadMetadataSchema } from "@/lib/contracts/uploads";
import { getEnv, type Env } from "@/lib/env";
import { log } from "@/lib/log";
import { createStore, s3Options } from "@/lib/storage";
import { LocalStore } from "@/lib/storage/local";
import { checkUploadHead, finishUpload, recordProgress, startUpload, UPLOAD_EXPIRY_MS, uploadForRequest } from "@/lib/uploads/resumable";
import { CheckedStore } from "./checked-store";
import { EncryptedUploadStore } from "./encrypted-store";
import { PostgresLocker } from "./postgres-locker";
import { S3UploadStore } from "./s3-upload-store";
import { uploadStorageKey } from "./ids";

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

/** The store partial uploads go to: encrypted local disk, or S3 (kept under uploads/, like finished ones). */
function createUploadDataStore(env: Env): { store: DataStore; storeId: (id: string) => string } {
  const s3 = s3Options(env);
  if (s3) return { store: new S3UploadStore(s3, UPLOAD_EXPIRY_MS), storeId: uploadStorageKey };
  const objects = createStore(env) as LocalStore;
  const store = new EncryptedUploadStore({
    dataDir: env.DATA_DIR,
    encryptionKey: env.STORAGE_ENCRYPTION_KEY!,
    objectPath: (key) => objects.pathFor(key),
    expirationMs: UPLOAD_EXPIRY_MS,
  });
  return { store, storeId: (id) => id };
}

/** A tus server on the given configuration (one per app instance; tests build two to stand for two instances). */
export function createUploadServer(env: Env): Server {
  const { store, storeId } = createUploadDataStore(env);
  const locker: Locker = env.DATABASE_URL ? new PostgresLocker(env.DATABASE_URL) : new MemoryLocker();
  const users = new WeakMap<Request, Promise<SessionUser | null>>();
  const userOf = (request: Request) => {
    if (!users.has(request)) users.set(request, getSessionUser(request.headers));
    return users.get(request)!;
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
      // Every byte arrived but the file was not recorded (the server failed in between): the client's
      // next question finishes it, since tus-js-client takes a full offset for success.
      if (request.method === "HEAD" && upload.startedAt && !upload.completedAt) {
        const stored = await datastore.getUpload(id).catch(() => null);
        if (stored && stored.offset === stored.size) await finishUpload(id, actorFor(request, await userOf(request)));
      }
    },
    onUploadCreate: async (_request, upload) => {
      await startUpload(upload.id, upload.size);
      return {};
    },
    onUploadFinish: async (request, upload) => {
      await finishUpload(upload.id, actorFor(request, await userOf(request)));
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

function tusError(error: unknown): AppError | null {
  if (error instanceof Error || typeof error !== "object" || error === null || !("status_code" in error)) return null;
  const status = Number(error.status_code);
  if (status >= 500) return null;
  const [kind, code] = TUS_ERRORS[status] ?? ["bad_request", "upload_request_invalid"];
  return new AppError(kind, code);
}
