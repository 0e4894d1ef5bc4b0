"use client";

import { localeNames, localePath, locales, splitLocalePath, type Locale } from "@/lib/i18n/locales";

const ONE_YEAR = 60 * 60 * 24 * 365;

/**
 * Each language named in itself. The choice is remembered in the NEXT_LOCALE cookie, which the
 * language routing reads on the next visit to a page without a language prefix.
 */
export function LanguageSelector({ locale, label }: { locale: Locale; label: string }) {
  return (
    <label className="flex min-w-0 items-center">
      <span className="sr-only">{label}</span>
      <select
        value={locale}
        onChange={(event) => {
          const next = event.target.value as Locale;
          document.cookie = `NEXT_LOCALE=${next}; path=/; max-age=${ONE_YEAR}; samesite=lax`;
          const { path } = splitLocalePath(window.location.pathname);
          window.location.assign(localePath(path, next) + window.location.search + window.location.hash);
        }}
        className="h-10 min-w-0 rounded-md border border-input bg-background px-1 text-sm sm:px-2"
        data-testid="language-selector"
      >
        {locales.map((code) => (
          <option key={code} value={code} lang={code}>
            {localeNames[code]}
          </option>
        ))}
      </select>
    </label>
  );
}
