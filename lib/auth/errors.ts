import "server-only";
import { AppError } from "@/lib/app-error";
import { appErrorBody } from "@/lib/api/error-response";
import { PASSWORD_MIN_LENGTH, SIGN_IN_LOCKED_CODE } from "@/lib/contracts/auth";
import type { ErrorCode } from "@/lib/contracts/errors";
import { NAME_INVALID } from "./name-hook";

/** Better Auth's error codes that the app's forms meet, as our error codes and the field they concern. */
const AUTH_ERRORS: Record<string, { code: ErrorCode; field?: string; params?: Record<string, number> }> = {
  INVALID_EMAIL_OR_PASSWORD: { code: "invalid_credentials" },
  INVALID_USERNAME_OR_PASSWORD: { code: "invalid_credentials" },
  USER_ALREADY_EXISTS: { code: "email_taken", field: "email" },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: { code: "email_taken", field: "email" },
  INVALID_EMAIL: { code: "email_invalid", field: "email" },
  USERNAME_IS_ALREADY_TAKEN: { code: "username_taken", field: "username" },
  USERNAME_IS_ALREADY_TAKEN_PLEASE_TRY_ANOTHER: { code: "username_taken", field: "username" },
  INVALID_USERNAME: { code: "username_invalid", field: "username" },
  USERNAME_TOO_SHORT: { code: "username_invalid", field: "username" },
  USERNAME_TOO_LONG: { code: "username_invalid", field: "username" },
  PASSWORD_TOO_SHORT: { code: "password_too_short", field: "password", params: { minimum: PASSWORD_MIN_LENGTH } },
  PASSWORD_TOO_LONG: { code: "password_too_long", field: "password" },
  PASSWORD_TOO_COMMON: { code: "password_too_common", field: "password" },
  INVALID_PASSWORD: { code: "incorrect_password", field: "password" },
  [SIGN_IN_LOCKED_CODE]: { code: "sign_in_locked" },
  INVALID_CODE: { code: "invalid_two_factor_code", field: "code" },
  INVALID_BACKUP_CODE: { code: "invalid_two_factor_code", field: "code" },
  INVALID_TOKEN: { code: "invalid_reset_token" },
  TWO_FACTOR_REQUIRED_FOR_STAFF: { code: "two_factor_required_for_staff" },
};

/** The AppError for one of Better Auth's error codes, or null when the app has no text of its own for it. */
export function authError(status: number, betterAuthCode: string | undefined): AppError | null {
  const known = betterAuthCode ? AUTH_ERRORS[betterAuthCode] : undefined;
  const kind =
    status === 429 ? "rate_limited" : status === 401 ? "unauthenticated" : status === 403 ? "forbidden" : status === 404 ? "not_found" : "bad_request";
  if (known) return new AppError(kind, known.code, { field: known.field, params: known.params });
  if (status === 429) return new AppError(kind, "rate_limited");
  if (status === 404 && !betterAuthCode) return new AppError(kind, "not_found");
  return null;
}

/**
 * Better Auth answers errors as { code, message } (a taken e-mail as 422). Our API contract is
 * JSON { error, code, field } with a 4xx, and bad input is a 400: error responses are rewritten to
 * that shape, `error` in the request's language for the codes the app knows; `code` stays Better
 * Auth's own, which the auth forms read. A refused name's message is already translated (name-hook).
 */
export async function toApiErrorResponse(response: Response, request?: Request): Promise<Response> {
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
  if (body.code === NAME_INVALID) return Response.json({ error: body.message, code: body.code, field: "name" }, { status, headers });
  const known = authError(status, body.code);
  if (known) return Response.json({ ...(await appErrorBody(known, request)), code: body.code ?? known.code }, { status, headers });
  return Response.json({ error: body.message ?? "Request failed", code: body.code }, { status, headers });
}
