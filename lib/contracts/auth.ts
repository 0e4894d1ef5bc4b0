import { z } from "zod";
import { personName } from "@/lib/contracts/people";
import { isCommonPassword } from "./password-strength";

/** Account rules shared by the sign-up form (browser) and the server. */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;
export const USERNAME_PATTERN = /^[a-zA-Z0-9_.]{3,30}$/;
/** The error code of a password sign-in refused because the account is locked for a while. */
export const SIGN_IN_LOCKED_CODE = "ACCOUNT_SIGN_IN_LOCKED";

const newPassword = z.string().min(PASSWORD_MIN_LENGTH, "passwordTooShort").max(PASSWORD_MAX_LENGTH, "passwordTooLong");

export const signUpSchema = z
  .object({
    // Messages: auth.errors keys, and nameRules.* keys for the person-name rule.
    name: personName({ required: "nameRequired" }),
    username: z.string().trim().regex(USERNAME_PATTERN, "usernameInvalid"),
    email: z.email("emailInvalid").max(254, "emailInvalid"),
    password: newPassword,
  })
  .refine((value) => !isCommonPassword(value.password, value), { path: ["password"], message: "passwordTooCommon" });

/** The signed-in password change; `owner` lets the browser refuse a password made of the account's details. */
export function changePasswordSchema(owner: { email?: string; username?: string; name?: string } = {}) {
  return z
    .object({
      currentPassword: z.string().min(1, "passwordRequired").max(PASSWORD_MAX_LENGTH, "passwordRequired"),
      newPassword,
      confirmPassword: z.string(),
    })
    .refine((value) => !isCommonPassword(value.newPassword, owner), { path: ["newPassword"], message: "passwordTooCommon" })
    .refine((value) => value.newPassword === value.confirmPassword, { path: ["confirmPassword"], message: "passwordsDiffer" });
}

export const forgotPasswordSchema = z.object({ email: z.email("emailInvalid").max(254, "emailInvalid") });

export const resetPasswordSchema = z
  .object({ newPassword, confirmPassword: z.string() })
  .refine((value) => !isCommonPassword(value.newPassword), { path: ["newPassword"], message: "passwordTooCommon" })
  .refine((value) => value.newPassword === value.confirmPassword, { path: ["confirmPassword"], message: "passwordsDiffer" });

export const signInSchema = z.object({
  identifier: z.string().trim().min(1, "identifierRequired").max(254, "identifierRequired"),
  password: z.string().min(1, "passwordRequired").max(PASSWORD_MAX_LENGTH, "passwordRequired"),
});

export type SignUpInput = z.infer<typeof signUpSchema>;
export type SignInInput = z.infer<typeof signInSchema>;

/** Where someone lands after signing in without a `next` page: admins on their dashboard, partners in their portal, patients on their journey. */
export function homePathFor(role: string | null | undefined, twoFactorSetupRequired = false): string {
  if (twoFactorSetupRequired) return "/account/security?twoFactor=required";
  if (role === "admin") return "/admin-dashboard";
  return role === "partner" ? "/partner" : "/journey";
}

/** Control characters (tabs and line breaks, which URL parsers silently drop) make a return path suspect. */
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
/** A path the browser resolves on this site: one slash, then neither a slash nor a backslash, encoded or not. */
const SAME_SITE_PATH = /^\/(?![/\\]|%2f|%5c)/i;

/**
 * The page to return to after sign-in, or `fallback` when `value` could lead anywhere else. What is
 * checked is the normalised result the router will follow, not the input: `/.//evil.example` starts
 * with one slash but normalises to `//evil.example`, which the browser reads as another host.
 */
export function safeReturnPath(value: string | null | undefined, fallback = "/journey"): string {
  if (!value || !SAME_SITE_PATH.test(value) || CONTROL_CHARACTER.test(value)) return fallback;
  try {
    const base = "http://return-path.invalid";
    const url = new URL(value, base);
    const path = url.pathname + url.search + url.hash;
    return url.origin === base && SAME_SITE_PATH.test(path) ? path : fallback;
  } catch {
    return fallback;
  }
}

/** A code from the authenticator app or a backup code, without the spaces people type into it. Messages: twoFactor keys. */
export const twoFactorCodeSchema = z.object({
  code: z
    .string()
    .transform((value) => value.replace(/\s/g, ""))
    .pipe(z.string().min(1, "wrongCode").max(40, "wrongCode")),
});

/** The account password that confirms a two-factor change (set up, new backup codes, turn off). */
export const twoFactorPasswordSchema = z.object({ password: z.string().min(1, "passwordRequired").max(PASSWORD_MAX_LENGTH, "passwordRequired") });
