import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { UnavailablePage } from "@/components/errors/unavailable-page";
import { OUTAGE_REQUEST_HEADER } from "@/lib/contracts/outage";
import type { Locale } from "@/lib/i18n/locales";

type Props = { params: Promise<{ locale: Locale }> };

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: "unavailable" });
  return { title: t("title"), robots: { index: false } };
}

/**
 * "We'll be back shortly": what proxy.ts answers, with 503 and Retry-After, in place of a page that
 * needs the database while it is unreachable (docs/decisions/023-outage-pages-answer-503.md). Reads
 * no database itself. Asked for by its own address, it does not exist.
 */
export default async function OutagePage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  if ((await headers()).get(OUTAGE_REQUEST_HEADER) !== "1") notFound();
  const t = await getTranslations("unavailable");
  return <UnavailablePage texts={{ title: t("title"), description: t("description"), autoRetry: t("autoRetry"), retry: t("retry"), home: t("home") }} />;
}
