import "server-only";
import { Readable } from "node:stream";
import { AppError } from "@/lib/api/errors";
import { StorageLimitError, type ObjectStore } from "@/lib/storage";
import type { IncomingFile } from "./multipart";
import { sniff, SNIFF_BYTES, type SniffedType } from "./sniff";

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
  /** The message for a refused type; receives the file name. */
  refusedMessage: (name: string) => string;
  tooLargeMessage: (name: string) => string;
}

/**
 * Sniffs the first bytes of an incoming file, refuses types we do not accept before storing
 * anything, then streams the whole file into the store. An empty file is removed and refused.
 */
export async function storeUpload(store: ObjectStore, file: IncomingFile, rules: UploadRules): Promise<StoredUpload> {
  const { head, stream } = await peek(file.stream, SNIFF_BYTES);
  if (head.length === 0) {
    stream.resume();
    throw new AppError("bad_request", `${file.name} is empty. Please choose the file again.`);
  }
  const type = sniff(head, file.name);
  if (!type || !rules.accepts(type)) {
    stream.destroy();
    throw new AppError("unsupported_media_type", rules.refusedMessage(file.name));
  }
  try {
    const stored = await store.put(rules.prefix, stream, { maxBytes: rules.maxBytes, contentType: type.mimeType });
    return { key: stored.key, originalName: file.name, size: stored.size, sha256: stored.sha256, mimeType: type.mimeType, kind: type.kind };
  } catch (error) {
    if (error instanceof StorageLimitError) throw new AppError("payload_too_large", rules.tooLargeMessage(file.name));
    throw error;
  }
}

/** Reads at least `bytes` bytes (or the whole stream if shorter) and gives back a stream of everything. */
async function peek(source: Readable, bytes: number): Promise<{ head: Buffer; stream: Readable }> {
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let length = 0;
  let done = false;
  while (length < bytes) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(chunks);
  async function* all() {
    yield head;
    if (done) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  const stream = Readable.from(all(), { objectMode: false });
  stream.on("close", () => void iterator.return?.());
  return { head: head.subarray(0, bytes), stream };
}
