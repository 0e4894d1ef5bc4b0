import "server-only";
import type { DataStore } from "@tus/utils";
import { getEnv, type Env } from "@/lib/env";
import { createStore, s3Options } from "@/lib/storage";
import { LocalStore } from "@/lib/storage/local";
import { EncryptedUploadStore } from "./encrypted-store";
import { UPLOAD_EXPIRY_MS, uploadStorageKey } from "./ids";
import { S3UploadStore } from "./s3-upload-store";

export interface UploadDataStore {
  store: DataStore;
  /** The store's name for an upload (S3 keeps it under `uploads/`). */
  storeId: (id: string) => string;
}

let current: { env: Env; store: UploadDataStore } | undefined;

/**
 * The process's store of partial uploads, on the configured storage (built again when tests change
 * it): the tus server's, and the orphan sweep's, which removes expired uploads' bytes from it.
 */
export function uploadDataStore(): UploadDataStore {
  const env = getEnv();
  if (current?.env !== env) current = { env, store: createUploadDataStore(env) };
  return current.store;
}

/** The store partial uploads go to: encrypted local disk, or S3 (kept under uploads/, like finished ones). */
export function createUploadDataStore(env: Env): UploadDataStore {
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
