import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { LocalizedLink } from "@/components/i18n/localized-link";
import { AnswerClock } from "@/components/partner/answer-clock";
import { RoutingBadge } from "@/components/partner/routing-badge";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent } from "@/components/ui/card";
import type { Locale } from "@/lib/i18n/locales";
import { listPartnerCases, partnerHospitalName } from "@/lib/partners/cases";
import { requirePartnerPage } from "@/lib/partners/page";
import { urgencyColour } from "@/lib/submissions/status";

type Props = { params: Promise<{ locale: Locale }> };

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: "partner" });
  return { title: t("metaTitle"), robots: { index: false } };
}

/** The partner portal: the cases routed to the partner's own hospital, newest first, with the 72-hour clock. */
export default async function PartnerPortalPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { user } = await requirePartnerPage(locale, "/partner");
  const [cases, hospitalName, t, specialties] = await Promise.all([
    listPartnerCases(user),
    partnerHospitalName(user),
    getTranslations("partner"),
    getTranslations("specialties"),
  ]);
  const now = new Date();

  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <header className="space-y-1">
        <h1 className="text-3xl font-bold">{t("title")}</h1>
        <p className="text-muted-foreground">{t("subtitle", { hospitalName })}</p>
      </header>
      {cases.length === 0 ? (
        <p className="rounded-md border p-6 text-center text-muted-foreground">{t("empty")}</p>
      ) : (
        <ul className="space-y-3" aria-label={t("listLabel")}>
          {cases.map((item) => (
            <li key={item.id}>
              <Card data-testid="partner-case">
                <CardContent className="flex flex-wrap items-center justify-between gap-4 py-4">
                  <div className="min-w-0 space-y-1">
                    <p className="font-mono text-sm font-semibold">{item.trackingNumber}</p>
                    <p className="text-sm">
                      {specialties.has(item.specialty) ? specialties(item.specialty) : item.specialty} · {t("routedAt", { date: new Date(item.routing.routedAt) })}
                    </p>
                    <div className="flex flex-wrap items-center gap-2">
                      <Badge variant={urgencyColour(item.urgency)}>{t(`urgency.${item.urgency}`)}</Badge>
                      <RoutingBadge status={item.routing.status} />
                      <AnswerClock routing={item.routing} now={now} />
                    </div>
                  </div>
                  <LocalizedLink href={`/partner/cases/${item.id}`} className="inline-flex min-h-10 items-center rounded-md border px-4 text-sm font-medium text-primary hover:bg-muted">
                    {t("openCase")}
                    <span className="sr-only"> {item.trackingNumber}</span>
                  </LocalizedLink>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
