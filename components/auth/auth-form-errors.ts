import type { FieldValues, UseFormReturn } from "react-hook-form";
import { ApiError } from "@/client/api";
import type { AuthRefusal } from "@/client/auth-client";
import { showApiError } from "@/client/errors";

/** Maps an error answer of the auth API to a key under auth.errors. */
export function authErrorKey(status: number, code: string | undefined, mode: "sign-in" | "sign-up" | "password"): string {
  if (status === 429) return "tooManyAttempts";
  if (code === "PASSWORD_TOO_COMMON") return "passwordTooCommon";
  if (mode === "sign-in") return status === 401 || status === 400 || status === 403 ? "invalidCredentials" : "generic";
  switch (code) {
    case "USER_ALREADY_EXISTS":
    case "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL":
      return "emailTaken";
    case "USERNAME_IS_ALREADY_TAKEN":
    case "USERNAME_IS_ALREADY_TAKEN_PLEASE_TRY_ANOTHER":
      return "usernameTaken";
    case "INVALID_EMAIL":
      return "emailInvalid";
    case "PASSWORD_TOO_SHORT":
      return "passwordTooShort";
    case "PASSWORD_TOO_LONG":
      return "passwordTooLong";
    case "INVALID_TOKEN":
      return "invalidResetToken";
    case "INVALID_USERNAME":
    case "USERNAME_TOO_SHORT":
    case "USERNAME_TOO_LONG":
      return "usernameInvalid";
    default:
      return "generic";
  }
}

/** Where the password APIs' refusals belong (keys of auth.errors → fields of the reset and change forms). */
export const NEW_PASSWORD_FIELDS: Partial<Record<string, string>> = {
  passwordTooShort: "newPassword",
  passwordTooLong: "newPassword",
  passwordTooCommon: "newPassword",
};

/** Maps the auth API's refusal of a two-factor code to a message key under twoFactor. */
export function codeErrorKey(status: number, code: string | undefined): "wrongCode" | "challengeExpired" | "tooManyAttempts" | "generic" {
  if (status === 429) return "tooManyAttempts";
  if (code === "INVALID_CODE" || code === "INVALID_BACKUP_CODE") return "wrongCode";
  if (code === "INVALID_TWO_FACTOR_COOKIE" || code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE" || code === "ACCOUNT_TEMPORARILY_LOCKED") return "challengeExpired";
  return "generic";
}

/**
 * Shows an auth refusal through client/errors.ts `showApiError`: `text` (in the page's language) on
 * the form field that `fieldOf` names for its message key, with the focus there, else on the whole form.
 */
export function showAuthRefusal<T extends FieldValues>(
  form: UseFormReturn<T>,
  refusal: AuthRefusal,
  key: string,
  text: string,
  fieldOf: Partial<Record<string, string>> = {},
) {
  showApiError(form, new ApiError(refusal.status, refusal.code ?? key, text, fieldOf[key]), () => text);
}
