import { errorResponse, jsonError, serveApi } from "@/lib/api/handler";
import { assertSameOrigin } from "@/lib/api/origin";

export const dynamic = "force-dynamic";

/**
 * Unknown API paths answer JSON 404 (never an HTML page or a server-action error). A state-changing
 * method gets the Origin check first, like every other API route.
 */
function notFound(request: Request): Promise<Response> {
  return serveApi(request, async () => {
    try {
      assertSameOrigin(request);
    } catch (error) {
      return errorResponse(error, request);
    }
    return jsonError(404, "Not found");
  });
}

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
