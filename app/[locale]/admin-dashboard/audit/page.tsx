import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { AdminGate } from "@/components/admin/admin-gate";
import { AuditLogView } from "@/components/admin/audit-log-view";
import { PageMessages } from "@/components/patient/page-messages";
import { requirePage } from "@/lib/access/page";
import type { Locale } from "@/lib/i18n/locales";

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: "auditLog" });
  return { title: t("metaTitle"), robots: { index: false } };
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.slice(0, 320) ?? "";

/**
 * Admins only (checked here on the server), then the password gate, then the audit log. The filters
 * may come in the address (?case=SUB-…&user=…&action=…), so a case page can link to its own events.
 */
export default async function AdminAuditPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { locked } = await requirePage("admin", locale, "/admin-dashboard/audit");
  const query = await searchParams;
  return (
    <PageMessages namespaces={["admin", "auditLog"]}>
      <AdminGate initiallyUnlocked={!locked}>
        <AuditLogView initialFilters={{ case: first(query.case), user: first(query.user), action: first(query.action) }} />
      </AdminGate>
    </PageMessages>
  );
}
