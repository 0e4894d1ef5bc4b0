import "server-only";
import { Readable } from "node:stream";
import { combineRanges, parse as parseRange } from "range-parser";
import { AppError } from "@/lib/app-error";
import { storedFilePolicy } from "@/lib/security/response-headers";
import { contentDisposition } from "./content-disposition";
import { pullStream } from "./web-stream";

/** One byte range of a file, both ends included (as HTTP counts them). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * The single range a `Range` header asks for (RFC 9110 §14), or null to send the whole file: no
 * header, a malformed one or another unit than bytes (ignored, as the spec allows), or several
 * ranges that do not merge into one (answered whole rather than as a multipart body). Ranges that
 * all lie past the end are refused with 416 and the file's size.
 */
export function requestedRange(header: string | null, size: number): ByteRange | null {
  if (!header) return null;
  const { code, type, ranges } = parseRange(size, header);
  if (code & 1 || type !== "bytes") return null;
  if (ranges.length === 0)
    throw new AppError("range_not_satisfiable", "file_range_not_satisfiable", { headers: { "Content-Range": `bytes */${size}`, "Accept-Ranges": "bytes" } });
  const merged = combineRanges(ranges);
  return merged.length === 1 ? { start: merged[0].start, end: merged[0].end } : null;
}

/**
 * A file download response: streamed (never read whole), never cached, never sniffed, with the
 * original name safely encoded. If the stored bytes fail their integrity check mid-way, the stream
 * errors and the response is aborted rather than completed with bad data. A caller that honours
 * ranges passes `range` (null for the whole file), which announces Accept-Ranges; with a range it
 * answers 206 with only those bytes, so that an <audio> element can seek.
 */
export function fileResponse(
  body: NodeJS.ReadableStream,
  file: { name: string; contentType: string; size?: number | bigint },
  disposition: "attachment" | "inline" = "attachment",
  range?: ByteRange | null,
): Response {
  const headers = new Headers({
    "Content-Type": file.contentType,
    "Content-Disposition": contentDisposition(file.name, disposition),
    "Cache-Control": "no-store, private",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": storedFilePolicy(file.contentType, disposition),
  });
  if (file.size === undefined) return new Response(pullStream(body), { headers });
  if (range !== undefined) headers.set("Accept-Ranges", "bytes");
  if (!range) {
    headers.set("Content-Length", String(file.size));
    return new Response(pullStream(body), { headers });
  }
  headers.set("Content-Length", String(range.end - range.start + 1));
  headers.set("Content-Range", `bytes ${range.start}-${range.end}/${file.size}`);
  return new Response(pullStream(Readable.from(slice(body, range))), { status: 206, headers });
}

/**
 * The bytes of `range` from a stream of the whole file. Stored files are encrypted in sequence, so
 * the bytes before the range are decrypted and dropped; the source is closed once the range is sent.
 */
async function* slice(source: NodeJS.ReadableStream, { start, end }: ByteRange): AsyncGenerator<Buffer> {
  let position = 0;
  try {
    for await (const piece of source as AsyncIterable<Buffer | string>) {
      const chunk = typeof piece === "string" ? Buffer.from(piece) : piece;
      const from = Math.max(start - position, 0);
      const to = Math.min(end + 1 - position, chunk.length);
      position += chunk.length;
      if (to > from) yield chunk.subarray(from, to);
      if (position > end) return;
    }
  } finally {
    (source as Readable).destroy?.();
  }
}
