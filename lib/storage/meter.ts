import "server-only";
import { createHash, type Hash } from "node:crypto";
import { Readable, Transform, type TransformCallback } from "node:stream";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import { StorageLimitError } from "./types";

/** Passes bytes through unchanged while counting them, hashing them (SHA-256) and enforcing a size limit. */
export class MeterTransform extends Transform {
  // Not named `size`: lib-storage's Upload would read it, at 0, as the body's total length.
  byteCount = 0;
  private readonly hash: Hash = createHash("sha256");

  constructor(private readonly maxBytes = Number.POSITIVE_INFINITY) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.byteCount += chunk.length;
    if (this.byteCount > this.maxBytes) {
      callback(new StorageLimitError(this.maxBytes));
      return;
    }
    this.hash.update(chunk);
    callback(null, chunk);
  }

  /** Hex digest; call once, after the stream has ended. */
  sha256(): string {
    return this.hash.digest("hex");
  }
}

export function toNodeReadable(body: ReadableStream<Uint8Array> | NodeJS.ReadableStream): NodeJS.ReadableStream {
  if (body instanceof ReadableStream) {
    // The DOM and node:stream/web declarations of ReadableStream differ only in typing details.
    return Readable.fromWeb(body as NodeWebReadableStream<Uint8Array>);
  }
  return body;
}
