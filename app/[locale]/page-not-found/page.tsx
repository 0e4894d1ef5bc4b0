import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { NotFoundPage } from "@/components/layout/not-found-page";
import type { Locale } from "@/lib/i18n/locales";

export const metadata: Metadata = { robots: { index: false } };

/**
 * The 404 page, pre-rendered in every language. proxy.ts answers every address that matches no page with
 * it, with status 404, so that an unknown address costs no render and may be kept by a CDN
 * (docs/decisions/036-pre-rendered-404.md). (A page calling notFound() is pre-rendered as an empty shell
 * that only its scripts fill.)
 */
export default async function PageNotFound({ params }: { params: Promise<{ locale: Locale }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <NotFoundPage locale={locale} />;
}
