import "server-only";
import type { ErrorCode, ErrorParams } from "@/lib/contracts/errors";
import type { Locale } from "@/lib/i18n/locales";

/** The HTTP meaning of an error; the code says what exactly went wrong. */
export type ErrorKind =
  | "bad_request"
  | "unauthenticated"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "gone"
  | "locked"
  | "request_timeout"
  | "payload_too_large"
  | "unsupported_media_type"
  | "range_not_satisfiable"
  | "rate_limited"
  | "unavailable";

const statusByKind: Record<ErrorKind, number> = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  locked: 423,
  request_timeout: 408,
  payload_too_large: 413,
  unsupported_media_type: 415,
  range_not_satisfiable: 416,
  rate_limited: 429,
  unavailable: 503,
};

export interface AppErrorOptions {
  /** Values for the code's text ({max}, {trackingNumber}, ...). */
  params?: ErrorParams;
  /** The input field the error concerns, as the request named it ("email", "patientInfo.department"). */
  field?: string;
  headers?: Record<string, string>;
  /** The language to answer in when the request named its own (a form's `locale` field). */
  locale?: Locale;
}

/**
 * The one error type that domain code, route handlers and server actions throw on purpose. It carries
 * a code, never a sentence: the API answers with the code's text in the request's language
 * (lib/api/handler.ts), pages translate it themselves. Anything else thrown becomes a generic 500.
 */
export class AppError extends Error {
  override name = "AppError";
  readonly status: number;
  readonly params: ErrorParams;
  readonly field: string | undefined;
  readonly headers: Record<string, string>;
  readonly locale: Locale | undefined;
  constructor(
    readonly kind: ErrorKind,
    readonly code: ErrorCode,
    options: AppErrorOptions = {},
  ) {
    super(code);
    this.status = statusByKind[kind];
    this.params = options.params ?? {};
    this.field = options.field;
    this.headers = options.headers ?? {};
    this.locale = options.locale;
  }
}
