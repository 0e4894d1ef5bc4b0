"use client";

import dynamic from "next/dynamic";
import type { ReactNode } from "react";
import { useFormatter, useTranslations } from "next-intl";
import { Download } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { promiseValues } from "@/lib/contracts/promise";
import { share, type Insights, type InsightTable, type WeeklyCount } from "@/lib/contracts/insights";
import type { Series } from "./charts";
import { formatHours } from "./duration";

// Recharts is fetched only by this page, in the browser, after the tables are on screen.
const InsightChart = dynamic(() => import("./charts"), { ssr: false, loading: () => <Skeleton className="h-[280px] w-full" /> });

/** Stacked series drawn one by one; the rest are added up as "other". */
const MAX_SERIES = 7;
const OTHER = "\u0000other";

/**
 * The coordinators' insights: a filter form (a plain GET form: the page reads its address), then each
 * figure as a chart and as a table (the accessible view, one tab each), with its CSV download.
 */
export function InsightsView({
  insights,
  hospitals,
  specialties,
  invalidFilters,
}: {
  insights: Insights;
  hospitals: { id: string; name: string }[];
  specialties: readonly string[];
  invalidFilters: boolean;
}) {
  const t = useTranslations("insights");
  const specialtyNames = useTranslations("specialties");
  const format = useFormatter();
  const { filter } = insights;
  const hours = (value: number | null) => (value === null ? t("none") : formatHours(format, value));
  const percent = (value: number | null) => (value === null ? t("none") : format.number(value, { style: "percent", maximumFractionDigits: 0 }));
  const count = (value: number) => format.number(value);
  const specialtyName = (slug: string) => (specialtyNames.has(slug) ? specialtyNames(slug) : slug);
  const countryName = (key: string) => (key === "" ? t("countryNotGiven") : key === "*" ? t("otherCountries") : key);
  const csvHref = (table: InsightTable) => {
    const query = new URLSearchParams({ table, from: filter.from, to: filter.to });
    if (filter.specialty) query.set("specialty", filter.specialty);
    if (filter.hospital) query.set("hospital", filter.hospital);
    return `/api/admin/insights/export?${query}`;
  };
  const received = insights.funnel[0]?.cases ?? 0;

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <header className="space-y-1">
        <h1 className="text-3xl font-bold">{t("title")}</h1>
        <p className="text-muted-foreground">{t("subtitle", promiseValues)}</p>
      </header>

      <form method="get" className="grid gap-4 rounded-lg border p-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end" aria-label={t("filters")}>
        <div className="space-y-1.5">
          <Label htmlFor="insights-from">{t("from")}</Label>
          <Input id="insights-from" name="from" type="date" defaultValue={filter.from} required />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="insights-to">{t("to")}</Label>
          <Input id="insights-to" name="to" type="date" defaultValue={filter.to} required />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="insights-specialty">{t("specialty")}</Label>
          <NativeSelect id="insights-specialty" name="specialty" defaultValue={filter.specialty ?? ""}>
            <option value="">{t("any")}</option>
            {specialties.map((slug) => (
              <option key={slug} value={slug}>
                {specialtyName(slug)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="insights-hospital">{t("hospital")}</Label>
          <NativeSelect id="insights-hospital" name="hospital" defaultValue={filter.hospital ?? ""}>
            <option value="">{t("any")}</option>
            {hospitals.map((hospital) => (
              <option key={hospital.id} value={hospital.id}>
                {hospital.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button type="submit" className="h-11">
          {t("apply")}
        </Button>
        {invalidFilters && (
          <p role="alert" className="text-sm text-destructive sm:col-span-2 lg:col-span-5">
            {t("invalidFilters")}
          </p>
        )}
        <p className="text-sm text-muted-foreground sm:col-span-2 lg:col-span-5">{t("periodNote")}</p>
      </form>

      {received === 0 && insights.hospitals.length === 0 ? (
        <p className="rounded-md border p-6 text-center text-muted-foreground">{t("noData")}</p>
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          <WeeklyPanel
            id="cases-by-specialty"
            title={t("casesBySpecialty")}
            rows={insights.casesBySpecialty}
            keyLabel={t("specialty")}
            name={specialtyName}
            csv={csvHref("cases-by-specialty")}
          />
          <WeeklyPanel
            id="cases-by-country"
            title={t("casesByCountry")}
            rows={insights.casesByCountry}
            keyLabel={t("country")}
            name={countryName}
            csv={csvHref("cases-by-country")}
          />

          <Panel
            id="funnel"
            title={t("funnel")}
            csv={csvHref("funnel")}
            chart={
              <InsightChart
                horizontal
                data={insights.funnel.map((row) => ({ name: t(`steps.${row.step}`), cases: row.cases }))}
                series={[{ key: "cases", label: t("cases") }]}
              />
            }
            table={
              <DataTable
                caption={t("funnel")}
                head={[t("step"), t("cases"), t("conversion"), t("medianTime")]}
                rows={insights.funnel.map((row) => [
                  t(`steps.${row.step}`),
                  count(row.cases),
                  row.conversion === null ? t("none") : percent(row.conversion),
                  row.medianHours === null ? t("none") : hours(row.medianHours),
                ])}
              />
            }
          />

          <Panel
            id="plans-per-case"
            title={t("plansPerCase")}
            description={
              insights.meanPlansPerRoutedCase === null
                ? undefined
                : t("meanPlans", { mean: format.number(insights.meanPlansPerRoutedCase, { maximumFractionDigits: 1 }) })
            }
            csv={csvHref("plans-per-case")}
            chart={
              <InsightChart
                data={insights.plansPerCase.map((row) => ({ name: planLabel(t, row.plans), cases: row.cases }))}
                series={[{ key: "cases", label: t("cases") }]}
              />
            }
            table={
              <DataTable
                caption={t("plansPerCase")}
                head={[t("plans"), t("cases")]}
                rows={insights.plansPerCase.map((row) => [planLabel(t, row.plans), count(row.cases)])}
              />
            }
          />

          <Panel
            id="hospitals"
            wide
            title={t("hospitals")}
            empty={insights.hospitals.length === 0}
            csv={csvHref("hospitals")}
            chart={
              <InsightChart
                horizontal
                height={Math.max(200, 48 * insights.hospitals.length + 60)}
                format={(value) => hours(value)}
                data={insights.hospitals.map((row) => ({ name: row.name, median: row.medianHoursToPlan, p90: row.p90HoursToPlan }))}
                series={[
                  { key: "median", label: t("medianToPlan") },
                  { key: "p90", label: t("p90ToPlan") },
                ]}
              />
            }
            table={
              <DataTable
                caption={t("hospitals")}
                head={[
                  t("hospital"),
                  t("routed"),
                  t("plans"),
                  t("declines"),
                  t("awaiting"),
                  t("medianToPlan"),
                  t("p90ToPlan"),
                  t("within72h", promiseValues),
                  t("approvals"),
                ]}
                rows={insights.hospitals.map((row) => [
                  row.name,
                  count(row.routed),
                  count(row.plans),
                  count(row.declines),
                  count(row.awaiting),
                  hours(row.medianHoursToPlan),
                  hours(row.p90HoursToPlan),
                  `${percent(share(row.within72h, row.settled))} (${count(row.within72h)}/${count(row.settled)})`,
                  count(row.approvals),
                ])}
              />
            }
          />

          <Panel
            id="declines"
            wide
            title={t("declineReasons")}
            empty={insights.declines.length === 0}
            csv={csvHref("declines")}
            chart={
              <InsightChart
                horizontal
                height={Math.max(200, 40 * Math.min(insights.declines.length, 12) + 60)}
                data={insights.declines.slice(0, 12).map((row) => ({ name: `${row.name}: ${row.reason || t("noReason")}`, declines: row.declines }))}
                series={[{ key: "declines", label: t("declines") }]}
              />
            }
            table={
              <DataTable
                caption={t("declineReasons")}
                head={[t("hospital"), t("reason"), t("declines")]}
                rows={insights.declines.map((row) => [row.name, row.reason || t("noReason"), count(row.declines)])}
              />
            }
          />
        </div>
      )}
    </div>
  );
}

function WeeklyPanel({
  id,
  title,
  rows,
  keyLabel,
  name,
  csv,
}: {
  id: string;
  title: string;
  rows: WeeklyCount[];
  keyLabel: string;
  name: (key: string) => string;
  csv: string;
}) {
  const t = useTranslations("insights");
  const format = useFormatter();
  const count = (value: number) => format.number(value);
  const { weeks, keys, cell } = pivot(rows);
  const series: Series[] = keys.map((key) => ({ key, label: key === OTHER ? t("other") : name(key) }));
  return (
    <Panel
      id={id}
      title={title}
      csv={csv}
      empty={rows.length === 0}
      chart={
        <InsightChart
          stacked
          data={weeks.map((week) => ({
            name: format.dateTime(new Date(`${week}T00:00:00Z`), { day: "numeric", month: "short", timeZone: "UTC" }),
            ...Object.fromEntries(keys.map((key) => [key, cell(week, key)])),
          }))}
          series={series}
        />
      }
      table={
        <DataTable
          caption={title}
          head={[t("week"), ...series.map((item) => item.label), t("total")]}
          rowHeaders
          rows={weeks.map((week) => [
            format.dateTime(new Date(`${week}T00:00:00Z`), { dateStyle: "medium", timeZone: "UTC" }),
            ...keys.map((key) => count(cell(week, key))),
            count(keys.reduce((sum, key) => sum + cell(week, key), 0)),
          ])}
          note={keyLabel}
        />
      }
    />
  );
}

function Panel({
  id,
  title,
  description,
  chart,
  table,
  csv,
  wide = false,
  empty = false,
}: {
  id: string;
  title: string;
  description?: string;
  chart: ReactNode;
  table: ReactNode;
  csv: string;
  wide?: boolean;
  /** Nothing to draw: a sentence instead of an empty chart and table. */
  empty?: boolean;
}) {
  const t = useTranslations("insights");
  return (
    <Card aria-labelledby={`${id}-title`} className={wide ? "lg:col-span-2" : undefined} data-testid={`insight-${id}`}>
      <CardHeader>
        <CardTitle asChild>
          <h2 id={`${id}-title`} className="text-lg">
            {title}
          </h2>
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="space-y-3">
        {empty ? (
          <p className="text-sm text-muted-foreground">{t("noRows")}</p>
        ) : (
          <Tabs defaultValue="chart">
            <TabsList aria-label={t("view", { title })}>
              <TabsTrigger value="chart">{t("showChart")}</TabsTrigger>
              <TabsTrigger value="table">{t("showTable")}</TabsTrigger>
            </TabsList>
            <TabsContent value="chart">{chart}</TabsContent>
            <TabsContent value="table">{table}</TabsContent>
          </Tabs>
        )}
        <a href={csv} download className="inline-flex min-h-10 items-center gap-2 rounded-md border px-3 text-sm font-medium text-primary hover:bg-muted">
          <Download aria-hidden className="h-4 w-4" />
          {t("downloadCsv")}
          <span className="sr-only">: {title}</span>
        </a>
      </CardContent>
    </Card>
  );
}

function planLabel(t: ReturnType<typeof useTranslations<"insights">>, plans: number): string {
  return plans >= 3 ? t("threeOrMore") : t("planCount", { count: plans });
}

/** Weeks in order; the keys with the most cases first (the rest added up as OTHER); the count of each cell. */
function pivot(rows: WeeklyCount[]) {
  const totals = new Map<string, number>();
  for (const row of rows) totals.set(row.key, (totals.get(row.key) ?? 0) + row.cases);
  const ranked = [...totals.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([key]) => key);
  const shown = new Set(ranked.length > MAX_SERIES ? ranked.slice(0, MAX_SERIES - 1) : ranked);
  const keys = [...shown, ...(ranked.length > shown.size ? [OTHER] : [])];
  const cells = new Map<string, number>();
  for (const row of rows) {
    const key = `${row.week}|${shown.has(row.key) ? row.key : OTHER}`;
    cells.set(key, (cells.get(key) ?? 0) + row.cases);
  }
  const weeks = [...new Set(rows.map((row) => row.week))].sort();
  return { weeks, keys, cell: (week: string, key: string) => cells.get(`${week}|${key}`) ?? 0 };
}

/** A plain table with a caption and column headers: the accessible view of each chart. */
function DataTable({
  caption,
  head,
  rows,
  rowHeaders = true,
  note,
}: {
  caption: string;
  head: string[];
  rows: string[][];
  rowHeaders?: boolean;
  note?: string;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-max border-collapse text-sm">
        <caption className="sr-only">
          {caption}
          {note ? ` (${note})` : ""}
        </caption>
        <thead>
          <tr className="border-b">
            {head.map((cell, index) => (
              <th key={index} scope="col" className={`px-2 py-2 font-medium ${index === 0 ? "text-start" : "text-end"}`}>
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, rowIndex) => (
            <tr key={rowIndex} className="border-b last:border-0">
              {row.map((cell, index) =>
                index === 0 && rowHeaders ? (
                  <th key={index} scope="row" className="px-2 py-2 text-start font-normal">
                    {cell}
                  </th>
                ) : (
                  <td key={index} className={`px-2 py-2 tabular-nums ${index === 0 ? "text-start" : "text-end"}`}>
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
