import "server-only";
import { db } from "@/lib/db";
import type { SqlConnection } from "@/lib/db/sql";
import { PLAN_PROMISE_HOURS } from "@/lib/contracts/promise";
import {
  funnelSteps,
  SCORECARD_DAYS,
  share,
  TOP_COUNTRIES,
  type DeclineRow,
  type FunnelRow,
  type HospitalRow,
  type Insights,
  type InsightsFilter,
  type PlansPerCaseRow,
  type Scorecard,
  type ScorecardFigures,
  type WeeklyCount,
} from "@/lib/contracts/insights";

/**
 * Every figure of the coordinators' insights and the hospitals' scorecards, in one place. Each is one
 * SQL aggregate over indexed columns (no rows are loaded into memory), in SQL that PostgreSQL and the
 * embedded PGlite both run (percentile_cont ... WITHIN GROUP, date_trunc, FILTER). Callers check who
 * asks (admin routes and pages; a partner's own hospital only): nothing here knows the session.
 *
 * `run` is how the SQL reaches the database: the app's Prisma client, or a raw connection (bench/).
 */
export type SqlRunner = <Row>(sql: string, params: unknown[]) => Promise<Row[]>;

/**
 * Each query runs with PostgreSQL's JIT compilation off and more memory for its sorts (SET LOCAL, for
 * that query's transaction only): these aggregates are costed high enough to be compiled, and compiling
 * them took longer (about a second on a busy server, bench/insights.ts) than running them; and the
 * percentiles of a long period sort on disk within the default 4 MB. PGlite has no JIT; it ignores that.
 */
const QUERY_SETTINGS = ["SET LOCAL jit = off", "SET LOCAL work_mem = '32MB'"];

const prismaRunner: SqlRunner = async <Row>(sql: string, params: unknown[]) => {
  const results = await db().$transaction([...QUERY_SETTINGS.map((setting) => db().$executeRawUnsafe(setting)), db().$queryRawUnsafe<Row[]>(sql, ...params)]);
  return results.at(-1) as Row[];
};

/** The same for a raw connection (bench/, tests): one transaction per query, with the same settings. */
export function connectionRunner(connection: SqlConnection): SqlRunner {
  return async <Row>(sql: string, params: unknown[]) => {
    await connection.exec(["BEGIN", ...QUERY_SETTINGS].join("; "));
    try {
      return await connection.query<Row>(sql, params);
    } finally {
      await connection.exec("COMMIT");
    }
  };
}

// date_part (double precision), not extract (numeric since PostgreSQL 14, several times slower to sort).
const HOURS = (later: string, earlier: string) => `date_part('epoch', ${later} - ${earlier}) / 3600`;
const num = (value: unknown): number => Number(value ?? 0);
const maybe = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/** SQL parameters, numbered as they are added. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** [start, end) of the period as timestamps: the `to` day is included whole. */
function periodBounds(filter: InsightsFilter): [string, string] {
  const end = new Date(Date.parse(`${filter.to}T00:00:00Z`) + 86_400_000).toISOString();
  return [`${filter.from}T00:00:00.000Z`, end];
}

/** The cases the filters select: received in the period, of the specialty, routed to the hospital. */
function caseWhere(filter: InsightsFilter, params: Params, alias = "s"): string {
  const [start, end] = periodBounds(filter);
  const conditions = [`${alias}."createdAt" >= ${params.add(start)}::timestamp`, `${alias}."createdAt" < ${params.add(end)}::timestamp`];
  if (filter.specialty) conditions.push(`${alias}.specialty = ${params.add(filter.specialty)}`);
  if (filter.hospital)
    conditions.push(`EXISTS (SELECT 1 FROM "CaseRouting" hr WHERE hr."submissionId" = ${alias}.id AND hr."hospitalId" = ${params.add(filter.hospital)})`);
  return conditions.join(" AND ");
}

/** The routings the filters select: routed in the period, of cases of the specialty, to the hospital. */
function routingWhere(filter: InsightsFilter, params: Params): string {
  const [start, end] = periodBounds(filter);
  const conditions = [`r."routedAt" >= ${params.add(start)}::timestamp`, `r."routedAt" < ${params.add(end)}::timestamp`];
  if (filter.specialty)
    conditions.push(`EXISTS (SELECT 1 FROM "Submission" s WHERE s.id = r."submissionId" AND s.specialty = ${params.add(filter.specialty)})`);
  if (filter.hospital) conditions.push(`r."hospitalId" = ${params.add(filter.hospital)}`);
  return conditions.join(" AND ");
}

/** A weekly count's Monday as text, formatted once per group rather than once per case. */
const WEEK_LABEL = `to_char(weekly.week, 'YYYY-MM-DD') AS week`;

/** Cases received per week and specialty. */
export async function casesBySpecialty(filter: InsightsFilter, run: SqlRunner = prismaRunner): Promise<WeeklyCount[]> {
  const params = new Params();
  const rows = await run<{ week: string; key: string; cases: number }>(
    `SELECT ${WEEK_LABEL}, key, cases FROM (
       SELECT date_trunc('week', s."createdAt") AS week, s.specialty AS key, count(*)::int AS cases
       FROM "Submission" s WHERE ${caseWhere(filter, params)} GROUP BY 1, 2
     ) AS weekly ORDER BY 1, 2`,
    params.values,
  );
  return rows.map((row) => ({ week: row.week, key: row.key, cases: num(row.cases) }));
}

/**
 * Cases received per week and country of residence (as typed, compared without case or spaces): the
 * period's six most frequent countries one by one, under their most frequent spelling, the others as
 * "*", not given as "". The cases are counted per week and country as typed first, so the text is
 * compared once per spelling and week rather than once per case.
 */
export async function casesByCountry(filter: InsightsFilter, run: SqlRunner = prismaRunner): Promise<WeeklyCount[]> {
  const params = new Params();
  const rows = await run<{ week: string; key: string; cases: number }>(
    `WITH typed AS (
       SELECT date_trunc('week', s."createdAt") AS week, s.country, count(*)::int AS cases
       FROM "Submission" s WHERE ${caseWhere(filter, params)} GROUP BY 1, 2
     ), c AS (
       SELECT week, lower(btrim(coalesce(country, ''))) AS country, btrim(coalesce(country, '')) AS label, cases FROM typed
     ), top AS (
       SELECT country, (array_agg(label ORDER BY cases DESC, label))[1] AS label FROM (
         SELECT country, label, sum(cases) AS cases FROM c WHERE country <> '' GROUP BY 1, 2
       ) AS spellings
       GROUP BY country ORDER BY sum(cases) DESC, country LIMIT ${TOP_COUNTRIES}
     )
     SELECT ${WEEK_LABEL}, key, cases FROM (
       SELECT c.week, CASE WHEN c.country = '' THEN '' ELSE coalesce(top.label, '*') END AS key, sum(c.cases)::int AS cases
       FROM c LEFT JOIN top ON top.country = c.country GROUP BY 1, 2
     ) AS weekly ORDER BY 1, 2`,
    params.values,
  );
  return rows.map((row) => ({ week: row.week, key: row.key, cases: num(row.cases) }));
}

/**
 * Each selected case with the times it reached each step (the first routing, the first plan, the
 * approval, closing) and its number of plans: kept on the case by the database's triggers (migration
 * case_steps), so this reads the cases alone.
 */
function caseSteps(filter: InsightsFilter, params: Params): string {
  return `steps AS (
      SELECT s."createdAt" AS received, s."firstRoutedAt" AS routed, s."firstPlanAt" AS planned, s."approvedAt" AS approved,
        s."closedAt" AS closed, s."planCount" AS plans
      FROM "Submission" s WHERE ${caseWhere(filter, params)}
    )`;
}

/** The median hours between two steps, over the cases that reached both (a percentile ignores the others' nulls). */
const median = (later: string, earlier: string) => `percentile_cont(0.5) WITHIN GROUP (ORDER BY ${HOURS(later, earlier)})`;

/**
 * The funnel of the cases received in the period: received → routed to a hospital → first treatment
 * plan → a plan approved → closed (travelled and treated; a case is closed only after its approval),
 * with each step's conversion from the previous one and the median time between them; and, in the same
 * pass over the cases, how many plans the cases that reached a hospital received (0, 1, 2, 3 or more).
 */
export async function caseFunnel(
  filter: InsightsFilter,
  run: SqlRunner = prismaRunner,
): Promise<{ funnel: FunnelRow[]; plansPerCase: PlansPerCaseRow[]; meanPlans: number | null }> {
  const params = new Params();
  const [row] = await run<Record<string, unknown>>(
    `WITH ${caseSteps(filter, params)}
     SELECT count(*)::int AS received, count(routed)::int AS routed, count(planned)::int AS "firstPlan",
       count(approved)::int AS approved, count(closed)::int AS closed,
       ${median("routed", "received")}::float8 AS "routedHours",
       ${median("planned", "routed")}::float8 AS "firstPlanHours",
       ${median("approved", "planned")}::float8 AS "approvedHours",
       ${median("closed", "approved")}::float8 AS "closedHours",
       count(*) FILTER (WHERE routed IS NOT NULL AND plans = 0)::int AS plans0,
       count(*) FILTER (WHERE routed IS NOT NULL AND plans = 1)::int AS plans1,
       count(*) FILTER (WHERE routed IS NOT NULL AND plans = 2)::int AS plans2,
       count(*) FILTER (WHERE routed IS NOT NULL AND plans >= 3)::int AS plans3,
       coalesce(sum(plans) FILTER (WHERE routed IS NOT NULL), 0)::int AS "plansTotal"
     FROM steps`,
    params.values,
  );
  const funnelRows = funnelSteps.map((step, index) => {
    const cases = num(row[step]);
    const previous = index > 0 ? num(row[funnelSteps[index - 1]]) : null;
    return {
      step,
      cases,
      conversion: previous === null ? null : share(cases, previous),
      medianHours: index > 0 ? maybe(row[`${step}Hours`]) : null,
    };
  });
  const routed = num(row.routed);
  return {
    funnel: funnelRows,
    plansPerCase: [0, 1, 2, 3].map((plans) => ({ plans, cases: num(row[`plans${plans}`]) })),
    meanPlans: routed > 0 ? num(row.plansTotal) / routed : null,
  };
}

export async function funnel(filter: InsightsFilter, run: SqlRunner = prismaRunner): Promise<FunnelRow[]> {
  return (await caseFunnel(filter, run)).funnel;
}

/** Plans per case that reached a hospital (0, 1, 2, 3 or more), and the mean. */
export async function plansPerCase(filter: InsightsFilter, run: SqlRunner = prismaRunner): Promise<{ rows: PlansPerCaseRow[]; mean: number | null }> {
  const { plansPerCase: rows, meanPlans } = await caseFunnel(filter, run);
  return { rows, mean: meanPlans };
}

/**
 * Whether a routing `r` is still awaited: no answer yet, and its case has not ended (else it is
 * withdrawn and counts neither way). When a case ends, the workflow marks its unanswered routings
 * (endNoticeAt, the hospital told; lib/cases/case-end.ts), so the routing alone says it.
 */
const STILL_AWAITED = `(r.status = 'awaiting_response' AND r."endNoticeAt" IS NULL)`;

/** Median and 90th percentile of the hours to a plan, from one sort (PostgreSQL computes the identical aggregate once). */
const HOURS_TO_PLAN = `(percentile_cont(ARRAY[0.5, 0.9]) WITHIN GROUP (ORDER BY ${HOURS('r."respondedAt"', 'r."routedAt"')}) FILTER (WHERE r.status = 'responded'))`;

/**
 * The aggregate of a set of routings `r`, from the routings alone: answers, declines, awaited answers,
 * median and 90th percentile hours to a plan, answers within 72 hours over the settled routings
 * (answered, or still awaited more than 72 hours after routing), and approvals (the routing's plan
 * accepted, planAcceptedAt kept by a trigger).
 */
const routingFigures = `
  count(*) FILTER (WHERE r.status = 'responded')::int AS plans,
  count(*) FILTER (WHERE r.status = 'declined')::int AS declines,
  count(*) FILTER (WHERE ${STILL_AWAITED})::int AS awaiting,
  ${HOURS_TO_PLAN}[1] AS "medianHoursToPlan",
  ${HOURS_TO_PLAN}[2] AS "p90HoursToPlan",
  count(*) FILTER (WHERE r.status <> 'awaiting_response' AND r."respondedAt" <= r."routedAt" + interval '${PLAN_PROMISE_HOURS} hours')::int AS "within72h",
  count(*) FILTER (WHERE CASE WHEN r.status <> 'awaiting_response' THEN true
    WHEN r."routedAt" + interval '${PLAN_PROMISE_HOURS} hours' <= (now() AT TIME ZONE 'UTC') THEN ${STILL_AWAITED} ELSE false END)::int AS settled,
  count(*) FILTER (WHERE r."planAcceptedAt" IS NOT NULL)::int AS approvals`;

/**
 * Per hospital, over the routings of the period: what it was sent and how it answered. One hospital at a
 * time (LATERAL), each from its own range of the (hospitalId, routedAt, …) index alone: no sort of every
 * routing by hospital, and each percentile orders only that hospital's answers.
 */
export async function hospitalFigures(filter: InsightsFilter, run: SqlRunner = prismaRunner): Promise<HospitalRow[]> {
  const params = new Params();
  const rows = await run<Record<string, unknown>>(
    `SELECT h.id AS "hospitalId", h.name, f.*
     FROM "Hospital" h CROSS JOIN LATERAL (
       SELECT count(*)::int AS routed, ${routingFigures} FROM "CaseRouting" r WHERE r."hospitalId" = h.id AND ${routingWhere(filter, params)}
     ) AS f
     WHERE f.routed > 0 ORDER BY h.name, h.id`,
    params.values,
  );
  return rows.map((row) => ({
    hospitalId: String(row.hospitalId),
    name: String(row.name),
    routed: num(row.routed),
    plans: num(row.plans),
    declines: num(row.declines),
    awaiting: num(row.awaiting),
    medianHoursToPlan: maybe(row.medianHoursToPlan),
    p90HoursToPlan: maybe(row.p90HoursToPlan),
    within72h: num(row.within72h),
    settled: num(row.settled),
    approvals: num(row.approvals),
  }));
}

/** Declines of the period per hospital and reason (as written, compared without surrounding spaces), the most frequent first. */
export async function declineReasons(filter: InsightsFilter, run: SqlRunner = prismaRunner): Promise<DeclineRow[]> {
  const params = new Params();
  const rows = await run<{ hospitalId: string; name: string; reason: string; declines: number }>(
    `SELECT r."hospitalId", h.name, btrim(coalesce(r."declineReason", '')) AS reason, count(*)::int AS declines
     FROM "CaseRouting" r JOIN "Hospital" h ON h.id = r."hospitalId"
     WHERE r.status = 'declined' AND ${routingWhere(filter, params)}
     GROUP BY 1, 2, 3 ORDER BY 4 DESC, 2, 3 LIMIT 200`,
    params.values,
  );
  return rows.map((row) => ({ hospitalId: row.hospitalId, name: row.name, reason: row.reason, declines: num(row.declines) }));
}

/** Every figure of the insights page for one set of filters. */
export async function getInsights(filter: InsightsFilter, run: SqlRunner = prismaRunner): Promise<Insights> {
  // One after the other: the embedded database answers one query at a time anyway.
  const casesBySpecialtyRows = await casesBySpecialty(filter, run);
  const casesByCountryRows = await casesByCountry(filter, run);
  const cases = await caseFunnel(filter, run);
  const hospitals = await hospitalFigures(filter, run);
  const declines = await declineReasons(filter, run);
  return {
    filter,
    casesBySpecialty: casesBySpecialtyRows,
    casesByCountry: casesByCountryRows,
    funnel: cases.funnel,
    plansPerCase: cases.plansPerCase,
    meanPlansPerRoutedCase: cases.meanPlans,
    hospitals,
    declines,
  };
}

function toFigures(row: Record<string, unknown>): ScorecardFigures {
  return {
    answered: num(row.plans),
    medianHoursToPlan: maybe(row.medianHoursToPlan),
    p90HoursToPlan: maybe(row.p90HoursToPlan),
    within72h: num(row.within72h),
    settled: num(row.settled),
  };
}

/**
 * One hospital's scorecard: its own figures over the last 90 days against the network's (all partner
 * hospitals together, none named), and its cases still awaiting its answer, the least time left first.
 * The caller passes the hospital of the partner who asks, never one from the request.
 */
export async function hospitalScorecard(hospitalId: string, run: SqlRunner = prismaRunner, now = new Date()): Promise<Scorecard> {
  const since = new Date(now.getTime() - SCORECARD_DAYS * 86_400_000).toISOString();
  const from = `FROM "CaseRouting" r`;
  const [own] = await run<Record<string, unknown>>(`SELECT ${routingFigures} ${from} WHERE r."hospitalId" = $1 AND r."routedAt" >= $2::timestamp`, [
    hospitalId,
    since,
  ]);
  const [network] = await run<Record<string, unknown>>(`SELECT ${routingFigures} ${from} WHERE r."routedAt" >= $1::timestamp`, [since]);
  const [spread] = await run<{ hospitals: number; median: number | null }>(
    `SELECT count(*)::int AS hospitals, (percentile_cont(0.5) WITHIN GROUP (ORDER BY median))::float8 AS median FROM (
       SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY ${HOURS('r."respondedAt"', 'r."routedAt"')}) AS median
       FROM "CaseRouting" r WHERE r.status = 'responded' AND r."routedAt" >= $1::timestamp GROUP BY r."hospitalId"
     ) AS medians`,
    [since],
  );
  const open = await run<{ id: string; trackingNumber: string; specialty: string; urgency: string; routedAt: Date | string; dueAt: Date | string }>(
    `SELECT s.id, s."trackingNumber", s.specialty, s.urgency::text AS urgency, r."routedAt", r."dueAt"
     FROM "CaseRouting" r JOIN "Submission" s ON s.id = r."submissionId"
     WHERE r."hospitalId" = $1 AND ${STILL_AWAITED}
     ORDER BY r."dueAt", s."trackingNumber" LIMIT 200`,
    [hospitalId],
  );
  return {
    since,
    own: toFigures(own),
    network: { ...toFigures(network), hospitals: num(spread?.hospitals), medianOfHospitalMedians: maybe(spread?.median) },
    openCases: open.map((row) => ({
      id: row.id,
      trackingNumber: row.trackingNumber,
      specialty: row.specialty,
      urgency: row.urgency,
      routedAt: new Date(row.routedAt).toISOString(),
      dueAt: new Date(row.dueAt).toISOString(),
    })),
  };
}
