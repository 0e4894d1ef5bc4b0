import type { z } from "zod";
import type { ErrorCode } from "@/lib/contracts/errors";

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

/**
 * The answer's schema from lib/contracts, or a function that imports it. The pages with the site's forms
 * give functions, so that zod and the contracts load when an answer comes, not with their first scripts
 * (docs/decisions/034-validation-loaded-on-use.md).
 */
export type AnswerSchema<T> = z.ZodType<T> | (() => Promise<z.ZodType<T>>);

/** A request that never reached the server, or code that could not be fetched: the phone is offline. */
export const connectionLost = () => new ApiError(0, "network", "network");

export interface ApiRequest<T> {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as JSON. */
  body?: unknown;
  /** The answer is parsed with it, never cast. */
  schema?: AnswerSchema<T>;
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
    throw connectionLost();
  }
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw await errorFromAnswer(response.status, json);
  if (!schema) return undefined as T;
  const answerSchema = typeof schema === "function" ? await schema().catch(() => Promise.reject(connectionLost())) : schema;
  const parsed = answerSchema.safeParse(json);
  if (!parsed.success) throw new ApiError(response.status, "invalid_response", "invalid_response");
  return parsed.data;
}

/**
 * An error answer of the API (lib/contracts/errors.ts) as an ApiError, or what to say when the body is
 * not one. Its schema (and zod) is imported when one comes.
 */
export async function errorFromAnswer(status: number, json: unknown): Promise<ApiError> {
  const contract = await import("@/lib/contracts/errors").catch(() => null);
  if (!contract) return connectionLost();
  const answer = contract.apiErrorSchema.safeParse(json);
  if (!answer.success) return new ApiError(status, status === 503 ? "unavailable" : "internal", status === 503 ? "unavailable" : "internal");
  return new ApiError(status, answer.data.code ?? "internal", answer.data.error, answer.data.field);
}
