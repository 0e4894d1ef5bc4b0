"use client";

import { useTranslations } from "next-intl";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { ApiError } from "./api";

/**
 * The text to show for an error in the page's language: the server's own (already translated) text,
 * or for codes the browser produces itself (a zod issue of a form, a lost connection) `errors.<code>`.
 * Pages that use it list "errors" among their PageMessages namespaces.
 */
export function useErrorText() {
  const t = useTranslations("errors");
  return (error: unknown, params?: Record<string, string | number>): string => {
    if (typeof error === "string") return t.has(error) ? t(error, params) : error;
    if (error instanceof ApiError && error.message !== error.code) return error.message;
    const code = error instanceof ApiError ? error.code : "internal";
    return t.has(code) ? t(code, params) : t("internal");
  };
}

/**
 * Shows an API refusal where it belongs: on the field it names, with the focus moved there, or
 * otherwise as the form's own error (`errors.root.server`).
 */
export function showApiError<T extends FieldValues, C = unknown, O = T>(form: UseFormReturn<T, C, O>, error: unknown, text: (error: unknown) => string) {
  const message = text(error);
  const field = error instanceof ApiError ? error.field : undefined;
  if (field && field.split(".")[0] in form.getValues()) form.setError(field as Path<T>, { type: "server", message }, { shouldFocus: true });
  else form.setError("root.server", { type: "server", message });
}
