import "server-only";
import { defaultLocale, isLocale, splitLocalePath, type Locale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/messages";
import { sendMail } from "@/lib/mail";
import { localizedUrl } from "@/lib/seo/metadata";

type Owner = { email: string; name: string };

/**
 * The language of the page the request came from (the sign-in and sign-up forms are on localized
 * pages), else the language the visitor last chose, else English.
 */
function requestLocale(request: Request | undefined): Locale {
  if (!request) return defaultLocale;
  try {
    const referer = request.headers.get("referer");
    if (referer) {
      const { locale } = splitLocalePath(new URL(referer).pathname);
      if (locale !== defaultLocale) return locale;
    }
  } catch {
    // An unreadable Referer says nothing about the language.
  }
  const chosen = /(?:^|;\s*)NEXT_LOCALE=([^;]+)/.exec(request.headers.get("cookie") ?? "")?.[1];
  return isLocale(chosen) ? chosen : defaultLocale;
}

async function sendToOwner(owner: Owner, request: Request | undefined, subject: string, lines: (t: Awaited<ReturnType<typeof translatorFor>>, locale: Locale) => string[]) {
  const locale = requestLocale(request);
  const t = await translatorFor(locale, "accountProtection.email");
  const common = await translatorFor(locale, "accountSecurity");
  await sendMail({
    to: owner.email,
    subject: t(subject),
    text: [common("resetEmailGreeting", { name: owner.name }), "", ...lines(t, locale), "", common("resetEmailSignature")].join("\n"),
  });
}

/** Someone signed up with the address of an existing account: its owner is told, the visitor is not. */
export function sendSignUpAttemptMail(owner: Owner, request: Request | undefined): Promise<void> {
  return sendToOwner(owner, request, "signUpAttemptEmailSubject", (t, locale) => [
    t("signUpAttemptEmailBody"),
    "",
    t("signUpAttemptEmailIfYou"),
    localizedUrl("/simple-login.html", locale),
    localizedUrl("/reset-password", locale),
    "",
    t("signUpAttemptEmailIfNotYou"),
  ]);
}

/** Once per lock: the account's password sign-in is paused after too many failures. */
export function sendSignInLockedMail(owner: Owner, request: Request | undefined, lock: { failures: number; minutes: number }): Promise<void> {
  return sendToOwner(owner, request, "lockedEmailSubject", (t, locale) => [
    t("lockedEmailBody", { count: lock.failures, minutes: lock.minutes }),
    "",
    t("lockedEmailIfYou"),
    localizedUrl("/reset-password", locale),
    "",
    t("lockedEmailIfNotYou"),
  ]);
}
