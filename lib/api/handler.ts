import "server-only";
import { z } from "zod";
import { getSessionUser, requireUser, type SessionUser } from "@/lib/auth/session";
import type { Role } from "@/lib/auth/roles";
import { AppError } from "@/lib/app-error";
import { assertSameOrigin } from "./origin";
import { readRequestText } from "./request-body";
import { withRequestId } from "@/lib/log";
import { withClientIpHeader } from "./client-ip";
import { strictTransportSecurity } from "./transport-security";
import { STORED_FILE_PATHS, STORED_FILE_POLICY } from "@/lib/security/response-headers";
import { errorResponse } from "./error-response";
import { codedDefaults, issueError } from "./zod-issues";

export { errorResponse };

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

/**
 * Every route handler is declared through this wrapper: it refuses cross-site state changes
 * (lib/api/origin.ts), checks the session and role on the server, validates query and JSON body with zod, and turns errors into JSON `{ "error": ... }`
 * with the right status. Handlers never see unvalidated input.
 */
export function apiRoute<A extends Access, Body = undefined, Query = undefined>(
  config: { access: A; body?: z.ZodType<Body>; query?: z.ZodType<Query>; /** The JSON body's bound, 1 MB unless told. */ maxJsonBytes?: number },
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
      const query = config.query ? await parse(config.query, Object.fromEntries(new URL(request.url).searchParams)) : (undefined as Query);
      const body = config.body ? await parse(config.body, await readJson(request, config.maxJsonBytes)) : (undefined as Body);
      const params = (await routeContext?.params) ?? {};
      return await handler({ request, user: user as UserFor<A>, body, query, params });
    } catch (error) {
      return errorResponse(error, request);
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

async function parse<T>(schema: z.ZodType<T>, value: unknown): Promise<T> {
  const result = schema.safeParse(value, codedDefaults);
  if (result.success) return result.data;
  throw issueError(result.error.issues[0], { fieldInSentence: true });
}

/** A JSON request body (at most 1 MB unless told), parsed. */
export async function readJson(request: Request, maxBytes = MAX_JSON_BYTES): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().includes("application/json")) throw new AppError("unsupported_media_type", "json_required");
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > maxBytes) throw new AppError("payload_too_large", "body_too_large");
  const text = await readRequestText(request, maxBytes);
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("bad_request", "invalid_json");
  }
}
