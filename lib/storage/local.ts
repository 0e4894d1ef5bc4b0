import "server-only";
import { randomBytes } from "node:crypto";
import { constants as fsConstants, createWriteStream } from "node:fs";
import { access, mkdir, open, opendir, rename, rm, stat, unlink, type FileHandle } from "node:fs/promises";
import path from "node:path";
import { pipeline as pipelineWithCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import { DecryptTransform, EncryptTransform } from "./encrypted-format";
import { fileEncryptionKey, linkSigningKey } from "./keys";
import { MeterTransform, toNodeReadable } from "./meter";
import { signToken } from "./signed-links";
import {
  assertValidKey,
  assertValidPrefix,
  isValidKey,
  newObjectKey,
  StorageNotFoundError,
  type ListOptions,
  type ObjectStore,
  type PutOptions,
  type SignedUrlOptions,
  type StoredObject,
  type StoreStatus,
} from "./types";

/**
 * The embedded default store: objects on local disk, each encrypted in the format of
 * lib/storage/encrypted-format.ts, downloaded through signed links (lib/storage/signed-links.ts).
 */
export interface LocalStoreOptions {
  /** Objects are kept under `${dataDir}/files`. */
  dataDir: string;
  /** Base64 of 32 bytes (STORAGE_ENCRYPTION_KEY). */
  encryptionKey: string;
  appUrl: string;
  signedUrlTtlSeconds: number;
}

export class LocalStore implements ObjectStore {
  readonly kind = "local";
  readonly root: string;
  private readonly fileKey: Buffer;
  private readonly signingKey: Buffer;

  constructor(private readonly options: LocalStoreOptions) {
    this.root = path.join(options.dataDir, "files");
    this.fileKey = fileEncryptionKey(options.encryptionKey);
    this.signingKey = linkSigningKey(options.encryptionKey);
  }

  /** The file that holds `key` (public for tests and integrity tooling). */
  pathFor(key: string): string {
    assertValidKey(key);
    return path.join(this.root, ...key.split("/"));
  }

  async put(prefix: string, body: ReadableStream<Uint8Array> | NodeJS.ReadableStream, options: PutOptions = {}): Promise<StoredObject> {
    const { signal } = options;
    signal?.throwIfAborted();
    const key = newObjectKey(prefix);
    const target = this.pathFor(key);
    const folder = path.dirname(target);
    await mkdir(folder, { recursive: true });
    // A leading dot keeps temporary files out of list(): it is not a valid key character.
    const temporary = path.join(folder, `.${path.basename(target)}.${randomBytes(6).toString("hex")}${TEMPORARY_SUFFIX}`);
    const meter = new MeterTransform(options.maxBytes);
    try {
      await pipeline(
        toNodeReadable(body),
        meter,
        new EncryptTransform(this.fileKey, key),
        // flush: fsync before close, so the rename below never exposes a file whose data is not on disk.
        createWriteStream(temporary, { flags: "wx", mode: 0o600, flush: true }),
        // An abort destroys every stream above: the file is closed and deleted below at once.
        { signal },
      );
      signal?.throwIfAborted();
      await rename(temporary, target);
      await syncFolder(folder);
    } catch (error) {
      await Promise.all([rm(temporary, { force: true }), rm(target, { force: true })]);
      throw signal?.aborted ? signal.reason : error;
    }
    return { key, size: meter.byteCount, sha256: meter.sha256() };
  }

  async get(key: string): Promise<NodeJS.ReadableStream> {
    const handle = await this.openObject(key);
    const plaintext = new DecryptTransform(this.fileKey, key);
    // Errors reach the reader through `plaintext`; destroying it (a client gone) closes the file.
    pipelineWithCallback(handle.createReadStream(), plaintext, () => {});
    return plaintext;
  }

  async delete(key: string): Promise<void> {
    try {
      await unlink(this.pathFor(key));
    } catch (error) {
      // EISDIR: the key names a folder of other objects, so there is no object to delete.
      if (!hasCode(error, "ENOENT", "ENOTDIR", "EISDIR")) throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    const file = this.pathFor(key);
    try {
      return (await stat(file)).isFile();
    } catch (error) {
      if (hasCode(error, "ENOENT", "ENOTDIR")) return false;
      throw error;
    }
  }

  async signedUrl(key: string, { downloadName, contentType }: SignedUrlOptions): Promise<string> {
    assertValidKey(key);
    const expiresAt = Math.floor(Date.now() / 1000) + this.options.signedUrlTtlSeconds;
    const token = signToken(this.signingKey, { key, name: downloadName, type: contentType, exp: expiresAt });
    return `${this.options.appUrl.replace(/\/+$/, "")}/api/storage/signed/${token}`;
  }

  async *list(prefix: string, options: ListOptions = {}): AsyncIterable<string> {
    if (prefix !== "") assertValidPrefix(prefix);
    for await (const key of this.walk(prefix)) {
      if (options.modifiedBefore && !(await this.modifiedBefore(key, options.modifiedBefore))) continue;
      yield key;
    }
  }

  private async modifiedBefore(key: string, time: Date): Promise<boolean> {
    try {
      return (await stat(this.pathFor(key))).mtimeMs < time.getTime();
    } catch (error) {
      if (hasCode(error, "ENOENT", "ENOTDIR")) return false; // deleted meanwhile
      throw error;
    }
  }

  /**
   * Deletes the temporary files of writes that never finished (a process killed in the middle of an
   * upload) last written before `modifiedBefore`. A write in progress keeps its file's mtime fresh, so
   * with an age of an hour it is never touched. Returns how many were deleted.
   */
  async deleteStaleTemporaryFiles(modifiedBefore: Date): Promise<number> {
    let deleted = 0;
    for await (const file of temporaryFiles(this.root)) {
      try {
        if ((await stat(file)).mtimeMs >= modifiedBefore.getTime()) continue;
        await unlink(file);
        deleted++;
      } catch (error) {
        if (!hasCode(error, "ENOENT")) throw error; // finished (renamed) or deleted meanwhile
      }
    }
    return deleted;
  }

  async describe(): Promise<StoreStatus> {
    const location = `local disk ${this.root} (AES-256-GCM)`;
    try {
      await mkdir(this.root, { recursive: true });
      await access(this.root, fsConstants.R_OK | fsConstants.W_OK);
      return { ok: true, location };
    } catch (error) {
      return { ok: false, location, error: error instanceof Error ? error.message : String(error) };
    }
  }

  private async openObject(key: string): Promise<FileHandle> {
    let handle: FileHandle;
    try {
      handle = await open(this.pathFor(key), "r");
    } catch (error) {
      if (hasCode(error, "ENOENT", "ENOTDIR")) throw new StorageNotFoundError(key);
      throw error;
    }
    if (!(await handle.stat()).isFile()) {
      await handle.close();
      throw new StorageNotFoundError(key);
    }
    return handle;
  }

  private async *walk(prefix: string): AsyncGenerator<string> {
    let folder;
    try {
      folder = await opendir(prefix === "" ? this.root : this.pathFor(prefix));
    } catch (error) {
      if (hasCode(error, "ENOENT", "ENOTDIR")) return;
      throw error;
    }
    for await (const entry of folder) {
      const key = prefix === "" ? entry.name : `${prefix}/${entry.name}`;
      if (!isValidKey(key)) continue;
      if (entry.isDirectory()) yield* this.walk(key);
      else if (entry.isFile()) yield key;
    }
  }
}

const TEMPORARY_SUFFIX = ".tmp";

/** Every temporary file of put() under `folder`, at any depth. */
async function* temporaryFiles(folder: string): AsyncGenerator<string> {
  let entries;
  try {
    entries = await opendir(folder);
  } catch (error) {
    if (hasCode(error, "ENOENT", "ENOTDIR")) return;
    throw error;
  }
  for await (const entry of entries) {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* temporaryFiles(file);
    else if (entry.isFile() && entry.name.startsWith(".") && entry.name.endsWith(TEMPORARY_SUFFIX)) yield file;
  }
}

export async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function hasCode(error: unknown, ...codes: string[]): boolean {
  return error instanceof Error && "code" in error && codes.includes(String(error.code));
}
