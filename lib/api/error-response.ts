import "server-only";
import { AppError } from "@/lib/app-error";
import type { ApiErrorBody, ErrorCode, ErrorParams } from "@/lib/contracts/errors";
import { NAME_MAX_LENGTH } from "@/lib/contracts/people";
import { nameMessageKey } from "@/lib/contracts/name-messages";
import { isDatabaseUnavailable, isUnstorableText } from "@/lib/db/unavailable";
import type { Locale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/messages";
import { requestLocale } from "@/lib/i18n/request-locale";
import { log } from "@/lib/log";

/**
 * The JSON answer for anything a handler threw: `{ error, code, field }`, `error` in the request's
 * language. An AppError answers its own status and code; an unreachable database 503; anything else
 * is logged and answers a generic 500.
 */
export async function errorResponse(error: unknown, request?: Request): Promise<Response> {
  const locale = requestLocale(request);
  if (error instanceof AppError)
    return Response.json(await appErrorBody(error, request), { status: error.status, headers: { "Cache-Control": "no-store", ...error.headers } });
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
