import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { AdminGate } from "@/components/admin/admin-gate";
import { InsightsView } from "@/components/insights/insights-view";
import { PageMessages } from "@/components/patient/page-messages";
import { formSpecialtySlugs } from "@/content/specialties";
import { requirePage } from "@/lib/access/page";
import { insightsQuery } from "@/lib/contracts/insights";
import { db } from "@/lib/db";
import { getInsights } from "@/lib/insights/queries";
import type { Locale } from "@/lib/i18n/locales";

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: "insights" });
  return { title: t("metaTitle"), robots: { index: false } };
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * Admins only (checked here on the server), then the password gate; only then are the figures read.
 * The filters come in the address (?from=…&to=…&specialty=…&hospital=…); unreadable ones fall back to
 * the last twelve weeks, with a note.
 */
export default async function AdminInsightsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { locked } = await requirePage("admin", locale, "/admin-dashboard/insights");
  if (locked)
    return (
      <PageMessages namespaces={["admin"]}>
        <AdminGate initiallyUnlocked={false} />
      </PageMessages>
    );
  const query = await searchParams;
  const parsed = insightsQuery.safeParse({
    from: first(query.from),
    to: first(query.to),
    specialty: first(query.specialty),
    hospital: first(query.hospital),
  });
  const filter = parsed.success ? parsed.data : insightsQuery.parse({});
  const [insights, hospitals] = await Promise.all([
    getInsights(filter),
    db().hospital.findMany({ select: { id: true, name: true }, orderBy: { name: "asc" } }),
  ]);
  return (
    <PageMessages namespaces={["insights", "specialties"]}>
      <InsightsView insights={insights} hospitals={hospitals} specialties={formSpecialtySlugs} invalidFilters={!parsed.success} />
    </PageMessages>
  );
}
