import "server-only";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import type { AuditActor } from "@/lib/audit";
import { clientIpFromHeaders } from "@/lib/api/client";
import { getSessionUser, type SessionUser } from "@/lib/auth/session";
import { requireTwoFactorSetupFor } from "@/lib/auth/two-factor-page";
import { redirect } from "@/lib/i18n/navigation";
import type { Locale } from "@/lib/i18n/locales";

/**
 * The server-side check at the top of every partner page: guests → sign-in (and back); anyone but a
 * partner of a hospital → 404. Returns the partner and the audit actor for what the page reads.
 */
export async function requirePartnerPage(locale: Locale, pathname: string): Promise<{ user: SessionUser; actor: AuditActor }> {
  const requestHeaders = await headers();
  const user = await getSessionUser(requestHeaders);
  if (!user) return redirect({ href: { pathname: "/simple-login.html", query: { next: pathname } }, locale });
  requireTwoFactorSetupFor(user, ["partner"], locale, pathname);
  if (user.role !== "partner" || !user.hospitalId) notFound();
  const ipAddress = clientIpFromHeaders(requestHeaders);
  return { user, actor: { id: user.id, role: user.role, ipAddress, userAgent: requestHeaders.get("user-agent") } };
}
