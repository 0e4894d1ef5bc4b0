import "server-only";
import { STORED_FILE_POLICY } from "@/lib/security/response-headers";
import { contentDisposition } from "@/lib/storage";

/** A streamed zip download: no length (it is written as it is read), never cached, never sniffed. */
export function zipResponse({ body, fileName }: { body: ReadableStream<Uint8Array>; fileName: string }): Response {
  return new Response(body, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": contentDisposition(fileName, "attachment"),
      "Cache-Control": "no-store, private",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": STORED_FILE_POLICY,
    },
  });
}
