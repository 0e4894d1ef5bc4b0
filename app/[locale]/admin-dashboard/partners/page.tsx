import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { AdminGate } from "@/components/admin/admin-gate";
import { PartnersAdmin } from "@/components/admin/partners-admin";
import { PageMessages } from "@/components/patient/page-messages";
import { requirePage } from "@/lib/access/page";
import { db } from "@/lib/db";
import type { Locale } from "@/lib/i18n/locales";

type Props = { params: Promise<{ locale: Locale }> };

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: "adminPartners" });
  return { title: t("metaTitle"), robots: { index: false } };
}

/** Admins only (checked here on the server), then the password gate, then partner users and invitations. */
export default async function AdminPartnersPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { locked } = await requirePage("admin", locale, "/admin-dashboard/partners");
  const hospitals = await db().hospital.findMany({ where: { active: true }, orderBy: { name: "asc" }, select: { id: true, name: true, city: true } });
  return (
    <PageMessages namespaces={["admin", "adminPartners", "nameRules"]}>
      <AdminGate initiallyUnlocked={!locked}>
        <PartnersAdmin hospitals={hospitals} />
      </AdminGate>
    </PageMessages>
  );
}
