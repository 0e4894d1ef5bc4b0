/** The interface languages, English first (the default and the fallback). */
export const locales = ["en", "ha", "sw", "fr", "ar", "tr", "es", "hi", "ru", "zh"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "en";

/** Each language named in itself, for the language selector. */
export const localeNames: Record<Locale, string> = {
  en: "English",
  ha: "Hausa",
  sw: "Kiswahili",
  fr: "Français",
  ar: "العربية",
  tr: "Türkçe",
  es: "Español",
  hi: "हिन्दी",
  ru: "Русский",
  zh: "中文",
};

export const rtlLocales: ReadonlySet<Locale> = new Set<Locale>(["ar"]);

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

export function textDirection(locale: Locale): "rtl" | "ltr" {
  return rtlLocales.has(locale) ? "rtl" : "ltr";
}
