import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { LockedAdmin } from "@/components/admin/locked-admin";
import { ImagingViewerLoader } from "@/components/imaging/imaging-viewer-loader";
import { PageMessages } from "@/components/patient/page-messages";
import { requirePage } from "@/lib/access/page";
import type { Locale } from "@/lib/i18n/locales";

type Props = { params: Promise<{ locale: Locale; seriesId: string }> };

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: "imagingViewer" });
  return { title: t("metaTitle"), robots: { index: false } };
}

/**
 * The imaging viewer, for coordinators (admins) and partner doctors. The series API decides, per
 * record, whether this user may read the series (404 otherwise) and audits each opening.
 */
export default async function ImagingViewerPage({ params }: Props) {
  const { locale, seriesId } = await params;
  setRequestLocale(locale);
  const { locked } = await requirePage("staff", locale, `/imaging/${encodeURIComponent(seriesId)}`);
  if (locked) return <LockedAdmin />;
  const t = await getTranslations("imagingViewer");
  return (
    <PageMessages namespaces={["imagingViewer"]}>
      <h1 className="sr-only">{t("heading")}</h1>
      <ImagingViewerLoader seriesId={seriesId} />
    </PageMessages>
  );
}
