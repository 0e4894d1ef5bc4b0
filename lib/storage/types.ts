import "server-only";
import { randomBytes } from "node:crypto";

export interface StoredObject {
  key: string;
  size: number;
  /** Hex SHA-256 of the plaintext. */
  sha256: string;
}

export interface PutOptions {
  maxBytes?: number;
  contentType?: string;
  /** When it aborts, the write stops at once, nothing is kept, and put() rejects with its reason. */
  signal?: AbortSignal;
}

export interface ListOptions {
  modifiedBefore?: Date;
}

export interface SignedUrlOptions {
  downloadName: string;
  contentType: string;
}

export interface StoreStatus {
  ok: boolean;
  location: string;
  error?: string;
}

export interface ObjectStore {
  readonly kind: "local" | "s3";
  /**
   * Streams `body` into the store under a server-generated key `${prefix}/${random}`; never buffers
   * the whole body. Rejects (and leaves nothing behind) when the stream errors, when more than
   * `maxBytes` arrive (StorageLimitError), or when `signal` aborts (with its reason).
   */
  put(prefix: string, body: ReadableStream<Uint8Array> | NodeJS.ReadableStream, options?: PutOptions): Promise<StoredObject>;
  /** Plaintext stream of the object; throws StorageNotFoundError when absent. */
  get(key: string): Promise<NodeJS.ReadableStream>;
  /** Idempotent. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** A short-lived link (SIGNED_URL_TTL_SECONDS) that lets a browser download the object without a session. */
  signedUrl(key: string, options: SignedUrlOptions): Promise<string>;
  /**
   * Every key under a prefix (for orphan sweeps and integrity checks); "" lists the whole store.
   * `modifiedBefore` keeps only objects last written before that time (an upload still in progress is never listed).
   */
  list(prefix: string, options?: ListOptions): AsyncIterable<string>;
  /**
   * Deletes what interrupted writes left behind, last written before `modifiedBefore`; returns how many.
   * Only the local store has such files (S3 keeps an interrupted multipart upload out of the bucket's
   * objects: the bucket's AbortIncompleteMultipartUpload lifecycle rule removes its parts).
   */
  deleteStaleTemporaryFiles?(modifiedBefore: Date): Promise<number>;
  /** Where files go, and a cheap connectivity check (for the storage status page). */
  describe(): Promise<StoreStatus>;
}

export class StorageNotFoundError extends Error {
  override name = "StorageNotFoundError";
  constructor(readonly key: string) {
    super(`No stored object with key "${key}"`);
  }
}

export class StorageLimitError extends Error {
  override name = "StorageLimitError";
  constructor(readonly maxBytes: number) {
    super(`The file is larger than the limit of ${maxBytes} bytes`);
  }
}

/** A stored object fails authentication (tampered, truncated or swapped file). */
export class StorageIntegrityError extends Error {
  override name = "StorageIntegrityError";
}

const KEY_PATTERN = /^[a-z0-9_-]+(?:\/[a-z0-9_-]+)*$/;
const MAX_KEY_LENGTH = 512;

/**
 * Keys become file paths (local) and object names (S3): only lower-case letters, digits, `_`, `-` and
 * single `/` separators, so `..`, absolute paths and empty segments cannot occur.
 */
export function isValidKey(key: string): boolean {
  return key.length <= MAX_KEY_LENGTH && KEY_PATTERN.test(key);
}

/** Throws StorageNotFoundError for a key that cannot exist, so callers cannot probe the file system. */
export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new StorageNotFoundError(key);
}

/** A prefix comes from server code, never from a request: an invalid one is a programming error. */
export function assertValidPrefix(prefix: string): void {
  if (!isValidKey(prefix)) throw new RangeError(`Invalid storage prefix "${prefix}"`);
}

export function newObjectKey(prefix: string): string {
  assertValidPrefix(prefix);
  return `${prefix}/${randomBytes(16).toString("hex")}`;
}
