import { toNextJsHandler } from "better-auth/next-js";
import { getAuth } from "@/lib/auth/server";
import { errorResponse, jsonError } from "@/lib/api/handler";
import { assertSameOrigin } from "@/lib/api/origin";
import { toApiErrorResponse } from "@/lib/auth/errors";

export const dynamic = "force-dynamic";

async function handle(request: Request): Promise<Response> {
  try {
    assertSameOrigin(request);
  } catch (error) {
    return errorResponse(error);
  }
  const handlers = toNextJsHandler(getAuth());
  if (request.method !== "GET") {
    const body = await jsonObjectBody(request);
    if (body instanceof Response) return body;
    request = body;
  }
  const response = await (request.method === "GET" ? handlers.GET(request) : handlers.POST(request));
  return toApiErrorResponse(response);
}

/**
 * Better Auth's plugins read fields of the body without checking it is there (a POST without a body
 * crashed the username plugin with a 500): every POST reaches it as a JSON object, "{}" when empty.
 */
async function jsonObjectBody(request: Request): Promise<Request | Response> {
  const text = await request.text();
  let parsed: unknown = {};
  if (text.trim()) {
    try {
      parsed = JSON.parse(text);
    } catch {
      return jsonError(400, "The request body is not valid JSON.");
    }
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) return jsonError(400, "The request body must be a JSON object.");
  const headers = new Headers(request.headers);
  headers.set("content-type", "application/json");
  headers.delete("content-length");
  return new Request(request.url, { method: request.method, headers, body: JSON.stringify(parsed) });
}

export const GET = handle;
export const POST = handle;
