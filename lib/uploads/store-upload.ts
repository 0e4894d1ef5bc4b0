import "server-only";
import { Transform, type TransformCallback } from "node:stream";
import { AppError } from "@/lib/app-error";
import type { ErrorCode } from "@/lib/contracts/errors";
import { StorageLimitError, type ObjectStore } from "@/lib/storage";
import type { IncomingFile } from "./multipart";
import { sniff, SNIFF_BYTES, type SniffedType } from "@/lib/contracts/file-types";

export interface StoredUpload {
  key: string;
  originalName: string;
  size: number;
  sha256: string;
  mimeType: string;
  kind: SniffedType["kind"];
}

export interface UploadRules {
  prefix: string;
  maxBytes: number;
  accepts: (type: SniffedType) => boolean;
  /** The errors for a refused type and a file over maxBytes; their texts get the file {name}. */
  refused: ErrorCode;
  tooLarge: ErrorCode;
}

/**
 * Streams an incoming file into the store while checking its first bytes: a type we do not accept,
 * or an empty file, fails the stream, and the store then keeps nothing of it.
 */
export async function storeUpload(store: ObjectStore, file: IncomingFile, rules: UploadRules): Promise<StoredUpload> {
  const checked = new TypeCheck((head) => {
    if (head.length === 0) throw new AppError("bad_request", "file_empty", { params: { name: file.name } });
    const type = sniff(head, file.name);
    if (!type || !rules.accepts(type)) throw new AppError("unsupported_media_type", rules.refused, { params: { name: file.name } });
    return type;
  });
  file.stream.on("error", (error) => checked.destroy(error));
  // The store may not be listening yet when a small file fails its check: the failure is kept on
  // `checked` and reported below, so an unheard "error" event must not crash the process.
  checked.on("error", () => {});
  try {
    const stored = await store.put(rules.prefix, file.stream.pipe(checked), { maxBytes: rules.maxBytes, signal: file.signal });
    const type = checked.type!;
    return { key: stored.key, originalName: file.name, size: stored.size, sha256: stored.sha256, mimeType: type.mimeType, kind: type.kind };
  } catch (error) {
    file.stream.resume(); // let the multipart parser move past the rest of this file
    if (checked.failure) throw checked.failure;
    if (error instanceof StorageLimitError) throw new AppError("payload_too_large", rules.tooLarge, { params: { name: file.name } });
    throw error;
  }
}

/** Holds back the first SNIFF_BYTES until the type is known, then passes everything through untouched. */
class TypeCheck extends Transform {
  type: SniffedType | null = null;
  failure: unknown = null;
  private head: Buffer[] = [];
  private headLength = 0;

  constructor(private readonly check: (head: Buffer) => SniffedType) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    if (this.type) return callback(null, chunk);
    this.head.push(chunk);
    this.headLength += chunk.length;
    if (this.headLength < SNIFF_BYTES) return callback();
    this.decide(callback);
  }

  override _flush(callback: TransformCallback) {
    if (this.type) return callback();
    this.decide(callback);
  }

  private decide(callback: TransformCallback) {
    const head = Buffer.concat(this.head);
    this.head = [];
    try {
      this.type = this.check(head);
    } catch (error) {
      this.failure = error;
      return callback(error as Error);
    }
    callback(null, head);
  }
}
