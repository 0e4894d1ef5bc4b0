import { errorResponse, serveApi } from "@/lib/api/handler";
import { AppError } from "@/lib/app-error";
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
      throw new AppError("not_found", "not_found");
    } catch (error) {
      return errorResponse(error, request);
    }
  });
}

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
