import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { LockedAdmin } from "@/components/admin/locked-admin";
import { ImagingViewerLoader } from "@/components/imaging/imaging-viewer-loader";
import { PageMessages } from "@/components/patient/page-messages";
import { requirePage } from "@/lib/access/page";
import { seriesReadable } from "@/lib/imaging/read";
import type { Locale } from "@/lib/i18n/locales";

type Props = { params: Promise<{ locale: Locale; seriesId: string }> };

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: "imagingViewer" });
  return { title: t("metaTitle"), robots: { index: false } };
}

/**
 * The imaging viewer, for coordinators (admins) and partner doctors: 404 for a series this user may
 * not read or that does not exist (the same rule as the series API, which audits each opening).
 */
export default async function ImagingViewerPage({ params }: Props) {
  const { locale, seriesId } = await params;
  setRequestLocale(locale);
  const { user, locked } = await requirePage("staff", locale, `/imaging/${encodeURIComponent(seriesId)}`);
  if (locked) return <LockedAdmin />;
  if (!(await seriesReadable(seriesId, { user, trackedSubmissionId: null }))) notFound();
  const t = await getTranslations("imagingViewer");
  return (
    <PageMessages namespaces={["imagingViewer"]}>
      <h1 className="sr-only">{t("heading")}</h1>
      <ImagingViewerLoader seriesId={seriesId} />
    </PageMessages>
  );
}
