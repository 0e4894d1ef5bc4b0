import "server-only";
import type { z } from "zod";
import { AppError } from "@/lib/app-error";
import type { ErrorCode, ErrorParams } from "@/lib/contracts/errors";
import { nameMessageKey } from "@/lib/contracts/name-messages";
import type { Locale } from "@/lib/i18n/locales";
import english from "@/messages/en.json";

const isErrorCode = (message: string): message is ErrorCode => Object.hasOwn(english.errors, message);

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
  return new AppError("bad_request", "invalid_value", {
    field,
    locale,
    params: { detail: options.fieldInSentence && field ? `${field}: ${issue.message}` : issue.message },
  });
}

/** The bound or the choices an issue was about, for texts such as "at most {maximum} characters". */
function issueParams(issue: z.core.$ZodIssue): ErrorParams {
  const params: ErrorParams = {};
  if ("maximum" in issue) params.maximum = Number(issue.maximum);
  if ("minimum" in issue) params.minimum = Number(issue.minimum);
  // A refinement names its bounds itself (`params` of .refine).
  if (issue.code === "custom" && issue.params)
    for (const [key, value] of Object.entries(issue.params)) if (typeof value === "number" || typeof value === "string") params[key] = value;
  if ("values" in issue && Array.isArray(issue.values)) params.values = issue.values.join(", ");
  return params;
}
