import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { PageMessages } from "@/components/patient/page-messages";
import { TrackView } from "@/components/patient/track-view";
import { pageMetadata } from "@/lib/seo/metadata";
import type { Locale } from "@/lib/i18n/locales";

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "track" });
  return pageMetadata({ locale, path: "/track", title: t("metaTitle"), description: t("metaDescription") });
}

export default async function TrackPage({ params }: Props) {
  setRequestLocale((await params).locale);
  return (
    <PageMessages namespaces={["track", "statuses"]}>
      <TrackView />
    </PageMessages>
  );
}
