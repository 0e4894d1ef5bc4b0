import "server-only";
import { Readable } from "node:stream";
import { DicomFormatError, parseDicomHeader, type DicomHeader } from "./parse";

/** Headers are read in growing steps from this size; none we accept is larger than the cap. */
const FIRST_READ_BYTES = 64 * 1024;
const MAX_HEADER_BYTES = 16 * 1024 * 1024;

/**
 * Reads a DICOM file's header from a stream, stopping at the pixel data (so the metadata of a 1 GB
 * study costs a few kilobytes). The stream is always closed before this returns.
 */
export async function readDicomHeader(stream: NodeJS.ReadableStream, fileSize: number): Promise<DicomHeader> {
  const reader = new PrefixReader(stream);
  try {
    return await readHeader(reader, fileSize);
  } finally {
    reader.close();
  }
}

async function readHeader(reader: PrefixReader, fileSize: number): Promise<DicomHeader> {
  for (let want = FIRST_READ_BYTES; ; want *= 4) {
    const bytes = await reader.read(Math.min(want, MAX_HEADER_BYTES));
    const header = parseDicomHeader(bytes, { complete: reader.ended, fileSize });
    if (header) return header;
    if (bytes.length >= MAX_HEADER_BYTES) throw new DicomFormatError("the header is larger than we read");
  }
}

/** The first n bytes of a stream, read on demand and kept (pixel data follows the header in the same stream). */
class PrefixReader {
  private chunks: Buffer[] = [];
  private length = 0;
  private buffer = Buffer.alloc(0);
  private readonly iterator: AsyncIterator<Buffer | string>;
  ended = false;

  constructor(private readonly stream: NodeJS.ReadableStream) {
    this.iterator = (stream as Readable)[Symbol.asyncIterator]();
  }

  async read(n: number): Promise<Buffer> {
    while (this.length < n && !this.ended) {
      const next = await this.iterator.next();
      if (next.done) this.ended = true;
      else {
        const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
        this.chunks.push(chunk);
        this.length += chunk.length;
      }
    }
    if (this.buffer.length !== this.length) {
      this.buffer = Buffer.concat(this.chunks, this.length);
      this.chunks = [this.buffer];
    }
    return this.buffer;
  }

  close() {
    if (!this.ended) (this.stream as Readable).destroy();
  }
}
