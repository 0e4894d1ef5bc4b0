import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { isLocale, type Locale } from "@/lib/i18n/locales";
import { pageMetadata } from "@/lib/seo/metadata";

/** The `params` every page under app/[locale] receives. */
export type LocaleParams = Promise<{ locale: string }>;

/** The page's locale, checked (an unknown one is a 404; the layout checks it too). */
export async function pageLocale(params: LocaleParams): Promise<Locale> {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  return locale;
}

/** Where a page's title and description are: `<namespace>.<prefix>Title` and `...Description`. */
export interface PageMessages {
  namespace: string;
  path: string;
  prefix?: string;
}

/** A marketing page's metadata: unique title and description, canonical and language alternates. */
export async function marketingMetadata(params: LocaleParams, { namespace, path, prefix = "meta" }: PageMessages): Promise<Metadata> {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace });
  return pageMetadata({ locale, path, title: t(`${prefix}Title`), description: t(`${prefix}Description`) });
}
