import "server-only";
import { defaultLocale, splitLocalePath, type Locale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/messages";
import { sendMail } from "@/lib/mail";
import { localizedUrl } from "@/lib/seo/metadata";
import { nameForMail } from "@/lib/contracts/people";

/**
 * The forgot-password form sends its own page as `redirectTo`; Better Auth passes it on inside its
 * callback URL. Its locale prefix is the language the person was reading, so the e-mail uses it.
 */
function localeOf(betterAuthUrl: string): Locale {
  try {
    const callback = new URL(betterAuthUrl).searchParams.get("callbackURL");
    return callback ? splitLocalePath(new URL(callback, "http://local").pathname).locale : defaultLocale;
  } catch {
    return defaultLocale;
  }
}

/** The reset e-mail: a link to our own /reset-password page with the single-use token. */
export async function sendPasswordResetMail({ user, betterAuthUrl, token }: { user: { email: string; name: string }; betterAuthUrl: string; token: string }) {
  const locale = localeOf(betterAuthUrl);
  const t = await translatorFor(locale, "accountSecurity");
  const email = await translatorFor(locale, "emails");
  const name = nameForMail(user.name);
  const link = `${localizedUrl("/reset-password", locale)}?token=${encodeURIComponent(token)}`;
  await sendMail({
    to: user.email,
    subject: t("resetEmailSubject"),
    text: [
      email("salutation"),
      "",
      ...(name ? [email("accountNameLine", { name }), ""] : []),
      t("resetEmailBody"),
      "",
      link,
      "",
      t("resetEmailIgnore"),
      "",
      t("resetEmailSignature"),
    ].join("\n"),
  });
}
