import "server-only";
import { defaultLocale, isLocale, type Locale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/messages";
import { NAME_MAX_LENGTH, nameMessageKey } from "./name";

/**
 * The language of an API request's answers: the form's own `locale` field when it sends one, else
 * the language cookie the site sets, else the browser's first supported language, else English.
 */
export function requestLocale(request: { headers: Headers }, given?: string | null): Locale {
  if (isLocale(given)) return given;
  const cookie = /(?:^|;\s*)NEXT_LOCALE=([^;]*)/.exec(request.headers.get("cookie") ?? "")?.[1];
  if (isLocale(cookie)) return cookie;
  for (const part of (request.headers.get("accept-language") ?? "").split(",")) {
    const language = part.split(";")[0].trim().toLowerCase().split("-")[0];
    if (isLocale(language)) return language;
  }
  return defaultLocale;
}

/** A zod issue message in the reader's language when it is a person-name rule's key; other messages unchanged. */
export async function localizedIssueMessage(message: string, locale: Locale): Promise<string> {
  const key = nameMessageKey(message);
  if (!key) return message;
  return (await translatorFor(locale, "nameRules"))(key, { max: NAME_MAX_LENGTH });
}
