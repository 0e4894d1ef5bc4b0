import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { AdminGate } from "@/components/admin/admin-gate";
import { CaseView } from "@/components/admin/case-view";
import { PageMessages } from "@/components/patient/page-messages";
import { requirePage } from "@/lib/access/page";
import { adminCaseExists } from "@/lib/admin/case-detail";
import type { Locale } from "@/lib/i18n/locales";

type Props = { params: Promise<{ locale: Locale; id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: "adminCase" });
  return { title: t("metaTitle"), robots: { index: false } };
}

/** One case for coordinators: admins only (checked here on the server), then the password gate; the data comes from /api/admin/cases/[id]. */
export default async function AdminCasePage({ params }: Props) {
  const { locale, id } = await params;
  setRequestLocale(locale);
  const { user, locked } = await requirePage("admin", locale, `/admin-dashboard/cases/${encodeURIComponent(id)}`);
  // Behind the gate nothing is looked up, so a locked admin learns nothing of which cases exist.
  if (!locked && !(await adminCaseExists(user, id))) notFound();
  return (
    <PageMessages namespaces={["admin", "adminCase", "specialties", "dicom", "caseFiles", "imaging", "imagingViewer"]}>
      <AdminGate initiallyUnlocked={!locked}>
        <CaseView caseId={id} />
      </AdminGate>
    </PageMessages>
  );
}
