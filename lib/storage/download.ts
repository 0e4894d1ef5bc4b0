import "server-only";
import { storedFilePolicy } from "@/lib/security/response-headers";
import { contentDisposition } from "./content-disposition";
import { pullStream } from "./web-stream";

/**
 * A file download response: streamed (never read whole), never cached, never sniffed, with the
 * original name safely encoded. If the stored bytes fail their integrity check mid-way, the stream
 * errors and the response is aborted rather than completed with bad data.
 */
export function fileResponse(
  body: NodeJS.ReadableStream,
  file: { name: string; contentType: string; size?: number | bigint },
  disposition: "attachment" | "inline" = "attachment",
): Response {
  const headers = new Headers({
    "Content-Type": file.contentType,
    "Content-Disposition": contentDisposition(file.name, disposition),
    "Cache-Control": "no-store, private",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": storedFilePolicy(file.contentType, disposition),
  });
  if (file.size !== undefined) headers.set("Content-Length", String(file.size));
  return new Response(pullStream(body), { headers });
}
