import "server-only";
import { defaultLocale, isLocale, splitLocalePath, type Locale } from "./locales";

/**
 * The language of an API request's answers and of the e-mails it causes: the form's own `locale`
 * field when it sends one, else the language of the page it came from (the forms are on localized
 * pages), else the language cookie the site sets, else the browser's first supported language, else
 * English.
 */
export function requestLocale(request: { headers: Headers } | undefined, given?: string | null): Locale {
  if (isLocale(given)) return given;
  if (!request) return defaultLocale;
  const referer = request.headers.get("referer");
  if (referer && URL.canParse(referer)) {
    const { locale } = splitLocalePath(new URL(referer).pathname);
    if (locale !== defaultLocale) return locale;
  }
  const cookie = /(?:^|;\s*)NEXT_LOCALE=([^;]*)/.exec(request.headers.get("cookie") ?? "")?.[1];
  if (isLocale(cookie)) return cookie;
  for (const part of (request.headers.get("accept-language") ?? "").split(",")) {
    const language = part.split(";")[0].trim().toLowerCase().split("-")[0];
    if (isLocale(language)) return language;
  }
  return defaultLocale;
}
