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
