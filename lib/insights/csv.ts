import "server-only";
import type { Insights, InsightTable } from "@/lib/contracts/insights";

type Cell = string | number | null;

/**
 * One CSV cell (RFC 4180). A text cell that a spreadsheet would read as a formula (starting with =, +,
 * -, @, a tab or a carriage return: OWASP's CSV injection list) gets a leading apostrophe, so a decline
 * reason or a country typed as "=HYPERLINK(...)" stays text. Numbers are written as they are.
 */
export function csvCell(value: Cell): string {
  if (value === null) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(Math.round(value * 100) / 100) : "";
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(header: string[], rows: Cell[][]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

/** One insights table as CSV: column names in English (snake_case), figures unrounded but for two decimals, hours as hours. */
export function insightsCsv(insights: Insights, table: InsightTable): string {
  switch (table) {
    case "cases-by-specialty":
      return toCsv(
        ["week", "specialty", "cases"],
        insights.casesBySpecialty.map((row) => [row.week, row.key, row.cases]),
      );
    case "cases-by-country":
      return toCsv(
        ["week", "country_of_residence", "cases"],
        insights.casesByCountry.map((row) => [row.week, row.key === "*" ? "(other)" : row.key === "" ? "(not given)" : row.key, row.cases]),
      );
    case "funnel":
      return toCsv(
        ["step", "cases", "conversion_from_previous", "median_hours_from_previous"],
        insights.funnel.map((row) => [row.step, row.cases, row.conversion, row.medianHours]),
      );
    case "plans-per-case":
      return toCsv(
        ["plans", "cases"],
        insights.plansPerCase.map((row) => [row.plans === 3 ? "3+" : String(row.plans), row.cases]),
      );
    case "hospitals":
      return toCsv(
        [
          "hospital",
          "routed",
          "plans",
          "declines",
          "awaiting",
          "median_hours_to_plan",
          "p90_hours_to_plan",
          "answered_within_72h",
          "settled",
          "share_within_72h",
          "approvals",
        ],
        insights.hospitals.map((row) => [
          row.name,
          row.routed,
          row.plans,
          row.declines,
          row.awaiting,
          row.medianHoursToPlan,
          row.p90HoursToPlan,
          row.within72h,
          row.settled,
          row.settled > 0 ? row.within72h / row.settled : null,
          row.approvals,
        ]),
      );
    case "declines":
      return toCsv(
        ["hospital", "reason", "declines"],
        insights.declines.map((row) => [row.name, row.reason, row.declines]),
      );
  }
}
