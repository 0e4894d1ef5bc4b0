"use client";

import { useTransition } from "react";
import { useLocale, useTranslations } from "next-intl";
import { usePathname, useRouter } from "@/lib/i18n/navigation";
import { localeNames, locales, type Locale } from "@/lib/i18n/locales";

/** Each language is named in itself; the choice is remembered in the NEXT_LOCALE cookie by next-intl. */
export function LanguageSelector() {
  const t = useTranslations("common");
  const locale = useLocale();
  const pathname = usePathname();
  const router = useRouter();
  const [pending, startTransition] = useTransition();

  return (
    <label className="flex items-center">
      <span className="sr-only">{t("language")}</span>
      <select
        value={locale}
        disabled={pending}
        onChange={(event) => {
          const next = event.target.value as Locale;
          const query = Object.fromEntries(new URLSearchParams(window.location.search));
          startTransition(() => router.replace({ pathname, query }, { locale: next }));
        }}
        className="h-10 rounded-md border border-input bg-background px-2 text-sm"
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
