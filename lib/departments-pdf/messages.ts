import "server-only";
import { defaultLocale, isLocale, type Locale } from "@/lib/i18n/locales";
import { translatorFor, type Translate } from "@/lib/i18n/messages";

/** The guide's language for a requested one: itself (every interface language is printed), else English. */
export function guideLocale(requested: string | null | undefined): Locale {
  return isLocale(requested) ? requested : defaultLocale;
}

/** Translates a message key (any namespace) with ICU arguments. */
export type GuideTranslator = Translate;

/** A translator for a locale over all namespaces, falling back to English for missing keys. */
export function guideTranslator(locale: Locale): Promise<GuideTranslator> {
  return translatorFor(locale);
}
