import "server-only";
import { redirect } from "@/lib/i18n/navigation";
import type { Locale } from "@/lib/i18n/locales";
import type { Role } from "./roles";
import type { SessionUser } from "./session";

/**
 * Staff pages call this before their role check: an account holding one of `roles` that has not set
 * up two-factor authentication yet is sent to set it up, and comes back to `pathname` afterwards.
 */
export function requireTwoFactorSetupFor(user: SessionUser, roles: readonly Role[], locale: Locale, pathname: string): void {
  if (user.staffRoleAwaitingTwoFactor && roles.includes(user.staffRoleAwaitingTwoFactor)) {
    redirect({ href: { pathname: "/account/security", query: { twoFactor: "required", next: pathname } }, locale });
  }
}
