/**
 * bench/insights: the queries of /admin-dashboard/insights and of a hospital's scorecard
 * (lib/insights/queries.ts, the same functions the pages call) over 100,000 generated cases, on
 * PostgreSQL and on the embedded PGlite. Prints the median and 95th percentile of each query for the
 * default view (last twelve weeks), the whole two years, a specialty and a hospital. Target: p95 < 200 ms.
 *
 *   node --import ./scripts/server-only-hooks.mjs --import tsx bench/insights.ts [cases=100000] [runs=20] [--only=postgres|pglite]
 *
 * BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres) must allow creating a
 * database: the bench makes its own and drops it afterwards; PGlite lives in a temporary directory.
 * BENCH_KEEP_DATABASE=1 keeps both, to read query plans.
 *
 * The data, like the real traffic over two years: cases spread evenly, 18 specialties, most patients
 * in Nigeria (country of residence as typed, some not given); 85 % routed to 1 to 3 of 18 hospitals
 * 2 to 48 hours after arriving; each hospital answers a plan (72 %) or declines (13 %, five reasons)
 * after 3 to 143 hours (median about 38, so about 70 % within 72 hours), or never (withdrawn once the
 * case ends); half the cases with a plan approve one within two weeks, 70 % of those close within two
 * months. Answers and decisions that would fall in the future have not happened yet.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { measure as measureQuery } from "./timing";
import { hospitals } from "@/content/hospitals";
import { formSpecialtySlugs } from "@/content/specialties";
import { applyMigrations } from "@/lib/db/migrations";
import { openPglite, openPostgres, wrapPglite, type SqlConnection } from "@/lib/db/sql";
import { insightsQuery } from "@/lib/contracts/insights";
import {
  casesByCountry,
  casesBySpecialty,
  declineReasons,
  caseFunnel,
  hospitalFigures,
  hospitalScorecard,
  connectionRunner,
  type SqlRunner,
} from "@/lib/insights/queries";

const positional = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));
const cases = Number(positional[0] ?? 100_000);
const runs = Number(positional[1] ?? 20);
const only = process.argv.find((arg) => arg.startsWith("--only="))?.slice("--only=".length);
const serverUrl = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const TARGET_MS = 200;

async function generate(sql: SqlConnection) {
  for (const hospital of hospitals)
    await sql.query(`INSERT INTO "Hospital" (id, name, city, country) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING`, [
      hospital.id,
      hospital.name,
      hospital.city,
      hospital.country,
    ]);
  const hospitalIds = hospitals.map((hospital) => hospital.id);
  await sql.query(`SELECT setseed(0.21)`);
  await sql.query(
    `INSERT INTO "Submission" (id, "trackingNumber", source, "patientName", email, country, "homeCountry", specialty, status, "preferredCountries",
       consent, "consentFullName", "consentEmail", "consentDate", "consentVersion", "createdAt", "updatedAt")
     SELECT md5('case' || i)::uuid::text, 'SUB-BENCH-' || i, 'guest', 'Patient ' || i, 'patient' || i || '@example.com',
       CASE WHEN r < 0.62 THEN 'Nigeria' WHEN r < 0.66 THEN ' nigeria' WHEN r < 0.74 THEN 'Ghana' WHEN r < 0.79 THEN 'United Kingdom'
         WHEN r < 0.83 THEN 'Kenya' WHEN r < 0.86 THEN 'Cameroon' WHEN r < 0.88 THEN 'United States' WHEN r < 0.95 THEN NULL
         ELSE 'Country ' || (i % 30) END,
       'Nigeria', ($2::text[])[1 + (i * 7919) % array_length($2::text[], 1)], 'submitted', ARRAY['Turkey'],
       true, 'Patient ' || i, 'patient' || i || '@example.com', current_date, 'v1', created, created
     FROM (SELECT i, random() AS r, (now() AT TIME ZONE 'UTC') - (i * interval '730 days' / $1::int) AS created FROM generate_series(1, $1::int) AS i) AS g`,
    [cases, [...formSpecialtySlugs]],
  );
  // 85 % of cases routed (those older than two hours), each to 1, 2 or 3 distinct hospitals.
  await sql.query(
    `INSERT INTO "CaseRouting" (id, "submissionId", "hospitalId", "routedAt", "dueAt", status, "respondedAt", "declineReason", "destinationCountry", "transferBasis")
     SELECT md5(x.id || k)::uuid::text, x.id, ($1::text[])[1 + (x.n + k * 5) % array_length($1::text[], 1)], x.routed, x.routed + interval '72 hours',
       (CASE WHEN x.routed + x.answer > (now() AT TIME ZONE 'UTC') OR x.r3 >= 0.85 THEN 'awaiting_response' WHEN x.r3 < 0.72 THEN 'responded' ELSE 'declined' END)::"RoutingStatus",
       CASE WHEN x.routed + x.answer > (now() AT TIME ZONE 'UTC') OR x.r3 >= 0.85 THEN NULL ELSE x.routed + x.answer END,
       CASE WHEN x.routed + x.answer <= (now() AT TIME ZONE 'UTC') AND x.r3 >= 0.72 AND x.r3 < 0.85
         THEN (ARRAY['No capacity this month', 'Outside our specialty', 'Needs more tests first', 'Not a candidate for surgery', 'Patient too unwell to travel'])[1 + floor(random() * 5)::int] END,
       'TR', 'explicit_consent'
     FROM (
       SELECT s.id, abs(hashtext(s.id)) AS n, k, s."createdAt" + (2 + 46 * random() ^ 2) * interval '1 hour' AS routed,
         (3 + 140 * random() ^ 2) * interval '1 hour' AS answer, random() AS r3, random() AS routedShare, abs(hashtext(s.id || 'k')) % 3 AS extra
       FROM "Submission" s, generate_series(0, 2) AS k
     ) AS x
     WHERE k <= x.extra AND abs(hashtext(x.id || 'routed')) % 100 < 85 AND x.routed < (now() AT TIME ZONE 'UTC')`,
    [hospitalIds],
  );
  await sql.query(
    `INSERT INTO "TreatmentPlan" (id, "routingId", "submissionId", "hospitalId", "diagnosisSummary", "proposedTreatment", included, "lengthOfStayDays",
       "priceMin", "priceMax", currency, "validUntil", "leadDoctor", "createdAt")
     SELECT md5('plan' || r.id)::uuid::text, r.id, r."submissionId", r."hospitalId", 'Diagnosis', 'Treatment', 'Included', 7, 8000, 12000, 'USD',
       current_date + 60, 'Dr Demir', r."respondedAt"
     FROM "CaseRouting" r WHERE r.status = 'responded'`,
  );
  // Half the cases with a plan approve their first one within two weeks (if that time has come).
  await sql.query(
    `UPDATE "TreatmentPlan" p SET status = 'accepted', "decidedAt" = f.decided
     FROM (
       SELECT DISTINCT ON ("submissionId") id, "createdAt" + (6 + 330 * random()) * interval '1 hour' AS decided
       FROM "TreatmentPlan" WHERE abs(hashtext("submissionId" || 'approve')) % 2 = 0 ORDER BY "submissionId", "createdAt"
     ) AS f
     WHERE p.id = f.id AND f.decided < (now() AT TIME ZONE 'UTC')`,
  );
  await sql.query(
    `UPDATE "TreatmentPlan" p SET status = 'not_selected', "decidedAt" = a."decidedAt"
     FROM "TreatmentPlan" a WHERE a."submissionId" = p."submissionId" AND a.status = 'accepted' AND p.id <> a.id`,
  );
  await sql.query(
    `INSERT INTO "StatusChange" (id, "submissionId", "toStatus", note, "createdAt") SELECT md5('sc' || id)::uuid::text, id, 'submitted', 'Submission received', "createdAt" FROM "Submission"`,
  );
  // 70 % of approved cases closed within two months of the approval.
  await sql.query(
    `INSERT INTO "StatusChange" (id, "submissionId", "fromStatus", "toStatus", "createdAt")
     SELECT md5('closed' || p."submissionId")::uuid::text, p."submissionId", 'plan_accepted', 'closed', c.at
     FROM "TreatmentPlan" p, LATERAL (SELECT p."decidedAt" + (7 + 53 * random()) * interval '1 day' AS at) AS c
     WHERE p.status = 'accepted' AND abs(hashtext(p."submissionId" || 'closed')) % 10 < 7 AND c.at < (now() AT TIME ZONE 'UTC')`,
  );
  await sql.query(
    `UPDATE "Submission" s SET status = (CASE
       WHEN EXISTS (SELECT 1 FROM "StatusChange" c WHERE c."submissionId" = s.id AND c."toStatus" = 'closed') THEN 'closed'
       WHEN EXISTS (SELECT 1 FROM "TreatmentPlan" p WHERE p."submissionId" = s.id AND p.status = 'accepted') THEN 'plan_accepted'
       WHEN EXISTS (SELECT 1 FROM "TreatmentPlan" p WHERE p."submissionId" = s.id) THEN 'responded'
       WHEN EXISTS (SELECT 1 FROM "CaseRouting" r WHERE r."submissionId" = s.id) THEN 'sent_to_hospitals'
       WHEN abs(hashtext(s.id || 'cancel')) % 10 = 0 THEN 'cancelled'
       ELSE 'under_review' END)::"SubmissionStatus"`,
  );
  // When a case ends, the workflow marks the routings still unanswered as no longer awaited (lib/cases/case-end.ts).
  await sql.query(
    `UPDATE "CaseRouting" r SET "endNoticeAt" = s."updatedAt" FROM "Submission" s
     WHERE s.id = r."submissionId" AND r.status = 'awaiting_response' AND s.status IN ('plan_accepted', 'closed', 'cancelled')`,
  );
  // As autovacuum would have done by now: statistics, and the visibility map for index-only scans.
  await sql.exec(`VACUUM ANALYZE`);
}

const measure = (label: string, work: () => Promise<unknown>) => measureQuery(label, work, { runs, targetMs: TARGET_MS });

async function benchOne(name: string, sql: SqlConnection): Promise<number[]> {
  await applyMigrations(sql);
  const started = performance.now();
  await generate(sql);
  const [counts] = await sql.query<Record<string, number>>(
    `SELECT (SELECT count(*) FROM "Submission")::int AS cases, (SELECT count(*) FROM "CaseRouting")::int AS routings,
       (SELECT count(*) FROM "TreatmentPlan")::int AS plans, (SELECT count(*) FROM "StatusChange" WHERE "toStatus" = 'closed')::int AS closed`,
  );
  console.log(
    `${name}: generated ${counts.cases} cases, ${counts.routings} routings, ${counts.plans} plans, ${counts.closed} closed in ${((performance.now() - started) / 1000).toFixed(1)} s; ${runs} runs each`,
  );
  const run: SqlRunner = connectionRunner(sql);
  const today = new Date().toISOString().slice(0, 10);
  const views = {
    "12 weeks": insightsQuery.parse({}),
    "2 years": insightsQuery.parse({ from: new Date(Date.now() - 731 * 86_400_000).toISOString().slice(0, 10), to: today }),
    "12 weeks, cardiology": insightsQuery.parse({ specialty: "cardiology" }),
    "12 weeks, one hospital": insightsQuery.parse({ hospital: hospitals[0].id }),
  };
  const queries = { casesBySpecialty, casesByCountry, caseFunnel, hospitalFigures, declineReasons };
  const results: number[] = [];
  for (const [view, filter] of Object.entries(views)) {
    for (const [query, fn] of Object.entries(queries)) results.push(await measure(`${view}: ${query}`, () => fn(filter, run)));
  }
  results.push(await measure("scorecard (one hospital, 90 days)", () => hospitalScorecard(hospitals[0].id, run)));
  return results;
}

async function main() {
  const results: number[] = [];
  if (only !== "pglite") {
    const databaseName = `afya_bench_insights_${process.pid}`;
    const admin = await openPostgres(serverUrl);
    await admin.exec(`CREATE DATABASE ${databaseName}`);
    const sql = await openPostgres(Object.assign(new URL(serverUrl), { pathname: `/${databaseName}` }).toString());
    try {
      results.push(...(await benchOne("PostgreSQL", sql)));
    } finally {
      await sql.close();
      if (process.env.BENCH_KEEP_DATABASE === "1") console.log(`kept database ${databaseName}`);
      else await admin.exec(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      await admin.close();
    }
  }
  if (only !== "postgres") {
    const dataDir = mkdtempSync(path.join(tmpdir(), "afya-bench-insights-"));
    const sql = wrapPglite(await openPglite(dataDir));
    try {
      results.push(...(await benchOne("PGlite (embedded)", sql)));
    } finally {
      await sql.close();
      if (process.env.BENCH_KEEP_DATABASE === "1") console.log(`kept PGlite directory ${dataDir}`);
      else rmSync(dataDir, { recursive: true, force: true });
    }
  }
  console.log(results.every((p95) => p95 < TARGET_MS) ? `target met: every p95 under ${TARGET_MS} ms` : `target NOT met: some p95 at or over ${TARGET_MS} ms`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
