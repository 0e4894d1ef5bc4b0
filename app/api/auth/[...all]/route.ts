import { toNextJsHandler } from "better-auth/next-js";
import { getAuth } from "@/lib/auth/server";
import { errorResponse, MAX_JSON_BYTES, serveApi } from "@/lib/api/handler";
import { AppError } from "@/lib/app-error";
import { readRequestText } from "@/lib/api/request-body";
import { withClientIpHeader } from "@/lib/api/client-ip";
import { assertSameOrigin } from "@/lib/api/origin";
import { toApiErrorResponse } from "@/lib/auth/errors";
import { db } from "@/lib/db";

export const dynamic = "force-dynamic";

const MAX_AUTH_PATH_LENGTH = 512;

async function handle(request: Request): Promise<Response> {
  try {
    assertSameOrigin(request);
  } catch (error) {
    return errorResponse(error, request);
  }
  // Better Auth reads the client's address (its limits, the session rows) from this header only.
  request = withClientIpHeader(request);
  // The admin plugin's own endpoints (list users, set roles, impersonate...) would bypass the admin
  // gate, two-factor and the audit log: the app calls them on the server only, never over HTTP.
  const { pathname } = new URL(request.url);
  if (pathname.startsWith("/api/auth/admin/")) return errorResponse(new AppError("not_found", "not_found"), request);
  // Its rate limiter keys a database row by the path: a path of kilobytes (a forged reset token) would not
  // fit that row's index and fail with a 500. No endpoint's path comes near this length.
  if (pathname.length > MAX_AUTH_PATH_LENGTH) return errorResponse(new AppError("not_found", "not_found"), request);
  const handlers = toNextJsHandler(getAuth());
  if (request.method !== "GET") {
    const body = await jsonObjectBody(request);
    if (body instanceof Response) return body;
    request = body;
  }
  let response: Response;
  try {
    response = await (request.method === "GET" ? handlers.GET(request) : handlers.POST(request));
  } catch (error) {
    return errorResponse(error, request); // its rate limiter throws when the database is unreachable
  }
  if (response.status >= 500) {
    // Better Auth turns every failure into a 500; when the database is unreachable, say so (503, as the other APIs do).
    try {
      await db().$queryRaw`SELECT 1`;
    } catch (error) {
      return errorResponse(error, request);
    }
  }
  return toApiErrorResponse(response, request);
}

/**
 * Better Auth's plugins read fields of the body without checking it is there (a POST without a body
 * crashed the username plugin with a 500): every POST reaches it as a JSON object, "{}" when empty.
 */
async function jsonObjectBody(request: Request): Promise<Request | Response> {
  let text: string;
  try {
    text = await readRequestText(request, MAX_JSON_BYTES);
  } catch (error) {
    return errorResponse(error, request);
  }
  let parsed: unknown = {};
  if (text.trim()) {
    try {
      parsed = JSON.parse(text);
    } catch {
      return errorResponse(new AppError("bad_request", "invalid_json"), request);
    }
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed))
    return errorResponse(new AppError("bad_request", "json_object_required"), request);
  // Better Auth would pass such text to the database, which refuses it, and answer 500 (e.g. a reset token with a lone surrogate).
  if (!storableText(parsed)) return errorResponse(new AppError("bad_request", "unstorable_text"), request);
  const headers = new Headers(request.headers);
  headers.set("content-type", "application/json");
  headers.delete("content-length");
  return new Request(request.url, { method: request.method, headers, body: JSON.stringify(parsed) });
}

/** No NUL character and no unpaired surrogate in any key or string of a parsed JSON value. */
function storableText(value: unknown): boolean {
  if (typeof value === "string") return value.isWellFormed() && !value.includes("\u0000");
  if (Array.isArray(value)) return value.every(storableText);
  if (value && typeof value === "object") return Object.entries(value).every(([key, item]) => storableText(key) && storableText(item));
  return true;
}

function serve(request: Request): Promise<Response> {
  return serveApi(request, () => handle(request));
}

export const GET = serve;
export const POST = serve;
