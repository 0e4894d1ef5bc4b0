"use client";

import { useTranslations } from "next-intl";
import { Link } from "@/components/i18n/link";
import { useSession } from "@/client/use-session";
import { greetingName } from "@/lib/contracts/session";
import { cn } from "@/lib/utils";

/**
 * Guests: a note linking to sign-in and sign-up. Signed in: a welcome and a link to /journey. The page
 * is the same file for everyone, so who is visiting is known only after it is drawn: the messages share
 * one grid cell and the box keeps the height of the guest's note (the longest, in the same type), so the
 * form below does not move when the session is known. A visitor the page has marked as not signed in
 * (`data-guest`, before any script: AuthStatus) sees the guest's note at once, as the page may start its
 * scripts only when the form is used.
 */
export function ContactWelcome() {
  const t = useTranslations("contact");
  const tc = useTranslations("common");
  const session = useSession();
  const user = session.status === "ready" && session.me.isAuthenticated ? session.me.user : null;
  const shown = session.status === "loading" ? "loading" : user ? "user" : "guest";
  const cell = (visible: boolean) => cn("col-start-1 row-start-1", !visible && "invisible");
  return (
    <div className={cn("grid rounded-md p-4", shown === "user" ? "bg-secondary" : "bg-muted")}>
      <p className={cn(cell(shown === "guest"), shown === "loading" && "[html[data-guest]_&]:visible", "text-sm")}>
        {t.rich("guestNote", {
          login: (chunks) => (
            <Link href={{ pathname: "/simple-login.html", query: { next: "/journey" } }} className="font-medium text-primary underline">
              {chunks}
            </Link>
          ),
          signup: (chunks) => (
            <Link href="/simple-signup.html" className="font-medium text-primary underline">
              {chunks}
            </Link>
          ),
        })}
      </p>
      {user ? (
        <p className={cn(cell(true), "text-sm")}>
          {t("welcomeBack", { name: greetingName(user) })}{" "}
          <Link href="/journey" className="font-medium text-primary underline">
            {t("goToJourney")}
          </Link>
        </p>
      ) : null}
      {shown === "loading" ? <p className={cn(cell(true), "text-sm text-muted-foreground [html[data-guest]_&]:invisible")}>{tc("loading")}</p> : null}
    </div>
  );
}
