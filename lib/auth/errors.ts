import "server-only";
/**
 * Better Auth answers errors as { code, message } (a taken e-mail as 422). Our API contract is
 * JSON { error, code } with a 4xx, and bad input is a 400: rewrite error responses to that shape.
 */
export async function toApiErrorResponse(response: Response): Promise<Response> {
  if (response.status < 400) return response;
  // Unknown auth paths answer an empty 404: it gets the same JSON shape.
  const isJson = (response.headers.get("content-type") ?? "").includes("application/json");
  const body = (isJson ? await response.json().catch(() => ({})) : {}) as { code?: string; message?: string };
  const status = response.status === 422 ? 400 : response.status;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  headers.delete("content-type");
  // Better Auth's limiter says when to retry in X-Retry-After; clients and proxies read the standard header.
  const retryAfter = headers.get("x-retry-after");
  if (status === 429 && retryAfter && !headers.has("retry-after")) headers.set("Retry-After", retryAfter);
  return Response.json({ error: body.message ?? (status === 404 ? "Not found" : "Request failed"), code: body.code }, { status, headers });
}
