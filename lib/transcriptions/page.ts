import "server-only";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { getSessionUser, type SessionUser } from "@/lib/auth/session";
import { isStaff } from "@/lib/auth/roles";
import { requireTwoFactorSetupFor } from "@/lib/auth/two-factor-page";
import { redirect } from "@/lib/i18n/navigation";
import type { Locale } from "@/lib/i18n/locales";

/**
 * The server-side check at the top of every transcription page: guests → sign-in (and back);
 * anyone but staff (admins, partner users of a hospital) → 404. An admin whose password gate is
 * locked gets `locked` and the page shows the gate instead of anything it would read.
 */
export async function requireStaffPage(locale: Locale, pathname: string): Promise<{ user: SessionUser; locked: boolean }> {
  const user = await getSessionUser(await headers());
  if (!user) return redirect({ href: { pathname: "/simple-login.html", query: { next: pathname } }, locale });
  requireTwoFactorSetupFor(user, ["admin", "partner"], locale, pathname);
  if (!isStaff(user.role) || (user.role === "partner" && !user.hospitalId)) notFound();
  return { user, locked: user.role === "admin" && !user.adminUnlocked };
}
