import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import { constants as fsConstants, createWriteStream } from "node:fs";
import { access, mkdir, open, opendir, rename, rm, stat, unlink, type FileHandle } from "node:fs/promises";
import path from "node:path";
import { pipeline as pipelineWithCallback, Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import { z } from "zod";
import { getEnv } from "@/lib/env";
import { MeterTransform, toNodeReadable } from "./meter";
import {
  assertValidKey,
  assertValidPrefix,
  isValidKey,
  newObjectKey,
  StorageIntegrityError,
  StorageNotFoundError,
  type ListOptions,
  type ObjectStore,
  type PutOptions,
  type SignedUrlOptions,
  type StoredObject,
  type StoreStatus,
} from "./types";

/*
 * File format, version 1:
 *   header  = "AFYB" | version (1 byte) | random IV (12 bytes)
 *   records = AES-256-GCM(chunk) | tag (16 bytes), for 1 MiB plaintext chunks (fewer cipher set-ups: about
 *             twice the throughput of 64 KiB chunks, measured with bench/upload.mjs); the last one may be shorter (or empty)
 * Each record's nonce is the IV XOR (chunk index, final flag), and its additional data is the header and
 * the object's key. A reader therefore detects, record by record while streaming, any changed byte,
 * reordered or dropped records, a truncated or extended file, and a file copied over another key.
 * The AES key and the signed-URL key are both derived from STORAGE_ENCRYPTION_KEY with HKDF-SHA256,
 * under the two labels below.
 */
const MAGIC = Buffer.from("AFYB", "ascii");
const FORMAT_VERSION = 1;
const IV_LENGTH = 12;
const HEADER_LENGTH = MAGIC.length + 1 + IV_LENGTH;
const CHUNK_SIZE = 1024 * 1024;
const TAG_LENGTH = 16;
const RECORD_SIZE = CHUNK_SIZE + TAG_LENGTH;
const MAX_CHUNK_INDEX = 0xffffffff;

const FILE_KEY_LABEL = "afyabridge/storage/file-encryption/v1";
const SIGNING_KEY_LABEL = "afyabridge/storage/signed-url/v1";

export interface LocalStoreOptions {
  /** Objects are kept under `${dataDir}/files`. */
  dataDir: string;
  /** Base64 of 32 bytes (STORAGE_ENCRYPTION_KEY). */
  encryptionKey: string;
  appUrl: string;
  signedUrlTtlSeconds: number;
}

export interface SignedDownload {
  key: string;
  downloadName: string;
  contentType: string;
}

export class LocalStore implements ObjectStore {
  readonly kind = "local";
  readonly root: string;
  private readonly fileKey: Buffer;
  private readonly signingKey: Buffer;

  constructor(private readonly options: LocalStoreOptions) {
    this.root = path.join(options.dataDir, "files");
    this.fileKey = deriveKey(options.encryptionKey, FILE_KEY_LABEL);
    this.signingKey = deriveKey(options.encryptionKey, SIGNING_KEY_LABEL);
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

/** Checks a token made by LocalStore.signedUrl with the configured STORAGE_ENCRYPTION_KEY. */
export function verifySignedToken(token: string, now: number = Date.now()): SignedDownload | null {
  const encryptionKey = getEnv().STORAGE_ENCRYPTION_KEY;
  if (!encryptionKey) return null;
  const [payloadPart, signaturePart, ...rest] = token.split(".");
  if (!payloadPart || !signaturePart || rest.length > 0) return null;

  const expected = createHmac("sha256", deriveKey(encryptionKey, SIGNING_KEY_LABEL)).update(payloadPart).digest();
  const provided = Buffer.from(signaturePart, "base64url");
  // Only the one canonical spelling: Node's decoder skips stray characters and ignores padding bits.
  if (provided.toString("base64url") !== signaturePart) return null;
  if (provided.length !== expected.length || !timingSafeEqual(provided, expected)) return null;

  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payloadPart, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  const payload = tokenPayloadSchema.safeParse(decoded);
  if (!payload.success || payload.data.exp * 1000 <= now) return null;
  return { key: payload.data.key, downloadName: payload.data.name, contentType: payload.data.type };
}

const tokenPayloadSchema = z.object({
  key: z.string().refine(isValidKey),
  name: z.string(),
  type: z.string(),
  /** Seconds since the epoch. */
  exp: z.number().int(),
});

function signToken(signingKey: Buffer, payload: z.infer<typeof tokenPayloadSchema>): string {
  const payloadPart = Buffer.from(JSON.stringify(payload), "utf8").toString("base64url");
  const signaturePart = createHmac("sha256", signingKey).update(payloadPart).digest("base64url");
  return `${payloadPart}.${signaturePart}`;
}

function deriveKey(encryptionKey: string, label: string): Buffer {
  return Buffer.from(hkdfSync("sha256", Buffer.from(encryptionKey, "base64"), Buffer.alloc(0), label, 32));
}

function chunkNonce(iv: Buffer, index: number, final: boolean): Buffer {
  if (index > MAX_CHUNK_INDEX) throw new RangeError("Object too large for the storage format");
  const nonce = Buffer.from(iv);
  nonce.writeUInt32BE((nonce.readUInt32BE(7) ^ index) >>> 0, 7);
  nonce[11] ^= final ? 1 : 0;
  return nonce;
}

function additionalData(header: Buffer, key: string): Buffer {
  return Buffer.concat([header, Buffer.from(key, "utf8")]);
}

/** Accumulates bytes and hands them out in fixed-size blocks. */
class ByteQueue {
  private parts: Buffer[] = [];
  length = 0;

  push(chunk: Buffer): void {
    this.parts.push(chunk);
    this.length += chunk.length;
  }

  take(count: number): Buffer {
    const all = this.takeAll();
    this.push(all.subarray(count));
    return all.subarray(0, count);
  }

  /**
   * Removes whole blocks while more than one block remains, so the last block (full or not) stays
   * queued until the end of the stream, where it is sealed as the final one.
   */
  takeBlocksExceptLast(blockSize: number): Buffer[] {
    if (this.length <= blockSize) return [];
    const all = this.takeAll();
    const blocks: Buffer[] = [];
    let offset = 0;
    while (all.length - offset > blockSize) {
      blocks.push(all.subarray(offset, offset + blockSize));
      offset += blockSize;
    }
    this.push(all.subarray(offset));
    return blocks;
  }

  takeAll(): Buffer {
    const all = this.parts.length === 1 ? this.parts[0] : Buffer.concat(this.parts, this.length);
    this.parts = [];
    this.length = 0;
    return all;
  }
}

class EncryptTransform extends Transform {
  private readonly iv = randomBytes(IV_LENGTH);
  private readonly aad: Buffer;
  private readonly pending = new ByteQueue();
  private chunkIndex = 0;

  constructor(
    private readonly fileKey: Buffer,
    objectKey: string,
  ) {
    super();
    const header = Buffer.concat([MAGIC, Buffer.from([FORMAT_VERSION]), this.iv]);
    this.aad = additionalData(header, objectKey);
    this.push(header);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.pending.push(chunk);
    try {
      for (const block of this.pending.takeBlocksExceptLast(CHUNK_SIZE)) this.push(this.seal(block, false));
      callback();
    } catch (error) {
      callback(error as Error);
    }
  }

  override _flush(callback: TransformCallback): void {
    try {
      callback(null, this.seal(this.pending.takeAll(), true));
    } catch (error) {
      callback(error as Error);
    }
  }

  private seal(plaintext: Buffer, final: boolean): Buffer {
    const cipher = createCipheriv("aes-256-gcm", this.fileKey, chunkNonce(this.iv, this.chunkIndex++, final));
    cipher.setAAD(this.aad);
    return Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
  }
}

interface RecordContext {
  iv: Buffer;
  aad: Buffer;
}

class DecryptTransform extends Transform {
  private readonly pending = new ByteQueue();
  private context: RecordContext | undefined;
  private chunkIndex = 0;

  constructor(
    private readonly fileKey: Buffer,
    private readonly objectKey: string,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.pending.push(chunk);
    try {
      if (!this.context) {
        if (this.pending.length < HEADER_LENGTH) return callback();
        this.context = this.readHeader(this.pending.take(HEADER_LENGTH));
      }
      for (const record of this.pending.takeBlocksExceptLast(RECORD_SIZE)) this.push(this.open(this.context, record, false));
      callback();
    } catch (error) {
      callback(error as Error);
    }
  }

  override _flush(callback: TransformCallback): void {
    try {
      if (!this.context) throw this.integrityError("the header is incomplete");
      callback(null, this.open(this.context, this.pending.takeAll(), true));
    } catch (error) {
      callback(error as Error);
    }
  }

  private readHeader(header: Buffer): RecordContext {
    if (!header.subarray(0, MAGIC.length).equals(MAGIC) || header[MAGIC.length] !== FORMAT_VERSION) {
      throw this.integrityError("the header is not a known format");
    }
    return { iv: header.subarray(MAGIC.length + 1), aad: additionalData(header, this.objectKey) };
  }

  private open({ iv, aad }: RecordContext, record: Buffer, final: boolean): Buffer {
    const index = this.chunkIndex++;
    if (record.length < TAG_LENGTH) throw this.integrityError(`chunk ${index} is truncated`);
    const decipher = createDecipheriv("aes-256-gcm", this.fileKey, chunkNonce(iv, index, final));
    decipher.setAAD(aad);
    decipher.setAuthTag(record.subarray(record.length - TAG_LENGTH));
    const plaintext = decipher.update(record.subarray(0, record.length - TAG_LENGTH));
    try {
      decipher.final();
    } catch {
      throw this.integrityError(`chunk ${index} failed authentication`);
    }
    return plaintext;
  }

  private integrityError(detail: string): StorageIntegrityError {
    return new StorageIntegrityError(`Stored object "${this.objectKey}" is damaged or was altered: ${detail}`);
  }
}

async function syncFolder(folder: string): Promise<void> {
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
