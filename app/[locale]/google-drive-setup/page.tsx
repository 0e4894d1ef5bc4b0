import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { AdminGate } from "@/components/admin/admin-gate";
import { StorageStatus } from "@/components/admin/storage-status";
import { PageMessages } from "@/components/patient/page-messages";
import { requirePage } from "@/lib/access/page";
import type { Locale } from "@/lib/i18n/locales";

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: "storageStatus" });
  return { title: t("metaTitle"), robots: { index: false } };
}

/** The cloud-storage setup page (kept at its old address), now the status of the configured store: admins only, behind the same gate. */
export default async function StorageStatusPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { locked } = await requirePage("admin", locale, "/google-drive-setup");
  return (
    <PageMessages namespaces={["admin", "storageStatus"]}>
      <AdminGate initiallyUnlocked={!locked}>
        <StorageStatus />
      </AdminGate>
    </PageMessages>
  );
}
