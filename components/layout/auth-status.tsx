"use client";

import { useState } from "react";
import { clsx } from "clsx";
import dynamic from "next/dynamic";
import { IntentLink } from "@/components/i18n/intent-link";
import { FileAudio } from "lucide-react";
import { usePathname } from "next/navigation";
import { markSignedOut, useSession } from "@/client/use-session";
import { greetingName } from "@/lib/contracts/session";
import { localePath, splitLocalePath, type Locale } from "@/lib/i18n/locales";
import type { NotificationBellLabels } from "./notification-bell";

// Its code is fetched only when someone is signed in: the marketing pages stay light for visitors.
const NotificationBell = dynamic(() => import("./notification-bell").then((module) => module.NotificationBell), { ssr: false });

/** The bell, for signed-in users only. */
export function NotificationBellSlot({ labels, locale }: { labels: NotificationBellLabels; locale: Locale }) {
  const session = useSession();
  if (session.status !== "ready" || !session.me.isAuthenticated) return null;
  return <NotificationBell labels={labels} locale={locale} />;
}

export interface AuthStatusLabels {
  login: string;
  signUp: string;
  logout: string;
  myJourney: string;
  partnerPortal: string;
  adminDashboard: string;
  transcriptions: string;
  /** Contains "{username}". */
  welcome: string;
  logoutFailed: string;
}

// Joined with clsx, not cn: tailwind-merge would add about 8 KiB to every marketing page. Nothing here
// overrides another class, so the padding is left to each button.
const buttonClass = "inline-flex h-10 items-center justify-center rounded-md text-sm font-medium whitespace-nowrap";

/**
 * Login and Sign Up, or the welcome line, My Journey and Logout. Plain links and strings from the
 * server: the header is on every page, so it carries no translation runtime to the phone.
 *
 * Until the session is known (and in the HTML of every page) it holds Login and Sign Up, invisible
 * unless the page has marked a visitor who is not signed in (`data-guest` on <html>, set before the
 * first paint of a pre-rendered page: scripts/static-page-hashes.mjs). A visitor sees them at once,
 * also where the page's scripts never start; a signed-in reader does not see them flash before the name.
 */
export function AuthStatus({ labels, stacked = false }: { labels: AuthStatusLabels; stacked?: boolean }) {
  const session = useSession();
  const { locale, path } = splitLocalePath(usePathname());
  const [logoutFailed, setLogoutFailed] = useState(false);
  const layout = clsx("flex gap-2", stacked ? "flex-col items-stretch" : "items-center");

  const user = session.status === "ready" && session.me.isAuthenticated ? session.me.user : null;
  if (!user) {
    const onAuthPage = path === "/simple-login.html" || path === "/simple-signup.html";
    const login = localePath("/simple-login.html", locale) + (onAuthPage ? "" : `?next=${encodeURIComponent(path)}`);
    return (
      <div className={clsx(layout, session.status === "loading" && "invisible [html[data-guest]_&]:visible")} data-testid="guest-links">
        <IntentLink href={login} className={clsx(buttonClass, "px-4 hover:bg-muted")}>
          {labels.login}
        </IntentLink>
        <IntentLink
          href={localePath("/simple-signup.html", locale)}
          className={clsx(buttonClass, "px-4 bg-primary text-primary-foreground hover:bg-primary/90")}
        >
          {labels.signUp}
        </IntentLink>
      </div>
    );
  }

  // Where staff work; the pages themselves check the role on the server.
  const staffLink =
    user.role === "partner"
      ? { href: "/partner", label: labels.partnerPortal }
      : user.role === "admin"
        ? { href: "/admin-dashboard", label: labels.adminDashboard }
        : null;

  async function logout() {
    setLogoutFailed(false);
    // The Better Auth client is fetched on this click only: the header of every page stays small.
    const signedOut = await import("@/client/auth-client")
      .then(({ authCall, authClient }) => authCall(() => authClient.signOut()))
      .catch(() => ({ error: { status: 0 } }));
    if (signedOut.error) {
      console.error("Logout failed", signedOut.error);
      return setLogoutFailed(true);
    }
    markSignedOut();
    window.location.assign(localePath("/", locale));
  }

  return (
    <div className={layout}>
      {/* The welcome line leads to the account page: data export, deletion, password and sessions. */}
      <IntentLink
        href={localePath("/account", locale)}
        className={clsx("text-sm text-muted-foreground underline-offset-4 hover:underline", !stacked && "max-w-40 truncate")}
        data-testid="welcome-line"
      >
        {labels.welcome.replace("{name}", greetingName(user))}
      </IntentLink>
      {!staffLink && (
        <IntentLink href={localePath("/journey", locale)} className={clsx(buttonClass, "px-4 border border-input hover:bg-muted")}>
          {labels.myJourney}
        </IntentLink>
      )}
      {staffLink && (
        <IntentLink href={localePath(staffLink.href, locale)} className={clsx(buttonClass, "px-4 border border-input hover:bg-muted")}>
          {staffLink.label}
        </IntentLink>
      )}
      {staffLink && (
        // Staff headers are full: on desktop the icon stands alone until the widest screens (the name stays for screen readers).
        <IntentLink
          href={localePath("/dashboard", locale)}
          title={labels.transcriptions}
          className={clsx(buttonClass, "gap-2 border border-input hover:bg-muted", stacked ? "px-4" : "px-3 2xl:px-4")}
        >
          <FileAudio aria-hidden className="h-4 w-4" />
          <span className={stacked ? undefined : "sr-only 2xl:not-sr-only"}>{labels.transcriptions}</span>
        </IntentLink>
      )}
      <button type="button" onClick={logout} className={clsx(buttonClass, "px-4 hover:bg-muted")}>
        {labels.logout}
      </button>
      {logoutFailed && (
        <span role="alert" className="text-sm text-destructive">
          {labels.logoutFailed}
        </span>
      )}
    </div>
  );
}
