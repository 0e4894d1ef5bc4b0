import { PassThrough, Readable } from "node:stream";
import { errorResponse, serveApi } from "@/lib/api/handler";
import { assertSameOrigin } from "@/lib/api/origin";
import { openRequestBody } from "@/lib/api/request-body";
import { AppError } from "@/lib/app-error";
import { log } from "@/lib/log";
import { uploadServer } from "@/lib/uploads/tus/server";

export const dynamic = "force-dynamic";

/**
 * Resumable uploads (tus 1.0: core, creation, creation-with-upload, termination, expiration), served by
 * @tus/server. Who may send which file is checked in lib/uploads/resumable.ts on every request. A body
 * is read under the app's idle rule (lib/api/request-body.ts): a client silent for the idle time is
 * let go, and what it sent before is kept.
 */
async function handle(request: Request): Promise<Response> {
  return serveApi(request, async () => {
    const body = request.body && (request.method === "PATCH" || request.method === "POST") ? openRequestBody(request) : null;
    try {
      assertSameOrigin(request);
      const forwarded = body
        ? new Request(request, { body: Readable.toWeb(endsWhenCut(body.stream, request)) as ReadableStream<Uint8Array>, duplex: "half" } as RequestInit)
        : request;
      const response = await uploadServer().handleWeb(forwarded);
      // Refusals carry our JSON error body (onResponseError); say so.
      if (response.status >= 400) response.headers.set("Content-Type", "application/json");
      return response;
    } catch (error) {
      return errorResponse(error, request);
    } finally {
      body?.close();
    }
  });
}

/**
 * The body as tus reads it: a request cut off (client gone, or silent for the idle time) simply ends,
 * so that every byte that arrived is kept and the client continues from there.
 */
function endsWhenCut(stream: Readable, request: Request): Readable {
  const kept = new PassThrough();
  stream.on("error", (reason) => {
    const uploadId = new URL(request.url).pathname.split("/").pop();
    log.warn({ uploadId, reason: reason instanceof AppError ? reason.code : "interrupted" }, "upload request cut off: the bytes that arrived are kept");
    kept.end();
  });
  return stream.pipe(kept);
}

export { handle as POST, handle as PATCH, handle as HEAD, handle as DELETE, handle as OPTIONS };
