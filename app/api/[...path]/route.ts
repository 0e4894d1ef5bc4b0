import { jsonError } from "@/lib/api/handler";

export const dynamic = "force-dynamic";

/** Unknown API paths answer JSON 404 (never an HTML page or a server-action error). */
function notFound(): Response {
  return jsonError(404, "Not found");
}

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
