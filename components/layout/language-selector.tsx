"use client";

import { useEffect, useRef } from "react";
import { localeNames, localePath, locales, splitLocalePath, type Locale } from "@/lib/i18n/locales";

const ONE_YEAR = 60 * 60 * 24 * 365;

function switchTo(next: Locale) {
  document.cookie = `NEXT_LOCALE=${next}; path=/; max-age=${ONE_YEAR}; samesite=lax`;
  const { path } = splitLocalePath(window.location.pathname);
  window.location.assign(localePath(path, next) + window.location.search + window.location.hash);
}

/**
 * Each language named in itself. The choice is remembered in the NEXT_LOCALE cookie, which the
 * language routing reads on the next visit to a page without a language prefix.
 *
 * A pre-rendered page shows the menu before its scripts run (docs/decisions/028-paint-before-scripts.md):
 * a language chosen in that moment is left in the menu (uncontrolled, so hydration keeps it) and acted on
 * once they do. `autoComplete="off"` stops the browser from restoring an earlier choice on Back, which
 * would then switch the page again.
 */
export function LanguageSelector({ locale, label }: { locale: Locale; label: string }) {
  const select = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    const chosen = select.current?.value as Locale | undefined;
    if (chosen && chosen !== locale) switchTo(chosen);
  }, [locale]);
  return (
    <label className="flex min-w-0 items-center">
      <span className="sr-only">{label}</span>
      <select
        ref={select}
        defaultValue={locale}
        autoComplete="off"
        onChange={(event) => switchTo(event.target.value as Locale)}
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
