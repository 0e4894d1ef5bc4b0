import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { defaultLocale, isLocale } from "@/lib/i18n/locales";
import { pageMetadata } from "./metadata";

/** Pages whose title and description live in messages under seo.<page>. */
export type SeoPage = "about" | "faq" | "privacy" | "terms" | "communicationDemo";

/** generateMetadata for a static page: localized title and description, canonical URL, hreflang, Open Graph. */
export async function seoPageMetadata(params: Promise<{ locale: string }>, page: SeoPage, path: string): Promise<Metadata> {
  const requested = (await params).locale;
  const locale = isLocale(requested) ? requested : defaultLocale;
  const t = await getTranslations({ locale, namespace: `seo.${page}` });
  return pageMetadata({ locale, path, title: t("title"), description: t("description") });
}
