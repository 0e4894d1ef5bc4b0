import { headers } from "next/headers";
import { NotFoundPage } from "@/components/layout/not-found-page";
import { textDirection } from "@/lib/i18n/locales";
import { requestLocale } from "@/lib/i18n/request-locale";
import { inter } from "./fonts";

/**
 * Addresses that reach no language (a file name without a language prefix, `/missing.png`, or an
 * unknown prefix, `/xx/page`) still get a 404 page, in the reader's language: the page they came from,
 * their language cookie, then their browser's languages.
 */
export default async function GlobalNotFound() {
  const locale = requestLocale({ headers: await headers() });
  return (
    <html lang={locale} dir={textDirection(locale)} className={inter.variable}>
      <body>
        <NotFoundPage locale={locale} />
      </body>
    </html>
  );
}
