import "server-only";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { actorFromHeaders } from "@/lib/api/actor";
import type { AuditActor } from "@/lib/audit";
import { isStaff, type Role } from "@/lib/auth/roles";
import { getSessionUser, type SessionUser } from "@/lib/auth/session";
import { requireTwoFactorSetupFor } from "@/lib/auth/two-factor-page";
import { redirect } from "@/lib/i18n/navigation";
import type { Locale } from "@/lib/i18n/locales";

/**
 * Who may open a personal page: anyone signed in; admins; staff (admins and partner users of a
 * hospital: the transcription pages); partner users of a hospital. `twoFactor`: the staff roles sent to
 * set up two-factor authentication first (the security page itself must stay reachable for that).
 */
const audiences = {
  "signed-in": { twoFactor: [], admits: () => true },
  admin: { twoFactor: ["admin"], admits: (user) => user.role === "admin" },
  staff: { twoFactor: ["admin", "partner"], admits: (user) => isStaff(user.role) && (user.role !== "partner" || !!user.hospitalId) },
  partner: { twoFactor: ["partner"], admits: (user) => user.role === "partner" && !!user.hospitalId },
} satisfies Record<string, { twoFactor: readonly Role[]; admits: (user: SessionUser) => boolean }>;

export type PageAudience = keyof typeof audiences;

export interface PageViewer {
  user: SessionUser;
  /** Who reads what the page shows, for the audit log. */
  actor: AuditActor;
  /** An admin whose password gate is still locked: the page shows the gate instead of anything it would read. */
  locked: boolean;
}

/**
 * The server-side check at the top of every personal page: a guest goes to the sign-in page (and comes
 * back to `pathname`), a staff account without two-factor authentication to its setup, anyone outside
 * the audience gets 404.
 */
export async function requirePage(audience: PageAudience, locale: Locale, pathname: string): Promise<PageViewer> {
  const requestHeaders = await headers();
  const user = await getSessionUser(requestHeaders);
  if (!user) return redirect({ href: { pathname: "/simple-login.html", query: { next: pathname } }, locale });
  const { twoFactor, admits } = audiences[audience];
  requireTwoFactorSetupFor(user, twoFactor, locale, pathname);
  if (!admits(user)) notFound();
  return { user, actor: actorFromHeaders(requestHeaders, user), locked: user.role === "admin" && !user.adminUnlocked };
}
