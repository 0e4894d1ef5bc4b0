import { z } from "zod";

/**
 * Coordinators' insights (GET /api/admin/insights, its CSV export, /admin-dashboard/insights) and a
 * hospital's scorecard (GET /api/partner/scorecard, /partner/scorecard). The figures themselves are
 * SQL aggregates in lib/insights/queries.ts.
 */

/** The period shown when none is asked for: the last twelve weeks. */
export const DEFAULT_PERIOD_DAYS = 84;
/** The longest period asked for at once (three years). */
export const MAX_PERIOD_DAYS = 3 * 366;
/** The scorecard's window: the hospital's last 90 days against the network's. */
export const SCORECARD_DAYS = 90;
/** Countries of residence drawn one by one; the others are added up as one. */
export const TOP_COUNTRIES = 6;

const DAY_MS = 86_400_000;
const slug = z
  .string()
  .trim()
  .max(100)
  .regex(/^[a-z0-9-]+$/, "invalid_input");
const day = z.iso.date("invalid_input");

/**
 * Filters: period (dates, inclusive, UTC), specialty and hospital. Cases count by the day they were
 * received; a hospital's figures by the day the case was routed to it.
 */
export const insightsQuery = z
  .object({
    from: day.optional(),
    to: day.optional(),
    specialty: slug.optional().or(z.literal("").transform(() => undefined)),
    hospital: slug.optional().or(z.literal("").transform(() => undefined)),
  })
  .transform(({ from, to, specialty, hospital }, context) => {
    const end = to ? Date.parse(`${to}T00:00:00Z`) : Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
    const start = from ? Date.parse(`${from}T00:00:00Z`) : end - (DEFAULT_PERIOD_DAYS - 1) * DAY_MS;
    if (start > end || end - start > MAX_PERIOD_DAYS * DAY_MS) {
      context.addIssue({ code: "custom", message: "invalid_input", path: ["from"] });
      return z.NEVER;
    }
    return {
      from: new Date(start).toISOString().slice(0, 10),
      to: new Date(end).toISOString().slice(0, 10),
      specialty: specialty ?? null,
      hospital: hospital ?? null,
    };
  });
export type InsightsFilter = z.output<typeof insightsQuery>;

/** The tables a coordinator can download as CSV, one per chart. */
export const insightTables = ["cases-by-specialty", "cases-by-country", "funnel", "plans-per-case", "hospitals", "declines"] as const;
export type InsightTable = (typeof insightTables)[number];
export const insightsExportQuery = z.object({ table: z.enum(insightTables, "invalid_input") }).and(insightsQuery);

export const funnelSteps = ["received", "routed", "firstPlan", "approved", "closed"] as const;
export type FunnelStep = (typeof funnelSteps)[number];

export interface WeeklyCount {
  /** Monday of the week (YYYY-MM-DD, UTC). */
  week: string;
  /** A specialty's slug, a country as the patients typed it, "" for not given, "*" for the other countries. */
  key: string;
  cases: number;
}

export interface FunnelRow {
  step: FunnelStep;
  cases: number;
  /** Share of the previous step's cases that reached this one (null for the first step or when there were none). */
  conversion: number | null;
  /** Median hours from the previous step to this one, over the cases that reached it (null for the first or when none). */
  medianHours: number | null;
}

export interface PlansPerCaseRow {
  /** Number of treatment plans received: 0, 1, 2, or 3 for three or more. */
  plans: number;
  cases: number;
}

export interface HospitalRow {
  hospitalId: string;
  name: string;
  routed: number;
  plans: number;
  declines: number;
  /** Awaited answers the case still needs (not withdrawn). */
  awaiting: number;
  medianHoursToPlan: number | null;
  p90HoursToPlan: number | null;
  /** Answers (plan or decline) within 72 hours of routing, over the routings that were answered or are past 72 hours. */
  within72h: number;
  settled: number;
  approvals: number;
}

export interface DeclineRow {
  hospitalId: string;
  name: string;
  reason: string;
  declines: number;
}

export interface Insights {
  filter: InsightsFilter;
  casesBySpecialty: WeeklyCount[];
  casesByCountry: WeeklyCount[];
  funnel: FunnelRow[];
  plansPerCase: PlansPerCaseRow[];
  /** Mean plans per case that reached at least one hospital (null when none did). */
  meanPlansPerRoutedCase: number | null;
  hospitals: HospitalRow[];
  declines: DeclineRow[];
}

export interface ScorecardFigures {
  answered: number;
  medianHoursToPlan: number | null;
  p90HoursToPlan: number | null;
  within72h: number;
  settled: number;
}

export interface ScorecardOpenCase {
  id: string;
  trackingNumber: string;
  specialty: string;
  urgency: string;
  routedAt: string;
  dueAt: string;
}

/** A hospital's own figures over the last 90 days against the whole network's; no other hospital is named. */
export interface Scorecard {
  since: string;
  own: ScorecardFigures;
  network: ScorecardFigures & {
    /** How many hospitals answered at least once in the window, and the median of their medians. */
    hospitals: number;
    medianOfHospitalMedians: number | null;
  };
  /** Its cases still awaiting its answer, the least time left first (overdue ones first of all). */
  openCases: ScorecardOpenCase[];
}

/** Share of `part` in `whole`, or null when `whole` is zero. */
export function share(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}
