import "server-only";
import { z } from "zod";
import { getSessionUser, requireUser, type SessionUser } from "@/lib/auth/session";
import type { Role } from "@/lib/auth/roles";
import { AppError } from "@/lib/app-error";
import { assertSameOrigin } from "./origin";
import { readRequestText } from "./request-body";
import { isDatabaseUnavailable, isUnstorableText } from "@/lib/db/unavailable";
import { log, withRequestId } from "@/lib/log";
import { withClientIpHeader } from "./client-ip";
import { strictTransportSecurity } from "./transport-security";
import { STORED_FILE_PATHS, STORED_FILE_POLICY } from "@/lib/security/response-headers";
import { requestLocale } from "@/lib/i18n/request-locale";
import { NAME_MAX_LENGTH, nameMessageKey } from "@/lib/contracts/people";
import { translatorFor } from "@/lib/i18n/messages";
import type { Locale } from "@/lib/i18n/locales";
import type { ApiErrorBody, ErrorCode, ErrorParams } from "@/lib/contracts/errors";
import english from "@/messages/en.json";

const isErrorCode = (message: string): message is ErrorCode => Object.hasOwn(english.errors, message);

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
      const query = config.query ? await parse(config.query, Object.fromEntries(new URL(request.url).searchParams)) : (undefined as Query);
      const body = config.body ? await parse(config.body, await readJson(request)) : (undefined as Body);
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

/**
 * The JSON answer for anything a handler threw: `{ error, code, field }`, `error` in the request's
 * language. An AppError answers its own status and code; an unreachable database 503; anything else
 * is logged and answers a generic 500.
 */
export async function errorResponse(error: unknown, request?: Request): Promise<Response> {
  const locale = requestLocale(request);
  if (error instanceof AppError) return Response.json(await appErrorBody(error, request), { status: error.status, headers: { "Cache-Control": "no-store", ...error.headers } });
  if (isDatabaseUnavailable(error)) return databaseUnavailable(error, locale);
  if (isUnstorableText(error)) return codedError(400, await errorText(locale, "unstorable_text"), "unstorable_text");
  log.error({ err: error }, "Unhandled error in route handler");
  return codedError(500, await errorText(locale, "internal"), "internal");
}

/** An AppError's answer body: its code's text in the request's language, the code, and the field it concerns. */
export async function appErrorBody(error: AppError, request?: Request): Promise<ApiErrorBody> {
  const text = await errorText(error.locale ?? requestLocale(request), error.code, error.params);
  return { error: text, code: error.code, ...(error.field ? { field: error.field } : {}) };
}

function codedError(status: number, error: string, code: string, field?: string, headers: Record<string, string> = {}): Response {
  return Response.json({ error, code, ...(field ? { field } : {}) }, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

/** Params that name submission statuses ("allowed": several, comma-separated, shown as "a, b or c"): in words of the request's language. */
const STATUS_PARAMS = ["status", "from", "to", "allowed"];

/**
 * The text of an error code in the given language. Status params are put into words first; a
 * person name's problem (invalid_name) is told by the name rule's own text (nameRules.*).
 */
async function errorText(locale: Locale, code: ErrorCode, params: ErrorParams = {}): Promise<string> {
  const t = await translatorFor(locale, "errors");
  if (code === "invalid_name") {
    const problem = nameMessageKey(`nameRules.${params.problem}`);
    if (problem) return (await translatorFor(locale, "nameRules"))(problem, { max: NAME_MAX_LENGTH });
  }
  const shown = { ...params };
  const list = new Intl.ListFormat(locale, { type: "disjunction" });
  for (const name of STATUS_PARAMS) {
    const value = shown[name];
    if (typeof value === "string") shown[name] = list.format(value.split(",").map((status) => t("case_status_name", { status })));
  }
  return t(code, shown);
}

let unavailableLoggedAt = 0;

/** 503 while the database cannot be reached; logged once a minute, not once per request of an outage. */
async function databaseUnavailable(error: unknown, locale: Locale): Promise<Response> {
  if (Date.now() - unavailableLoggedAt > 60_000) {
    unavailableLoggedAt = Date.now();
    log.error({ err: error }, "Database unreachable: answering 503 (logged at most once a minute)");
  }
  return codedError(503, await errorText(locale, "unavailable"), "unavailable", undefined, { "Retry-After": "30" });
}

async function parse<T>(schema: z.ZodType<T>, value: unknown): Promise<T> {
  const result = schema.safeParse(value, codedDefaults);
  if (result.success) return result.data;
  throw issueError(result.error.issues[0], { fieldInSentence: true });
}

/**
 * For issues a schema gives no message of its own (zod's English defaults): an error code, so that
 * they too answer in the request's language; a schema's own message (a code) takes precedence.
 */
export const codedDefaults = {
  error: (issue: z.core.$ZodRawIssue): ErrorCode => (issue.code === "too_big" && issue.origin === "string" ? "too_long" : "invalid_input"),
};

/**
 * The AppError for a refused zod issue, naming the field it concerns (under `fieldPrefix`). Its
 * message is an error code (the issue's bounds and choices become the text's {maximum}, {minimum},
 * {values}), or a person-name rule's key (invalid_name). A schema that still has an English
 * sentence answers it as invalid_value, after the field's name when `fieldInSentence`.
 */
export function issueError(issue: z.core.$ZodIssue | undefined, options: { fieldPrefix?: string; fieldInSentence?: boolean; locale?: Locale } = {}): AppError {
  const path = issue?.path.length ? issue.path.join(".") : undefined;
  const field = options.fieldPrefix ? [options.fieldPrefix, path].filter(Boolean).join(".") : path;
  const { locale } = options;
  if (!issue) return new AppError("bad_request", "invalid_input", { field, locale });
  const problem = nameMessageKey(issue.message);
  if (problem) return new AppError("bad_request", "invalid_name", { field, locale, params: { problem } });
  if (isErrorCode(issue.message)) return new AppError("bad_request", issue.message, { field, locale, params: issueParams(issue) });
  return new AppError("bad_request", "invalid_value", { field, locale, params: { detail: options.fieldInSentence && field ? `${field}: ${issue.message}` : issue.message } });
}

/** The bound or the choices an issue was about, for texts such as "at most {maximum} characters". */
function issueParams(issue: z.core.$ZodIssue): ErrorParams {
  const params: ErrorParams = {};
  if ("maximum" in issue) params.maximum = Number(issue.maximum);
  if ("minimum" in issue) params.minimum = Number(issue.minimum);
  // A refinement names its bounds itself (`params` of .refine).
  if (issue.code === "custom" && issue.params) for (const [key, value] of Object.entries(issue.params)) if (typeof value === "number" || typeof value === "string") params[key] = value;
  if ("values" in issue && Array.isArray(issue.values)) params.values = issue.values.join(", ");
  return params;
}

async function readJson(request: Request): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().includes("application/json")) throw new AppError("unsupported_media_type", "json_required");
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > MAX_JSON_BYTES) throw new AppError("payload_too_large", "body_too_large");
  const text = await readRequestText(request, MAX_JSON_BYTES);
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("bad_request", "invalid_json");
  }
}
