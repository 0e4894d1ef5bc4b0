/**
 * The one error type that route handlers and server actions throw on purpose. Its message is safe
 * to show to the user (SPEC section 8's texts where it has one); anything else becomes a generic 500.
 */
export type ErrorCode =
  | "bad_request"
  | "unauthenticated"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "request_timeout"
  | "payload_too_large"
  | "unsupported_media_type"
  | "rate_limited"
  | "unavailable";

const statusByCode: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  request_timeout: 408,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  unavailable: 503,
};

export class AppError extends Error {
  override name = "AppError";
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = statusByCode[code];
  }
}

export const notFound = (what = "Not found") => new AppError("not_found", what);
export const badRequest = (message: string) => new AppError("bad_request", message);
