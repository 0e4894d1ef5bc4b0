import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import pino, { type DestinationStream, type Logger } from "pino";

/**
 * Structured logs: one JSON object per line on stdout (pino), with the request id of the API call
 * being served. Logs never hold health data, personal data, secrets or file contents: values under
 * such keys are replaced, e-mail addresses and bearer tokens are masked inside any string, and bytes
 * are never written.
 */

const requestContext = new AsyncLocalStorage<{ requestId: string }>();

const REDACTED = "[redacted]";
/** Secrets, personal data and health data, by key name (any depth, any case). */
const SECRET_KEY = /pass(word|wd|phrase)?$|secret|token|authorization|cookie|api[-_]?key|otp|backup[-_]?codes|code[-_]?hash|^code$|^key$/i;
const PERSONAL_KEY =
  /e-?mail|^(full|first|last|patient|consent(full)?|display|user)?_?name$|phone|^to$|^from$|^address$|birth|original[-_]?name|file[-_]?name/i;
const HEALTH_KEY =
  /medical|condition|diagnos|treatment|symptom|patient[-_]?info|record[-_]?number|^text$|^segments$|^transcript(?!ion(Id|s)?$)|^message$|^note$|^body$|^content|^data$|^file$|^bytes$|^buffer$|^chunk/i;
/** `message` and `msg` of an error or of the log line stay readable (with e-mails masked). */
const ALWAYS_KEPT = new Set(["msg", "level", "time", "pid", "hostname", "requestId", "stack", "type"]);
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi;
/** Prisma's validation errors print the query's arguments, values included (names, conditions...). */
const PRISMA_ARGUMENTS = /(`prisma\.[\w.$]+\(\)` invocation:)\n+\{\n[\s\S]*?\n\}(?=\n|$)/g;
const MAX_STRING = 2000;
const MAX_DEPTH = 6;

/** Masks e-mail addresses, credentials and Prisma's query arguments inside free text, and caps its length. */
export function scrubText(text: string): string {
  const scrubbed = text.replace(PRISMA_ARGUMENTS, "$1 [arguments redacted]").replace(EMAIL, "[email]").replace(BEARER, "$1 [redacted]");
  return scrubbed.length > MAX_STRING ? `${scrubbed.slice(0, MAX_STRING)}…` : scrubbed;
}

/** A copy of `value` that is safe to log (exported for tests). */
export function redact(value: unknown, depth = 0, parentIsError = false): unknown {
  if (typeof value === "string") return scrubText(value);
  if (value === null || typeof value !== "object") return typeof value === "bigint" ? value.toString() : value;
  if (depth > MAX_DEPTH) return "[nested]";
  if (Buffer.isBuffer(value) || ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return "[bytes]";
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => redact(item, depth + 1));
  if (value instanceof Headers) return redact(Object.fromEntries(value), depth);
  const isError = value instanceof Error;
  const source: Record<string, unknown> = isError
    ? { ...value, type: value.name, message: value.message, stack: value.stack, ...(value.cause ? { cause: value.cause } : {}) }
    : (value as Record<string, unknown>);
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(source)) {
    if (item === undefined || typeof item === "function") continue;
    const keep = ALWAYS_KEPT.has(key) || ((isError || parentIsError) && (key === "message" || key === "name"));
    result[key] = !keep && (SECRET_KEY.test(key) || PERSONAL_KEY.test(key) || HEALTH_KEY.test(key)) ? REDACTED : redact(item, depth + 1, isError);
  }
  return result;
}

/** A logger writing to `destination` (stdout by default); tests pass their own stream. */
export function createLogger(destination?: DestinationStream): Logger {
  return pino(
    {
      level: process.env.LOG_LEVEL || (process.env.NODE_ENV === "test" ? "warn" : "info"),
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      messageKey: "msg",
      // Errors are turned into plain objects by redact() below, wherever they sit.
      serializers: { err: (error: unknown) => error },
      mixin: () => {
        const context = requestContext.getStore();
        return context ? { requestId: context.requestId } : {};
      },
      formatters: { level: (label) => ({ level: label }), log: (object) => redact(object) as Record<string, unknown> },
      hooks: {
        // Messages are free text: mask what the key-based rules cannot see.
        logMethod(args, method) {
          method.apply(this, args.map((arg) => (typeof arg === "string" ? scrubText(arg) : arg)) as Parameters<typeof method>);
        },
      },
    },
    destination,
  );
}

export const log: Logger = createLogger();

const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,100}$/;

/**
 * Runs an API request with a request id (the caller's X-Request-Id when it looks sane, else a new
 * one): every log line written while serving it carries the id, and so does the response header.
 */
export async function withRequestId(request: Request, serve: () => Promise<Response>): Promise<Response> {
  const offered = request.headers.get("x-request-id");
  const requestId = offered && SANE_REQUEST_ID.test(offered) ? offered : randomUUID();
  const response = await requestContext.run({ requestId }, serve);
  try {
    response.headers.set("X-Request-Id", requestId);
    return response;
  } catch {
    // Some responses (redirects, proxied fetches) have immutable headers.
    const copy = new Response(response.body, response);
    copy.headers.set("X-Request-Id", requestId);
    return copy;
  }
}

/** The id of the API request being served, if any. */
export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId;
}
