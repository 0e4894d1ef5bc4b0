import "server-only";
import { z } from "zod";
import { getSessionUser, requireUser, type SessionUser } from "@/lib/auth/session";
import type { Role } from "@/lib/auth/roles";
import { AppError } from "./errors";
import { assertSameOrigin } from "./origin";
import { readRequestText } from "./request-body";
import { isDatabaseUnavailable, isUnstorableText } from "@/lib/db/unavailable";
import { log, withRequestId } from "@/lib/log";
import { withClientIpHeader } from "./client";
import { strictTransportSecurity } from "./transport-security";
import { STORED_FILE_PATHS, STORED_FILE_POLICY } from "@/lib/security/response-headers";
import { localizedIssueMessage } from "@/lib/people/name-messages";
import { requestLocale } from "@/lib/i18n/request-locale";
import { nameMessageKey } from "@/lib/people/name";

/** Who may call a route: anyone, any signed-in user, or only the listed roles. */
export type Access = "public" | "signed-in" | readonly Role[];
type UserFor<A extends Access> = A extends "public" ? SessionUser | null : SessionUser;

export interface RouteContext<A extends Access, Body, Query> {
  request: Request;
  user: UserFor<A>;
  body: Body;
  query: Query;
  params: Record<string, string | string[]>;
}

export const MAX_JSON_BYTES = 1024 * 1024;

export function jsonError(status: number, error: string, headers: Record<string, string> = {}): Response {
  return Response.json({ error }, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

/**
 * Every route handler is declared through this wrapper: it refuses cross-site state changes
 * (lib/api/origin.ts), checks the session and role on the server, validates query and JSON body with zod, and turns errors into JSON `{ "error": ... }`
 * with the right status. Handlers never see unvalidated input.
 */
export function apiRoute<A extends Access, Body = undefined, Query = undefined>(
  config: { access: A; body?: z.ZodType<Body>; query?: z.ZodType<Query> },
  handler: (context: RouteContext<A, Body, Query>) => Promise<Response> | Response,
) {
  const serve = async (request: Request, routeContext?: { params?: Promise<Record<string, string | string[]>> }): Promise<Response> => {
    try {
      assertSameOrigin(request);
      request = withClientIpHeader(request);
      const user =
        config.access === "public"
          ? await getSessionUser(request.headers)
          : await requireUser(config.access === "signed-in" ? undefined : config.access, request.headers);
      const query = config.query ? await parse(config.query, Object.fromEntries(new URL(request.url).searchParams), request) : (undefined as Query);
      const body = config.body ? await parse(config.body, await readJson(request), request) : (undefined as Body);
      const params = (await routeContext?.params) ?? {};
      return await handler({ request, user: user as UserFor<A>, body, query, params });
    } catch (error) {
      return errorResponse(error);
    }
  };
  return (request: Request, routeContext?: { params?: Promise<Record<string, string | string[]>> }) => serveApi(request, () => serve(request, routeContext));
}

/**
 * What every API answer goes through, apiRoute's and the few route files that cannot use it (auth,
 * the departments guide, unknown paths): a request id for its log lines and the X-Request-Id header
 * (lib/log.ts), and HSTS when the server runs in production behind https (transport-security.ts).
 */
export async function serveApi(request: Request, serve: () => Promise<Response>): Promise<Response> {
  const response = await withRequestId(request, serve);
  const added: Record<string, string> = {};
  const hsts = strictTransportSecurity();
  if (hsts) added["Strict-Transport-Security"] = hsts;
  // Paths that serve stored files get no policy from next.config.ts: their JSON answers get the strict one.
  if (!response.headers.has("Content-Security-Policy") && STORED_FILE_PATHS.some((path) => new URL(request.url).pathname.startsWith(path)))
    added["Content-Security-Policy"] = STORED_FILE_POLICY;
  if (Object.keys(added).length === 0) return response;
  try {
    for (const [name, value] of Object.entries(added)) response.headers.set(name, value);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    for (const [name, value] of Object.entries(added)) copy.headers.set(name, value);
    return copy;
  }
}

export function errorResponse(error: unknown): Response {
  if (error instanceof AppError) return jsonError(error.status, error.message, error.headers);
  if (isDatabaseUnavailable(error)) return databaseUnavailable(error);
  if (isUnstorableText(error)) return jsonError(400, "The request contains characters that cannot be stored (such as a NUL character).");
  log.error({ err: error }, "Unhandled error in route handler");
  return jsonError(500, "Something went wrong on our side. Please try again.");
}

export const DATABASE_UNAVAILABLE = "The service is temporarily unavailable. Please try again in a minute.";
let unavailableLoggedAt = 0;

/** 503 while the database cannot be reached; logged once a minute, not once per request of an outage. */
function databaseUnavailable(error: unknown): Response {
  if (Date.now() - unavailableLoggedAt > 60_000) {
    unavailableLoggedAt = Date.now();
    log.error({ err: error }, "Database unreachable: answering 503 (logged at most once a minute)");
  }
  return jsonError(503, DATABASE_UNAVAILABLE, { "Retry-After": "30" });
}

async function parse<T>(schema: z.ZodType<T>, value: unknown, request: Request): Promise<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  // A person-name rule's message is a translated sentence about the name: it needs no field prefix.
  if (issue && nameMessageKey(issue.message)) throw new AppError("bad_request", await localizedIssueMessage(issue.message, requestLocale(request)));
  const where = issue?.path.length ? `${issue.path.join(".")}: ` : "";
  throw new AppError("bad_request", `${where}${issue?.message ?? "Invalid input."}`);
}

async function readJson(request: Request): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().includes("application/json")) throw new AppError("unsupported_media_type", "The request body must be JSON (Content-Type: application/json).");
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > MAX_JSON_BYTES) throw new AppError("payload_too_large", "The request body is too large.");
  const text = await readRequestText(request, MAX_JSON_BYTES);
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("bad_request", "The request body is not valid JSON.");
  }
}
