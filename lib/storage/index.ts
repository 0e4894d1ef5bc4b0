import "server-only";
import { getEnv, type Env } from "@/lib/env";
import { LocalStore } from "./local";
import { S3Store, type S3StoreOptions } from "./s3";
import type { ObjectStore } from "./types";

export { contentDisposition } from "./content-disposition";
export { verifySignedToken, type SignedDownload } from "./signed-links";
export * from "./types";

export type StorageEnv = Pick<
  Env,
  | "APP_URL"
  | "DATA_DIR"
  | "STORAGE_ENCRYPTION_KEY"
  | "S3_BUCKET"
  | "S3_REGION"
  | "S3_ENDPOINT"
  | "S3_ACCESS_KEY_ID"
  | "S3_SECRET_ACCESS_KEY"
  | "S3_FORCE_PATH_STYLE"
  | "S3_SERVER_SIDE_ENCRYPTION"
  | "S3_KMS_KEY_ID"
  | "SIGNED_URL_TTL_SECONDS"
>;

/** S3 when S3_BUCKET is set, else encrypted local disk. Tests call this directly; the app uses getStore(). */
export function createStore(env: StorageEnv): ObjectStore {
  const s3 = s3Options(env);
  if (s3) return new S3Store(s3);
  if (!env.STORAGE_ENCRYPTION_KEY) throw new Error("STORAGE_ENCRYPTION_KEY is required when files are kept on local disk");
  return new LocalStore({
    dataDir: env.DATA_DIR,
    encryptionKey: env.STORAGE_ENCRYPTION_KEY,
    appUrl: env.APP_URL,
    signedUrlTtlSeconds: env.SIGNED_URL_TTL_SECONDS,
  });
}

/** The bucket and its access when S3_BUCKET is set (the object store's and the upload store's), else null. */
export function s3Options(env: StorageEnv): S3StoreOptions | null {
  if (!env.S3_BUCKET) return null;
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    serverSideEncryption: env.S3_SERVER_SIDE_ENCRYPTION,
    kmsKeyId: env.S3_KMS_KEY_ID,
    signedUrlTtlSeconds: env.SIGNED_URL_TTL_SECONDS,
  };
}

let store: { env: Env; store: ObjectStore } | undefined;

/** The process-wide store, built from the validated configuration on first use (again when tests change it). */
export function getStore(): ObjectStore {
  const env = getEnv();
  if (store?.env !== env) store = { env, store: createStore(env) };
  return store.store;
}
