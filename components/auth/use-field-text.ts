"use client";

import { useTranslations } from "next-intl";
import type { FieldError } from "react-hook-form";
import { PASSWORD_MIN_LENGTH } from "@/lib/contracts/auth";
import { NAME_MAX_LENGTH } from "@/lib/contracts/people";
import { nameMessageKey } from "@/lib/contracts/name-messages";
import { useErrorText } from "@/client/errors";

/**
 * The text under a field of an auth form: a server refusal is already text (showApiError); a schema
 * issue of lib/contracts/auth.ts is a key of auth.errors, of nameRules, or else of errors.
 */
export function useFieldText() {
  const t = useTranslations("auth.errors");
  const tName = useTranslations("nameRules");
  const errorText = useErrorText();
  return (error: FieldError | undefined): string | undefined => {
    const message = error?.message;
    if (!message) return undefined;
    if (error.type === "server") return message;
    const nameProblem = nameMessageKey(message);
    if (nameProblem) return tName(nameProblem, { max: NAME_MAX_LENGTH });
    return t.has(message) ? t(message, { min: PASSWORD_MIN_LENGTH }) : errorText(message);
  };
}
