import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { PartnerCaseList } from "@/components/partner/case-list";
import { PageMessages } from "@/components/patient/page-messages";
import type { Locale } from "@/lib/i18n/locales";
import { listPartnerCases, partnerHospitalName } from "@/lib/partners/cases";
import { requirePage } from "@/lib/access/page";
import { promiseValues } from "@/lib/contracts/promise";
import { LocalizedLink } from "@/components/i18n/localized-link";

type Props = { params: Promise<{ locale: Locale }> };

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: "partner" });
  return { title: t("metaTitle"), robots: { index: false } };
}

/** The partner portal: the cases routed to the partner's own hospital, newest routing first, a page at a time, with the 72-hour clock. */
export default async function PartnerPortalPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { user } = await requirePage("partner", locale, "/partner");
  const [firstPage, hospitalName, t] = await Promise.all([listPartnerCases(user), partnerHospitalName(user), getTranslations("partner")]);

  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <header className="space-y-1">
        <h1 className="text-3xl font-bold">{t("title")}</h1>
        <p className="text-muted-foreground">{t("subtitle", { hospitalName, ...promiseValues })}</p>
        <LocalizedLink href="/partner/scorecard" className="inline-block text-sm font-medium text-primary hover:underline">
          {t("scorecardLink")}
        </LocalizedLink>
      </header>
      <PageMessages namespaces={["partner", "specialties", "statuses"]}>
        <PartnerCaseList initial={firstPage} now={new Date().toISOString()} />
      </PageMessages>
    </div>
  );
}
