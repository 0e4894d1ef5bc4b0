import "server-only";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { getSessionUser } from "@/lib/auth/session";
import { requireTwoFactorSetupFor } from "@/lib/auth/two-factor-page";
import { redirect } from "@/lib/i18n/navigation";
import type { Locale } from "@/lib/i18n/locales";

/**
 * The server-side check at the top of every admin page: signed out → sign-in page (and back);
 * not an admin → 404. Returns whether the password gate is already unlocked in this session.
 */
export async function requireAdminPage(locale: Locale, pathname: string): Promise<{ unlocked: boolean }> {
  const requestHeaders = await headers();
  const user = await getSessionUser(requestHeaders);
  if (!user) return redirect({ href: { pathname: "/simple-login.html", query: { next: pathname } }, locale });
  requireTwoFactorSetupFor(user, ["admin"], locale, pathname);
  if (user.role !== "admin") notFound();
  return { unlocked: user.adminUnlocked };
}
