import "server-only";
import type { Metadata } from "next";
import { defaultLocale, localePath, locales, type Locale } from "@/lib/i18n/locales";

/** The public origin used in canonical links, hreflang alternates, Open Graph and the sitemap. */
export function siteOrigin(): string {
  return (process.env.APP_URL ?? "http://localhost:3000").replace(/\/$/, "");
}

/** Absolute URL of a path (written without locale, e.g. "/services") in one locale. */
export function localizedUrl(path: string, locale: Locale): string {
  const pathname = localePath(path, locale);
  return `${siteOrigin()}${pathname === "/" ? "" : pathname}` || siteOrigin();
}

/** hreflang alternates for all ten locales plus x-default (English). */
export function languageAlternates(path: string): Record<string, string> {
  return {
    ...Object.fromEntries(locales.map((locale) => [locale, localizedUrl(path, locale)])),
    "x-default": localizedUrl(path, defaultLocale),
  };
}

/**
 * Metadata for a public page: a unique title and description per page and locale, the canonical URL,
 * hreflang alternates and Open Graph tags.
 */
export function pageMetadata({ locale, path, title, description }: { locale: Locale; path: string; title: string; description: string }): Metadata {
  const url = localizedUrl(path, locale);
  return {
    title,
    description,
    metadataBase: new URL(siteOrigin()),
    alternates: { canonical: url, languages: languageAlternates(path) },
    openGraph: { type: "website", siteName: "AfyaBridge", title, description, url, locale },
    twitter: { card: "summary", title, description },
  };
}
