import "server-only";
import type { Locale } from "@/lib/i18n/locales";
import { requestLocale } from "@/lib/i18n/request-locale";
import { nameForMail } from "@/lib/contracts/people";
import { translatorFor } from "@/lib/i18n/messages";
import { sendMail } from "@/lib/mail";
import { localizedUrl } from "@/lib/seo/metadata";

type Owner = { email: string; name: string };

async function sendToOwner(
  owner: Owner,
  request: Request | undefined,
  subject: string,
  lines: (t: Awaited<ReturnType<typeof translatorFor>>, locale: Locale) => string[],
) {
  const locale = requestLocale(request);
  const t = await translatorFor(locale, "accountProtection.email");
  const common = await translatorFor(locale, "accountSecurity");
  const email = await translatorFor(locale, "emails");
  const name = nameForMail(owner.name);
  await sendMail({
    to: owner.email,
    subject: t(subject),
    text: [email("salutation"), "", ...(name ? [email("accountNameLine", { name }), ""] : []), ...lines(t, locale), "", common("resetEmailSignature")].join(
      "\n",
    ),
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
