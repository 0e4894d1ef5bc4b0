import { useFormatter, useTranslations } from "next-intl";
import { formatHours } from "@/components/insights/duration";
import { LocalizedLink } from "@/components/i18n/localized-link";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { promiseValues } from "@/lib/contracts/promise";
import { share, type Scorecard as ScorecardData, type ScorecardFigures } from "@/lib/contracts/insights";
import { urgencyColour } from "@/lib/contracts/submissions";
import { AnswerClock } from "./answer-clock";

/**
 * A hospital's scorecard (rendered on the server): its response times and 72-hour share over the last
 * 90 days beside the whole network's (no other hospital named), then its cases awaiting its answer,
 * the least time left first.
 */
export function Scorecard({ scorecard, hospitalName, days, now }: { scorecard: ScorecardData; hospitalName: string; days: number; now: Date }) {
  const t = useTranslations("scorecard");
  const partner = useTranslations("partner");
  const specialties = useTranslations("specialties");
  const format = useFormatter();
  const hours = (value: number | null) => (value === null ? t("none") : formatHours(format, value));
  const rate = (figures: ScorecardFigures) => {
    const value = share(figures.within72h, figures.settled);
    return value === null ? t("none") : format.number(value, { style: "percent", maximumFractionDigits: 0 });
  };
  const rows: [string, string, string][] = [
    [t("medianToPlan"), hours(scorecard.own.medianHoursToPlan), hours(scorecard.network.medianHoursToPlan)],
    [t("p90ToPlan"), hours(scorecard.own.p90HoursToPlan), hours(scorecard.network.p90HoursToPlan)],
    [t("within72h", promiseValues), rate(scorecard.own), rate(scorecard.network)],
    [t("answered"), format.number(scorecard.own.answered), format.number(scorecard.network.answered)],
  ];

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <header className="space-y-2">
        <LocalizedLink href="/partner" className="text-sm font-medium text-primary hover:underline">
          {t("backToCases")}
        </LocalizedLink>
        <h1 className="text-2xl font-bold sm:text-3xl">{t("title")}</h1>
        <p className="text-muted-foreground">{t("subtitle", { hospitalName, days })}</p>
      </header>

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2 className="text-lg">{t("comparison")}</h2>
          </CardTitle>
          <CardDescription>{t("comparisonNote", promiseValues)}</CardDescription>
        </CardHeader>
        <CardContent>
          <table className="w-full border-collapse text-sm" data-testid="scorecard-figures">
            <caption className="sr-only">{t("comparison")}</caption>
            <thead>
              <tr className="border-b">
                <th scope="col" className="py-2 pe-2 text-start font-medium">
                  {t("figure")}
                </th>
                <th scope="col" className="px-2 py-2 text-end font-medium">
                  {t("yours")}
                </th>
                <th scope="col" className="py-2 ps-2 text-end font-medium">
                  {t("network")}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map(([label, own, network]) => (
                <tr key={label} className="border-b last:border-0">
                  <th scope="row" className="py-2 pe-2 text-start font-normal">
                    {label}
                  </th>
                  <td className="px-2 py-2 text-end font-semibold tabular-nums">{own}</td>
                  <td className="py-2 ps-2 text-end tabular-nums">{network}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {scorecard.network.medianOfHospitalMedians !== null && scorecard.network.hospitals >= 2 && (
            <p className="mt-3 text-sm text-muted-foreground">
              {t("medianOfHospitals", { count: scorecard.network.hospitals, value: hours(scorecard.network.medianOfHospitalMedians) })}
            </p>
          )}
        </CardContent>
      </Card>

      <section aria-labelledby="open-cases" className="space-y-3">
        <div>
          <h2 id="open-cases" className="text-lg font-semibold">
            {t("openCases", { count: scorecard.openCases.length })}
          </h2>
          <p className="text-sm text-muted-foreground">{t("openCasesNote")}</p>
        </div>
        {scorecard.openCases.length === 0 ? (
          <p className="rounded-md border p-6 text-center text-muted-foreground">{t("noOpenCases")}</p>
        ) : (
          <ol className="space-y-2">
            {scorecard.openCases.map((item) => (
              <li key={item.id} data-testid="scorecard-open-case">
                <Card className="py-3 sm:py-3">
                  <CardContent className="flex flex-wrap items-center justify-between gap-3">
                    <div className="min-w-0 space-y-1">
                      <p className="font-mono text-sm font-semibold">{item.trackingNumber}</p>
                      <p className="text-sm">{specialties.has(item.specialty) ? specialties(item.specialty) : item.specialty}</p>
                      <div className="flex flex-wrap items-center gap-2">
                        <Badge variant={urgencyColour(item.urgency)}>{partner(`urgency.${item.urgency}`)}</Badge>
                        <AnswerClock routing={{ status: "awaiting_response", dueAt: item.dueAt, routedAt: item.routedAt, respondedAt: null }} now={now} />
                      </div>
                    </div>
                    <LocalizedLink
                      href={`/partner/cases/${item.id}`}
                      className="inline-flex min-h-10 items-center rounded-md border px-4 text-sm font-medium text-primary hover:bg-muted"
                    >
                      {partner("openCase")}
                      <span className="sr-only"> {item.trackingNumber}</span>
                    </LocalizedLink>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
