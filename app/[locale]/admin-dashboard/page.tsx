import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { AdminDashboard } from "@/components/admin/admin-dashboard";
import { AdminGate } from "@/components/admin/admin-gate";
import { PageMessages } from "@/components/patient/page-messages";
import { requirePage } from "@/lib/access/page";
import type { Locale } from "@/lib/i18n/locales";

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: "admin" });
  return { title: t("metaTitle"), robots: { index: false } };
}

/** Admins only (checked here on the server), then the password gate, then the dashboard. */
export default async function AdminDashboardPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { locked } = await requirePage("admin", locale, "/admin-dashboard");
  return (
    <PageMessages namespaces={["admin", "specialties", "dicom", "caseFiles", "imagingViewer"]}>
      <AdminGate initiallyUnlocked={!locked}>
        <AdminDashboard />
      </AdminGate>
    </PageMessages>
  );
}
