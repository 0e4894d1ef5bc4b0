"use client";

import { useTranslations } from "next-intl";
import { Link } from "@/lib/i18n/navigation";
import { useSession } from "@/client/use-session";
import { greetingName } from "@/lib/contracts/session";

/** Guests: a note linking to sign-in and sign-up. Signed in: a welcome and a link to /journey. */
export function ContactWelcome() {
  const t = useTranslations("contact");
  const tc = useTranslations("common");
  const session = useSession();
  if (session.status === "loading") return <p className="text-muted-foreground">{tc("loading")}</p>;
  const user = session.status === "ready" && session.me.isAuthenticated ? session.me.user : null;
  if (user)
    return (
      <p className="rounded-md bg-secondary p-4">
        {t("welcomeBack", { name: greetingName(user) })}{" "}
        <Link href="/journey" className="font-medium text-primary underline">
          {t("goToJourney")}
        </Link>
      </p>
    );
  return (
    <p className="rounded-md bg-muted p-4 text-sm">
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
  );
}
