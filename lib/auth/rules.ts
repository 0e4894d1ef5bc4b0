import { z } from "zod";
import { personName } from "@/lib/people/name";
import { isCommonPassword } from "./password-strength";

/** Account rules shared by the sign-up form (browser) and the server. */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;
export const USERNAME_PATTERN = /^[a-zA-Z0-9_.]{3,30}$/;

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

/** Only same-site paths are allowed as the page to return to after sign-in. */
/** Where someone lands after signing in without a `next` page: partners work in their portal, everyone else follows their journey. */
export function homePathFor(role: string | null | undefined, twoFactorSetupRequired = false): string {
  if (twoFactorSetupRequired) return "/account/security?twoFactor=required";
  return role === "partner" ? "/partner" : "/journey";
}

export function safeReturnPath(value: string | null | undefined, fallback = "/journey"): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  try {
    const url = new URL(value, "http://local");
    return url.host === "local" ? url.pathname + url.search + url.hash : fallback;
  } catch {
    return fallback;
  }
}
