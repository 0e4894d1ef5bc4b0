import "server-only";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { EngineError } from "./types";

type AnyStream = NodeJS.ReadableStream | ReadableStream<Uint8Array>;

function toNodeStream(stream: AnyStream): NodeJS.ReadableStream {
  return typeof (stream as ReadableStream<Uint8Array>).getReader === "function"
    ? Readable.fromWeb(stream as unknown as WebReadableStream<Uint8Array>)
    : (stream as NodeJS.ReadableStream);
}

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** The whole stream in memory, refused (non-retryable) as soon as it passes `limit` bytes. */
export async function readAll(stream: AnyStream, limit: number, what: string): Promise<Buffer> {
  const reader = new ByteReader(stream);
  try {
    const bytes = await reader.read(limit + 1);
    if (bytes.length > limit) throw new EngineError({ code: "file_too_large_for_engine", params: { what, limit: megabytes(limit) } }, false);
    return bytes;
  } finally {
    reader.close();
  }
}

/**
 * Reads a stream in pieces of the size the caller asks for, so that large files (audio) pass
 * through in bounded memory. `read(n)` returns fewer than n bytes only at the end of the stream.
 */
export class ByteReader {
  private readonly iterator: AsyncIterator<Buffer | string>;
  private readonly stream: NodeJS.ReadableStream;
  private pending: Buffer[] = [];
  private pendingLength = 0;
  ended = false;
  /** Bytes handed out so far. */
  position = 0;

  constructor(stream: AnyStream) {
    this.stream = toNodeStream(stream);
    this.iterator = (this.stream as Readable)[Symbol.asyncIterator]();
  }

  async read(n: number): Promise<Buffer> {
    while (this.pendingLength < n && !this.ended) {
      const next = await this.iterator.next();
      if (next.done) this.ended = true;
      else {
        const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
        this.pending.push(chunk);
        this.pendingLength += chunk.length;
      }
    }
    const all = this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending, this.pendingLength);
    const out = all.subarray(0, n);
    const rest = all.subarray(out.length);
    this.pending = rest.length ? [rest] : [];
    this.pendingLength = rest.length;
    this.position += out.length;
    return out;
  }

  /** Skips n bytes (reading them in bounded pieces). */
  async skip(n: number): Promise<void> {
    for (let left = n; left > 0;) {
      const got = await this.read(Math.min(left, 1024 * 1024));
      if (!got.length) return;
      left -= got.length;
    }
  }

  close() {
    if (!this.ended) (this.stream as Readable).destroy();
  }
}
