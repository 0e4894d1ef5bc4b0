/** The interface languages, English first (the default and the fallback). */
export const locales = ["en", "ha", "yo", "ig", "pcm", "sw", "fr", "ar", "tr", "es", "hi", "ru", "zh"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "en";

/** Each language named in itself, for the language selector. */
export const localeNames: Record<Locale, string> = {
  en: "English",
  ha: "Hausa",
  yo: "Yorùbá",
  ig: "Asụsụ Igbo",
  pcm: "Naijá",
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

/** A stored language, or English when it is not one of ours (any more). */
export function asLocale(value: unknown): Locale {
  return isLocale(value) ? value : defaultLocale;
}

export function textDirection(locale: Locale): "rtl" | "ltr" {
  return rtlLocales.has(locale) ? "rtl" : "ltr";
}

/** Splits a browser path into its locale (from the prefix; none means English) and the rest. */
export function splitLocalePath(pathname: string): { locale: Locale; path: string } {
  const [, first, ...rest] = pathname.split("/");
  if (isLocale(first) && first !== defaultLocale) return { locale: first, path: "/" + rest.join("/") };
  return { locale: defaultLocale, path: pathname || "/" };
}

/** The browser path of `path` (written without locale) in `locale`: no prefix for English. */
export function localePath(path: string, locale: Locale): string {
  if (locale === defaultLocale) return path;
  return path === "/" ? `/${locale}` : `/${locale}${path}`;
}

export type Href = string | { pathname: string; query?: Record<string, string | number | undefined> };

/** `localePath` for a link that may carry a query string. */
export function localizedHref(href: Href, locale: Locale): string {
  if (typeof href === "string") {
    const [path, rest] = splitOnce(href, /[?#]/);
    return localePath(path || "/", locale) + rest;
  }
  const query = Object.entries(href.query ?? {}).filter((entry): entry is [string, string | number] => entry[1] !== undefined);
  const search = query.length ? "?" + new URLSearchParams(query.map(([k, v]) => [k, String(v)])).toString() : "";
  return localePath(href.pathname, locale) + search;
}

function splitOnce(value: string, separator: RegExp): [string, string] {
  const index = value.search(separator);
  return index === -1 ? [value, ""] : [value.slice(0, index), value.slice(index)];
}
