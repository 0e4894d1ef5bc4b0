import "server-only";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { isLocale, type Locale } from "@/lib/i18n/locales";
import { pageMetadata } from "./metadata";
import { promiseValues } from "@/lib/contracts/promise";

/** The `params` every page under app/[locale] receives. */
export type LocaleParams = Promise<{ locale: string }>;

/** The page's locale, checked (an unknown one is a 404; the layout checks it too). */
export async function pageLocale(params: LocaleParams): Promise<Locale> {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  return locale;
}

/**
 * generateMetadata for a static page whose title and description are in messages: localized title
 * and description, canonical URL, hreflang alternates, Open Graph.
 */
export async function localizedPageMetadata(
  params: LocaleParams,
  { namespace, path, titleKey = "title", descriptionKey = "description" }: { namespace: string; path: string; titleKey?: string; descriptionKey?: string },
): Promise<Metadata> {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace });
  return pageMetadata({ locale, path, title: t(titleKey, promiseValues), description: t(descriptionKey, promiseValues) });
}

/** Pages whose title and description live in messages under seo.<page>. */
export type SeoPage = "about" | "faq" | "privacy" | "terms" | "communicationDemo";

export function seoPageMetadata(params: LocaleParams, page: SeoPage, path: string): Promise<Metadata> {
  return localizedPageMetadata(params, { namespace: `seo.${page}`, path });
}
