import "server-only";
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { mkdir, open, readdir, readFile, rename, rm, stat, truncate, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { DataStore, ERRORS, Upload } from "@tus/utils";
import { additionalData, CHUNK_SIZE, FORMAT_VERSION, HEADER_LENGTH, IV_LENGTH, MAGIC, RECORD_SIZE, sealRecord } from "@/lib/storage/encrypted-format";
import { fileEncryptionKey, uploadStateKey } from "@/lib/storage/keys";
import { syncFolder } from "@/lib/storage/local";
import { isUploadId, uploadStorageKey } from "./ids";

/*
 * The tus store of the embedded default: an upload is encrypted from its first byte, in the format of
 * every other stored file (lib/storage/encrypted-format.ts), under the key it will have when finished,
 * so finishing it is a rename. Per upload, in `${dataDir}/uploads/`:
 *   <id>.part  the object's header and its full 1 MiB records, appended as they arrive;
 *   <id>.tail  the bytes after the last full record (under 1 MiB), sealed with a fresh random nonce
 *              each time it is rewritten, with the number of records it follows;
 *   <id>.info  the upload's size, metadata and creation date, sealed (the metadata holds the file name).
 * The offset is records x 1 MiB + the tail's length. A tail that does not follow the current number of
 * records (the process died between appending records and rewriting the tail) is stale: its bytes are
 * inside the records already, so the offset falls back to the last record and the client re-sends
 * the rest. The last record (sealed as final) is written only when the last byte arrives.
 */
export interface EncryptedUploadStoreOptions {
  dataDir: string;
  /** Base64 of 32 bytes (STORAGE_ENCRYPTION_KEY). */
  encryptionKey: string;
  /** Where a finished object goes: the local store's file for that key. */
  objectPath: (key: string) => string;
  expirationMs: number;
}

interface Info {
  id: string;
  size: number;
  metadata: Record<string, string | null>;
  creationDate: string;
  finished?: boolean;
}

interface PartState {
  info: Info;
  records: number;
  tail: Buffer;
  offset: number;
}

const TAIL_NONCE = 12;
const TAG = 16;

export class EncryptedUploadStore extends DataStore {
  readonly folder: string;
  private readonly fileKey: Buffer;
  private readonly stateKey: Buffer;

  constructor(private readonly options: EncryptedUploadStoreOptions) {
    super();
    this.extensions = ["creation", "creation-with-upload", "termination", "expiration"];
    this.folder = path.join(options.dataDir, "uploads");
    this.fileKey = fileEncryptionKey(options.encryptionKey);
    this.stateKey = uploadStateKey(options.encryptionKey);
  }

  override async create(upload: Upload): Promise<Upload> {
    if (upload.size === undefined) throw ERRORS.INVALID_LENGTH;
    await mkdir(this.folder, { recursive: true, mode: 0o700 });
    upload.creation_date ??= new Date().toISOString();
    const header = Buffer.concat([MAGIC, Buffer.from([FORMAT_VERSION]), randomBytes(IV_LENGTH)]);
    await writeFile(this.file(upload.id, "part"), header, { flag: "wx", mode: 0o600, flush: true });
    await this.writeInfo({ id: upload.id, size: upload.size, metadata: upload.metadata ?? {}, creationDate: upload.creation_date });
    return upload;
  }

  override async getUpload(id: string): Promise<Upload> {
    const info = await this.readInfo(id);
    const offset = info.finished ? info.size : (await this.partState(info)).offset;
    return new Upload({ id, size: info.size, offset, metadata: info.metadata, creation_date: info.creationDate });
  }

  override async write(stream: Readable, id: string, offset: number): Promise<number> {
    const info = await this.readInfo(id);
    if (info.finished) throw ERRORS.INVALID_OFFSET;
    const state = await this.partState(info);
    if (offset !== state.offset) throw ERRORS.INVALID_OFFSET;

    const part = this.file(id, "part");
    const handle = await open(part, "r+");
    const header = Buffer.alloc(HEADER_LENGTH);
    await handle.read(header, 0, HEADER_LENGTH, 0);
    const context = { iv: header.subarray(MAGIC.length + 1), aad: additionalData(header, uploadStorageKey(id)) };
    const recordCount = Math.ceil(info.size / CHUNK_SIZE);
    let index = state.records;
    let position = HEADER_LENGTH + index * RECORD_SIZE;
    let pending: Buffer[] = state.tail.length > 0 ? [state.tail] : [];
    let pendingLength = state.tail.length;
    let streamError: unknown = null;
    try {
      try {
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          pending.push(chunk);
          pendingLength += chunk.length;
          while (index < recordCount && pendingLength >= Math.min(CHUNK_SIZE, info.size - index * CHUNK_SIZE)) {
            const all = Buffer.concat(pending, pendingLength);
            const length = Math.min(CHUNK_SIZE, info.size - index * CHUNK_SIZE);
            const sealed = sealRecord(this.fileKey, context, index, index === recordCount - 1, all.subarray(0, length));
            await handle.write(sealed, 0, sealed.length, position);
            position += sealed.length;
            index++;
            pending = [all.subarray(length)];
            pendingLength -= length;
          }
        }
      } catch (error) {
        streamError = error; // keep what arrived; the error is reported below
      }
      await handle.sync();
    } finally {
      await handle.close();
    }

    if (index === recordCount) {
      await this.finish(info);
      return info.size;
    }
    await this.writeTail(id, index, Buffer.concat(pending, pendingLength));
    if (streamError) throw streamError;
    return index * CHUNK_SIZE + pendingLength;
  }

  override async remove(id: string): Promise<void> {
    await this.readInfo(id); // 404 for an unknown upload
    await Promise.all((["part", "tail", "info"] as const).map((kind) => rm(this.file(id, kind), { force: true })));
  }

  override getExpiration(): number {
    return this.options.expirationMs;
  }

  /** Deletes unfinished uploads past their expiry, and the records of finished ones; returns how many uploads. */
  override async deleteExpired(): Promise<number> {
    let deleted = 0;
    let names: string[];
    try {
      names = await readdir(this.folder);
    } catch {
      return 0;
    }
    for (const name of names) {
      if (!name.endsWith(".info")) continue;
      const id = name.slice(0, -".info".length);
      const info = await this.readInfo(id).catch(() => null);
      if (!info || Date.parse(info.creationDate) + this.options.expirationMs > Date.now()) continue;
      await Promise.all((["part", "tail", "info"] as const).map((kind) => rm(this.file(id, kind), { force: true })));
      if (!info.finished) deleted++;
    }
    return deleted;
  }

  /** Seals nothing more: the last record is written; the part file becomes the stored object. */
  private async finish(info: Info): Promise<void> {
    const target = this.options.objectPath(uploadStorageKey(info.id));
    await mkdir(path.dirname(target), { recursive: true });
    await rename(this.file(info.id, "part"), target);
    await syncFolder(path.dirname(target));
    await rm(this.file(info.id, "tail"), { force: true });
    await this.writeInfo({ ...info, finished: true });
  }

  private async partState(info: Info): Promise<PartState> {
    const part = this.file(info.id, "part");
    let size: number;
    try {
      size = (await stat(part)).size;
    } catch {
      throw ERRORS.FILE_NOT_FOUND;
    }
    // Whole records before the final one; anything after them was cut off mid-write.
    const records = Math.min(Math.max(0, Math.floor((size - HEADER_LENGTH) / RECORD_SIZE)), Math.ceil(info.size / CHUNK_SIZE) - 1);
    const expected = HEADER_LENGTH + records * RECORD_SIZE;
    if (size !== expected) await truncate(part, expected);
    const tail = await this.readTail(info.id, records);
    return { info, records, tail, offset: records * CHUNK_SIZE + tail.length };
  }

  private async readTail(id: string, records: number): Promise<Buffer> {
    let sealed: Buffer;
    try {
      sealed = await readFile(this.file(id, "tail"));
    } catch {
      return Buffer.alloc(0);
    }
    const follows = sealed.readUInt32BE(0);
    if (follows !== records) return Buffer.alloc(0); // stale: see the comment at the top
    return this.open(sealed.subarray(4), tailAad(id, follows));
  }

  private async writeTail(id: string, records: number, bytes: Buffer): Promise<void> {
    const file = this.file(id, "tail");
    if (bytes.length === 0) return rm(file, { force: true });
    const count = Buffer.alloc(4);
    count.writeUInt32BE(records);
    await writeAtomically(file, Buffer.concat([count, this.seal(bytes, tailAad(id, records))]));
  }

  private async readInfo(id: string): Promise<Info> {
    if (!isUploadId(id)) throw ERRORS.FILE_NOT_FOUND;
    let sealed: Buffer;
    try {
      sealed = await readFile(this.file(id, "info"));
    } catch {
      throw ERRORS.FILE_NOT_FOUND;
    }
    return JSON.parse(this.open(sealed, Buffer.from(`info:${id}`)).toString("utf8")) as Info;
  }

  private async writeInfo(info: Info): Promise<void> {
    await writeAtomically(this.file(info.id, "info"), this.seal(Buffer.from(JSON.stringify(info)), Buffer.from(`info:${info.id}`)));
  }

  private seal(plaintext: Buffer, aad: Buffer): Buffer {
    const nonce = randomBytes(TAIL_NONCE);
    const cipher = createCipheriv("aes-256-gcm", this.stateKey, nonce);
    cipher.setAAD(aad);
    return Buffer.concat([nonce, cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
  }

  private open(sealed: Buffer, aad: Buffer): Buffer {
    const decipher = createDecipheriv("aes-256-gcm", this.stateKey, sealed.subarray(0, TAIL_NONCE));
    decipher.setAAD(aad);
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG));
    return Buffer.concat([decipher.update(sealed.subarray(TAIL_NONCE, sealed.length - TAG)), decipher.final()]);
  }

  private file(id: string, kind: "part" | "tail" | "info"): string {
    return path.join(this.folder, `${id}.${kind}`);
  }
}

const tailAad = (id: string, records: number) => Buffer.from(`tail:${id}:${records}`);

async function writeAtomically(file: string, bytes: Buffer): Promise<void> {
  const temporary = `${file}.${randomBytes(4).toString("hex")}.tmp`;
  await writeFile(temporary, bytes, { mode: 0o600, flush: true });
  await rename(temporary, file);
}
