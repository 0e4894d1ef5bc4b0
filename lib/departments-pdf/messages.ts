import { defaultLocale, isLocale, type Locale } from "@/lib/i18n/locales";
import { translatorFor, type Translate } from "@/lib/i18n/messages";

/**
 * The languages the guide is printed in: those written in the Latin script, which the PDF's
 * built-in fonts can draw. Arabic, Hindi, Russian and Chinese need embedded fonts (with Arabic
 * shaping); until then they get the English guide.
 */
export const GUIDE_LOCALES: ReadonlySet<Locale> = new Set<Locale>(["en", "ha", "sw", "fr", "tr", "es"]);

/** The guide's language for a requested one: itself when the guide can be printed in it, else English. */
export function guideLocale(requested: string | null | undefined): Locale {
  return isLocale(requested) && GUIDE_LOCALES.has(requested) ? requested : defaultLocale;
}

/** Translates a message key (any namespace) with ICU arguments. */
export type GuideTranslator = Translate;

/** A translator for a locale over all namespaces, falling back to English for missing keys. */
export function guideTranslator(locale: Locale): Promise<GuideTranslator> {
  return translatorFor(locale);
}
