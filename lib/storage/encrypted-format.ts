import "server-only";
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { Transform, type TransformCallback } from "node:stream";
import { StorageIntegrityError } from "./types";

/*
 * File format, version 1:
 *   header  = "AFYB" | version (1 byte) | random IV (12 bytes)
 *   records = AES-256-GCM(chunk) | tag (16 bytes), for 1 MiB plaintext chunks (fewer cipher set-ups: about
 *             twice the throughput of 64 KiB chunks, measured with bench/upload.mjs); the last one may be shorter (or empty)
 * Each record's nonce is the IV XOR (chunk index, final flag), and its additional data is the header and
 * the object's key. A reader therefore detects, record by record while streaming, any changed byte,
 * reordered or dropped records, a truncated or extended file, and a file copied over another key.
 * The AES key is derived from STORAGE_ENCRYPTION_KEY (lib/storage/keys.ts).
 *
 * Records are independent once the header is known: a writer that stopped after n full records can
 * go on with record n (sealRecord, with the header's IV and additional data), so an object can be
 * written across several requests and sealed with its final record at the end.
 */
export const MAGIC = Buffer.from("AFYB", "ascii");
export const FORMAT_VERSION = 1;
export const IV_LENGTH = 12;
export const HEADER_LENGTH = MAGIC.length + 1 + IV_LENGTH;
export const CHUNK_SIZE = 1024 * 1024;
export const TAG_LENGTH = 16;
export const RECORD_SIZE = CHUNK_SIZE + TAG_LENGTH;
const MAX_CHUNK_INDEX = 0xffffffff;

export function chunkNonce(iv: Buffer, index: number, final: boolean): Buffer {
  if (index > MAX_CHUNK_INDEX) throw new RangeError("Object too large for the storage format");
  const nonce = Buffer.from(iv);
  nonce.writeUInt32BE((nonce.readUInt32BE(7) ^ index) >>> 0, 7);
  nonce[11] ^= final ? 1 : 0;
  return nonce;
}

export function additionalData(header: Buffer, key: string): Buffer {
  return Buffer.concat([header, Buffer.from(key, "utf8")]);
}

/** What every record of one object is sealed with: the header's IV and the additional data. */
export interface RecordContext {
  iv: Buffer;
  aad: Buffer;
}

/** Encrypts record `index` (a full chunk, or the last one with `final`) of an object. */
export function sealRecord(fileKey: Buffer, { iv, aad }: RecordContext, index: number, final: boolean, plaintext: Buffer): Buffer {
  const cipher = createCipheriv("aes-256-gcm", fileKey, chunkNonce(iv, index, final));
  cipher.setAAD(aad);
  return Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
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

export class EncryptTransform extends Transform {
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
    return sealRecord(this.fileKey, { iv: this.iv, aad: this.aad }, this.chunkIndex++, final, plaintext);
  }
}

export class DecryptTransform extends Transform {
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
