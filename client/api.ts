import type { z } from "zod";
import { apiErrorSchema, type ErrorCode } from "@/lib/contracts/errors";

/**
 * An API call that did not succeed. `message` is the server's text, already in the page's language;
 * a failure the server never answered has a code of the browser's own ("network", "invalid_response")
 * that the page translates (useErrorText).
 */
export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    readonly status: number,
    readonly code: ErrorCode | (string & {}),
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export interface ApiRequest<T> {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as JSON. */
  body?: unknown;
  /** The answer's schema from lib/contracts; the answer is parsed with it, never cast. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** The one way browser code calls the API: JSON in, the answer parsed with its contract, errors as ApiError. */
export async function apiFetch<T = void>(path: string, { method = "GET", body, schema, signal, headers }: ApiRequest<T> = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      signal,
      credentials: "same-origin",
      cache: "no-store",
      headers: { ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, "network", "network");
  }
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw errorFromAnswer(response.status, json);
  if (!schema) return undefined as T;
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new ApiError(response.status, "invalid_response", "invalid_response");
  return parsed.data;
}

/** An error answer of the API (lib/contracts/errors.ts), or what to say when the body is not one. */
export function errorFromAnswer(status: number, json: unknown): ApiError {
  const answer = apiErrorSchema.safeParse(json);
  if (!answer.success) return new ApiError(status, status === 503 ? "unavailable" : "internal", status === 503 ? "unavailable" : "internal");
  return new ApiError(status, answer.data.code ?? "internal", answer.data.error, answer.data.field);
}
