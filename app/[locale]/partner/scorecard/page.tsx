import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { Scorecard } from "@/components/partner/scorecard";
import { requirePage } from "@/lib/access/page";
import { SCORECARD_DAYS } from "@/lib/contracts/insights";
import type { Locale } from "@/lib/i18n/locales";
import { partnerHospitalName } from "@/lib/partners/cases";
import { partnerScorecard } from "@/lib/partners/scorecard";

type Props = { params: Promise<{ locale: Locale }> };

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: "scorecard" });
  return { title: t("metaTitle"), robots: { index: false } };
}

/** Partners only: their own hospital's scorecard (the hospital comes from the session, never the address). */
export default async function PartnerScorecardPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { user } = await requirePage("partner", locale, "/partner/scorecard");
  const [scorecard, hospitalName] = await Promise.all([partnerScorecard(user), partnerHospitalName(user)]);
  return <Scorecard scorecard={scorecard} hospitalName={hospitalName} days={SCORECARD_DAYS} now={new Date()} />;
}
