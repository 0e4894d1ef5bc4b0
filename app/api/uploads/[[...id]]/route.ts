import { errorResponse, serveApi } from "@/lib/api/handler";
import { assertSameOrigin } from "@/lib/api/origin";
import { uploadServer } from "@/lib/uploads/tus/server";

export const dynamic = "force-dynamic";

/**
 * Resumable uploads (tus 1.0: core, creation, creation-with-upload, termination, expiration), served by
 * @tus/server. Who may send which file is checked in lib/uploads/resumable.ts on every request.
 */
async function handle(request: Request): Promise<Response> {
  return serveApi(request, async () => {
    try {
      assertSameOrigin(request);
      const response = await uploadServer().handleWeb(request);
      // Refusals carry our JSON error body (onResponseError); say so.
      if (response.status >= 400) response.headers.set("Content-Type", "application/json");
      return response;
    } catch (error) {
      return errorResponse(error, request);
    }
  });
}

export { handle as POST, handle as PATCH, handle as HEAD, handle as DELETE, handle as OPTIONS };
