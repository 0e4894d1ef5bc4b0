import type { useFormatter } from "next-intl";

type Formatter = ReturnType<typeof useFormatter>;

/**
 * A time given in hours, in the reader's language: minutes under an hour (a hospital that answers in
 * 20 minutes is not shown "0 h"), else hours with one decimal.
 */
export function formatHours(format: Formatter, hours: number): string {
  if (hours > 0 && hours < 1) return format.number(Math.max(1, Math.round(hours * 60)), { style: "unit", unit: "minute", unitDisplay: "short" });
  return format.number(hours, { style: "unit", unit: "hour", unitDisplay: "short", maximumFractionDigits: 1 });
}
