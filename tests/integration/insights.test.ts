import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { applyMigrations, readMigrations } from "@/lib/db/migrations";
import type { SqlConnection } from "@/lib/db/sql";
import { insightsQuery, type InsightsFilter } from "@/lib/contracts/insights";
import { isCaseEnded } from "@/lib/contracts/cases";
import {
  casesByCountry,
  casesBySpecialty,
  declineReasons,
  funnel,
  getInsights,
  hospitalFigures,
  hospitalScorecard,
  plansPerCase,
  connectionRunner,
  type SqlRunner,
} from "@/lib/insights/queries";
import { csvCell, insightsCsv } from "@/lib/insights/csv";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "./support/databases";

/**
 * The insights and scorecard figures on a small data set whose every figure was worked out by hand
 * (in the comments), on PGlite and on PostgreSQL. Times are hours after T0, Monday 5 January 2026.
 */
const T0 = Date.parse("2026-01-05T00:00:00Z");
const HOUR = 3_600_000;
const at = (hours: number) => new Date(T0 + hours * HOUR);
const DAY = 24;

const A = "test-alpha";
const B = "test-beta";
const C = "test-gamma";

interface CaseSpec {
  created: Date;
  specialty: string;
  country: string | null;
  status: string;
  routings?: { hospital: string; routed: Date; status?: "awaiting_response" | "responded" | "declined"; answered?: Date; reason?: string; accepted?: Date }[];
  closed?: Date;
}

async function insertHospitals(sql: SqlConnection) {
  for (const [id, name] of [
    [A, "Alpha Hospital"],
    [B, "Beta Hospital"],
    [C, "Gamma Hospital"],
  ])
    await sql.query(`INSERT INTO "Hospital" (id, name, city, country) VALUES ($1, $2, 'Istanbul', 'Turkey')`, [id, name]);
}

async function insertCase(sql: SqlConnection, spec: CaseSpec): Promise<{ id: string; trackingNumber: string }> {
  const id = randomUUID();
  const trackingNumber = `SUB-TEST-${id.slice(0, 8).toUpperCase()}`;
  await sql.query(
    `INSERT INTO "Submission" (id, "trackingNumber", source, "patientName", email, country, "homeCountry", specialty, status, "preferredCountries",
       consent, "consentFullName", "consentEmail", "consentDate", "consentVersion", "createdAt", "updatedAt")
     VALUES ($1, $2, 'guest', 'Test Patient', 'patient@example.com', $3, 'Nigeria', $4, $5::"SubmissionStatus", ARRAY['Turkey'],
       true, 'Test Patient', 'patient@example.com', '2026-01-01', 'v1', $6::timestamp, $6::timestamp)`,
    [id, trackingNumber, spec.country, spec.specialty, spec.status, spec.created.toISOString()],
  );
  for (const routing of spec.routings ?? []) {
    const routingId = randomUUID();
    const status = routing.status ?? "awaiting_response";
    // As the workflow does when a case ends: its unanswered routings are marked (the hospitals told).
    const endNotice = status === "awaiting_response" && isCaseEnded(spec.status) ? new Date(routing.routed.getTime() + HOUR) : null;
    await sql.query(
      `INSERT INTO "CaseRouting" (id, "submissionId", "hospitalId", "routedAt", "dueAt", status, "respondedAt", "declineReason", "endNoticeAt",
         "destinationCountry", "transferBasis")
       VALUES ($1, $2, $3, $4::timestamp, $4::timestamp + interval '72 hours', $5::"RoutingStatus", $6::timestamp, $7, $8::timestamp, 'TR', 'explicit_consent')`,
      [
        routingId,
        id,
        routing.hospital,
        routing.routed.toISOString(),
        status,
        routing.answered?.toISOString() ?? null,
        routing.reason ?? null,
        endNotice?.toISOString() ?? null,
      ],
    );
    if (status === "responded")
      await sql.query(
        `INSERT INTO "TreatmentPlan" (id, "routingId", "submissionId", "hospitalId", "diagnosisSummary", "proposedTreatment", included, "lengthOfStayDays",
           "priceMin", "priceMax", currency, "validUntil", "leadDoctor", status, "decidedAt", "createdAt")
         VALUES ($1, $2, $3, $4, 'd', 't', 'i', 5, 1000, 2000, 'USD', '2026-12-31', 'Dr', $5::"PlanStatus", $6::timestamp, $7::timestamp)`,
        [
          randomUUID(),
          routingId,
          id,
          routing.hospital,
          routing.accepted ? "accepted" : spec.routings!.some((other) => other.accepted) ? "not_selected" : "proposed",
          routing.accepted?.toISOString() ?? null,
          routing.answered!.toISOString(),
        ],
      );
  }
  if (spec.closed)
    await sql.query(
      `INSERT INTO "StatusChange" (id, "submissionId", "fromStatus", "toStatus", "createdAt") VALUES ($1, $2, 'plan_accepted', 'closed', $3::timestamp)`,
      [randomUUID(), id, spec.closed.toISOString()],
    );
  return { id, trackingNumber };
}

const filterOf = (query: Record<string, string>): InsightsFilter => insightsQuery.parse(query);
const PERIOD = { from: "2026-01-05", to: "2026-01-18" };
const close = (actual: number | null, expected: number, what: string) =>
  assert.ok(actual !== null && Math.abs(actual - expected) < 1e-6, `${what}: ${actual} (expected ${expected})`);

for (const kind of testDatabaseKinds()) {
  describe(`insights and scorecard figures on ${kind}`, () => {
    let database: TestDatabase;
    let sql: SqlConnection;
    let run: SqlRunner;

    before(async () => {
      database = await createTestDatabase(kind);
      sql = await database.open();
      await applyMigrations(sql);
      run = connectionRunner(sql);
      await insertHospitals(sql);

      // c1, week 1: routed to A and B after 10 h; A's plan 20 h later, approved at 50 h; B declined after 100 h; closed at 200 h.
      await insertCase(sql, {
        created: at(0),
        specialty: "cardiology",
        country: "Nigeria",
        status: "closed",
        routings: [
          { hospital: A, routed: at(10), status: "responded", answered: at(30), accepted: at(50) },
          { hospital: B, routed: at(10), status: "declined", answered: at(110), reason: "No capacity" },
        ],
        closed: at(200),
      });
      // c2, week 1: routed to A after 24 h; its plan 80 h later (late).
      await insertCase(sql, {
        created: at(24),
        specialty: "cardiology",
        country: " nigeria ",
        status: "responded",
        routings: [{ hospital: A, routed: at(48), status: "responded", answered: at(128) }],
      });
      // c3, week 2: routed to B (never answered, the case still open) and C (declined after 5 h), 4 h after arriving.
      await insertCase(sql, {
        created: at(7 * DAY + 1),
        specialty: "oncology",
        country: "Ghana",
        status: "sent_to_hospitals",
        routings: [
          { hospital: B, routed: at(7 * DAY + 5) },
          { hospital: C, routed: at(7 * DAY + 5), status: "declined", answered: at(7 * DAY + 10), reason: "  Outside our specialty " },
        ],
      });
      // c4, week 2: never routed, no country given.
      await insertCase(sql, { created: at(8 * DAY), specialty: "oncology", country: null, status: "submitted" });
      // c5, week 2: routed to A and C after 2 h; A's plan after 4 h, C's after 30 h; C's approved at 42 h.
      await insertCase(sql, {
        created: at(9 * DAY),
        specialty: "cardiology",
        country: "Ghana",
        status: "plan_accepted",
        routings: [
          { hospital: A, routed: at(9 * DAY + 2), status: "responded", answered: at(9 * DAY + 6) },
          { hospital: C, routed: at(9 * DAY + 2), status: "responded", answered: at(9 * DAY + 32), accepted: at(9 * DAY + 42) },
        ],
      });
      // c6, the week before the period: left out of every figure.
      await insertCase(sql, {
        created: at(-3 * DAY),
        specialty: "cardiology",
        country: "Kenya",
        status: "responded",
        routings: [{ hospital: A, routed: at(-3 * DAY + 1), status: "responded", answered: at(-3 * DAY + 2) }],
      });
      // c7, week 2: routed to A after 1 h, cancelled before it answered (withdrawn: neither awaited nor late).
      await insertCase(sql, {
        created: at(10 * DAY),
        specialty: "cardiology",
        country: "Nigeria",
        status: "cancelled",
        routings: [{ hospital: A, routed: at(10 * DAY + 1) }],
      });
    });
    after(async () => {
      await sql?.close();
      await database?.drop();
    });

    test("cases per week by specialty and by country of residence", async () => {
      assert.deepEqual(await casesBySpecialty(filterOf(PERIOD), run), [
        { week: "2026-01-05", key: "cardiology", cases: 2 },
        { week: "2026-01-12", key: "cardiology", cases: 2 },
        { week: "2026-01-12", key: "oncology", cases: 2 },
      ]);
      // "Nigeria" and " nigeria " are one country, named as most cases spell it; no country given is "".
      assert.deepEqual(await casesByCountry(filterOf(PERIOD), run), [
        { week: "2026-01-05", key: "Nigeria", cases: 2 },
        { week: "2026-01-12", key: "", cases: 1 },
        { week: "2026-01-12", key: "Ghana", cases: 2 },
        { week: "2026-01-12", key: "Nigeria", cases: 1 },
      ]);
    });

    test("the funnel: counts, conversion and median hours between steps", async () => {
      const rows = await funnel(filterOf(PERIOD), run);
      assert.deepEqual(
        rows.map((row) => [row.step, row.cases]),
        [
          ["received", 6],
          ["routed", 5],
          ["firstPlan", 3],
          ["approved", 2],
          ["closed", 1],
        ],
      );
      assert.equal(rows[0].conversion, null);
      close(rows[1].conversion, 5 / 6, "routed conversion");
      close(rows[2].conversion, 3 / 5, "first plan conversion");
      close(rows[3].conversion, 2 / 3, "approved conversion");
      close(rows[4].conversion, 1 / 2, "closed conversion");
      // received → routed: 10, 24, 4, 2, 1 h; routed → first plan: 20, 80, 4 h; first plan → approved: 20, 36 h; approved → closed: 150 h.
      assert.deepEqual(
        rows.map((row) => row.medianHours),
        [null, 4, 20, 28, 150],
      );
    });

    test("plans per case that reached a hospital", async () => {
      // c1: 1 (B declined), c2: 1, c3: 0, c5: 2, c7: 0.
      assert.deepEqual(await plansPerCase(filterOf(PERIOD), run), {
        rows: [
          { plans: 0, cases: 2 },
          { plans: 1, cases: 2 },
          { plans: 2, cases: 1 },
          { plans: 3, cases: 0 },
        ],
        mean: 4 / 5,
      });
    });

    test("per hospital: time to plan, 72-hour share, declines, approvals", async () => {
      const rows = await hospitalFigures(filterOf(PERIOD), run);
      const byId = Object.fromEntries(rows.map((row) => [row.hospitalId, row]));
      assert.deepEqual(Object.keys(byId).sort(), [A, B, C]);
      // A: plans after 20, 80 and 4 h (p90 = 20 + 0.8 × 60); c7 withdrawn, so neither awaited nor settled.
      assert.deepEqual(
        { ...byId[A], p90HoursToPlan: null },
        {
          hospitalId: A,
          name: "Alpha Hospital",
          routed: 4,
          plans: 3,
          declines: 0,
          awaiting: 0,
          medianHoursToPlan: 20,
          p90HoursToPlan: null,
          within72h: 2,
          settled: 3,
          approvals: 1,
        },
      );
      close(byId[A].p90HoursToPlan, 68, "A's 90th percentile");
      // B: declined c1 after 100 h, c3 still awaited long past 72 h.
      assert.deepEqual(byId[B], {
        hospitalId: B,
        name: "Beta Hospital",
        routed: 2,
        plans: 0,
        declines: 1,
        awaiting: 1,
        medianHoursToPlan: null,
        p90HoursToPlan: null,
        within72h: 0,
        settled: 2,
        approvals: 0,
      });
      // C: declined c3 after 5 h, planned c5 after 30 h, approved.
      assert.deepEqual(byId[C], {
        hospitalId: C,
        name: "Gamma Hospital",
        routed: 2,
        plans: 1,
        declines: 1,
        awaiting: 0,
        medianHoursToPlan: 30,
        p90HoursToPlan: 30,
        within72h: 2,
        settled: 2,
        approvals: 1,
      });
      assert.deepEqual(await declineReasons(filterOf(PERIOD), run), [
        { hospitalId: B, name: "Beta Hospital", reason: "No capacity", declines: 1 },
        { hospitalId: C, name: "Gamma Hospital", reason: "Outside our specialty", declines: 1 },
      ]);
    });

    test("filters: specialty, hospital, period", async () => {
      const oncology = filterOf({ ...PERIOD, specialty: "oncology" });
      assert.deepEqual(
        (await funnel(oncology, run)).map((row) => row.cases),
        [2, 1, 0, 0, 0],
      );
      assert.deepEqual((await hospitalFigures(oncology, run)).map((row) => [row.hospitalId, row.routed, row.declines]).sort(), [
        [B, 1, 0],
        [C, 1, 1],
      ]);
      // Cases routed to C: c3 and c5; only C's own routings in the hospital table.
      const gamma = filterOf({ ...PERIOD, hospital: C });
      assert.deepEqual(
        (await funnel(gamma, run)).map((row) => row.cases),
        [2, 2, 1, 1, 0],
      );
      assert.deepEqual(
        (await hospitalFigures(gamma, run)).map((row) => row.hospitalId),
        [C],
      );
      // The week before: only c6 (and A's answer to it after 1 h).
      const before = filterOf({ from: "2026-01-01", to: "2026-01-04" });
      assert.deepEqual(
        (await funnel(before, run)).map((row) => row.cases),
        [1, 1, 1, 0, 0],
      );
      assert.deepEqual(
        (await hospitalFigures(before, run)).map((row) => [row.hospitalId, row.medianHoursToPlan]),
        [[A, 1]],
      );
    });

    test("a hospital's scorecard: its own last 90 days against the network's, its open cases by time left", async () => {
      const now = Date.now();
      const ago = (hours: number) => new Date(now - hours * HOUR);
      const open = { specialty: "neurology", country: "Nigeria", status: "sent_to_hospitals" };
      // A: plans after 10 h and 100 h; one case due in 48 h, one 12 h overdue; one answer from before the window.
      await insertCase(sql, { ...open, created: ago(240), routings: [{ hospital: A, routed: ago(240), status: "responded", answered: ago(230) }] });
      await insertCase(sql, { ...open, created: ago(120), routings: [{ hospital: A, routed: ago(120), status: "responded", answered: ago(20) }] });
      const dueLater = await insertCase(sql, { ...open, created: ago(24), routings: [{ hospital: A, routed: ago(24) }] });
      const overdue = await insertCase(sql, { ...open, created: ago(84), routings: [{ hospital: A, routed: ago(84) }] });
      await insertCase(sql, {
        ...open,
        created: ago(100 * 24),
        routings: [{ hospital: A, routed: ago(100 * 24), status: "responded", answered: ago(100 * 24 - 1) }],
      });
      // A case cancelled 100 h after reaching A, unanswered: withdrawn, neither late nor open.
      await insertCase(sql, { ...open, status: "cancelled", created: ago(100), routings: [{ hospital: A, routed: ago(100) }] });
      // B: plans after 50 h and 60 h; C: after 2 h. B also has an open case A must not see.
      await insertCase(sql, { ...open, created: ago(480), routings: [{ hospital: B, routed: ago(480), status: "responded", answered: ago(430) }] });
      await insertCase(sql, { ...open, created: ago(480), routings: [{ hospital: B, routed: ago(480), status: "responded", answered: ago(420) }] });
      await insertCase(sql, { ...open, created: ago(10), routings: [{ hospital: B, routed: ago(10) }] });
      await insertCase(sql, { ...open, created: ago(30), routings: [{ hospital: C, routed: ago(30), status: "responded", answered: ago(28) }] });

      const card = await hospitalScorecard(A, run, new Date(now));
      // Own: 10 and 100 h → median 55, p90 91; within 72 h: 1 of 3 settled (the overdue one counts, the one due later not yet).
      assert.deepEqual(
        { ...card.own, p90HoursToPlan: Math.round(card.own.p90HoursToPlan! * 1000) / 1000 },
        { answered: 2, medianHoursToPlan: 55, p90HoursToPlan: 91, within72h: 1, settled: 3 },
      );
      // Network: 2, 10, 50, 60, 100 h → median 50, p90 60 + 0.6 × 40 = 84; 4 of 6 settled within 72 h; hospitals' medians 55, 55, 2 → 55.
      const { p90HoursToPlan, ...network } = card.network;
      close(p90HoursToPlan, 84, "network p90");
      assert.deepEqual(network, { answered: 5, medianHoursToPlan: 50, within72h: 4, settled: 6, hospitals: 3, medianOfHospitalMedians: 55 });
      assert.deepEqual(
        card.openCases.map((row) => row.trackingNumber),
        [overdue.trackingNumber, dueLater.trackingNumber],
      );
      const text = JSON.stringify(card);
      for (const other of [B, C, "Beta Hospital", "Gamma Hospital"]) assert.ok(!text.includes(other), `the scorecard names ${other}`);
    });

    test("CSV export: one table per chart, formula-like text escaped", async () => {
      const filter = filterOf(PERIOD);
      await insertCase(sql, {
        created: at(DAY),
        specialty: "cardiology",
        country: '=HYPERLINK("http://evil.example")',
        status: "sent_to_hospitals",
        routings: [{ hospital: B, routed: at(DAY + 1), status: "declined", answered: at(DAY + 2), reason: "+cmd, -x" }],
      });
      const insights = await getInsights(filter, run);
      const declines = insightsCsv(insights, "declines");
      assert.ok(declines.startsWith("hospital,reason,declines\r\n"));
      assert.ok(declines.includes(`Beta Hospital,"'+cmd, -x",1\r\n`), declines);
      const countries = insightsCsv(insights, "cases-by-country");
      assert.ok(countries.includes(`2026-01-05,"'=HYPERLINK(""http://evil.example"")",1\r\n`), countries);
      assert.equal(csvCell("@SUM(A1)"), "'@SUM(A1)");
      assert.equal(csvCell("-2+3"), "'-2+3");
      assert.equal(csvCell("\tx"), "'\tx");
      assert.equal(csvCell(-2), "-2", "numbers are figures, not formulas");
      assert.equal(csvCell("Nigeria"), "Nigeria");
      assert.ok(insightsCsv(insights, "funnel").startsWith("step,cases,conversion_from_previous,median_hours_from_previous\r\nreceived,7,,\r\n"));
    });
  });
}

for (const kind of testDatabaseKinds()) {
  test(`the case_steps migration fills in the steps of the cases already there, on ${kind}`, async () => {
    const database = await createTestDatabase(kind);
    const sql = await database.open();
    try {
      const migrations = readMigrations();
      const caseSteps = migrations.findIndex((migration) => migration.name.endsWith("_case_steps"));
      await applyMigrations(sql, migrations.slice(0, caseSteps));
      await insertHospitals(sql);
      // Routed to A and B; A's plan approved, B's not selected; closed. And a case cancelled while B had not answered, from before the workflow marked such routings.
      const decided = await insertCase(sql, {
        created: at(0),
        specialty: "cardiology",
        country: "Nigeria",
        status: "closed",
        routings: [
          { hospital: A, routed: at(10), status: "responded", answered: at(30), accepted: at(50) },
          { hospital: B, routed: at(12), status: "responded", answered: at(20) },
        ],
        closed: at(200),
      });
      const cancelled = await insertCase(sql, {
        created: at(1),
        specialty: "oncology",
        country: null,
        status: "cancelled",
        routings: [{ hospital: B, routed: at(5) }],
      });
      await sql.query(`UPDATE "CaseRouting" SET "endNoticeAt" = NULL`);
      await sql.query(
        `INSERT INTO "StatusChange" (id, "submissionId", "fromStatus", "toStatus", "createdAt") VALUES ($1, $2, 'sent_to_hospitals', 'cancelled', $3::timestamp)`,
        [randomUUID(), cancelled.id, at(40).toISOString()],
      );

      await applyMigrations(sql, migrations);
      const [steps] = await sql.query<Record<string, unknown>>(
        `SELECT "firstRoutedAt", "firstPlanAt", "approvedAt", "closedAt", "planCount" FROM "Submission" WHERE id = $1`,
        [decided.id],
      );
      assert.deepEqual(steps, { firstRoutedAt: at(10), firstPlanAt: at(20), approvedAt: at(50), closedAt: at(200), planCount: 2 });
      const routings = await sql.query<{ hospitalId: string; submissionId: string; planAcceptedAt: Date | null; endNoticeAt: Date | null }>(
        `SELECT "hospitalId", "submissionId", "planAcceptedAt", "endNoticeAt" FROM "CaseRouting" ORDER BY "routedAt"`,
      );
      assert.deepEqual(routings, [
        { hospitalId: B, submissionId: cancelled.id, planAcceptedAt: null, endNoticeAt: at(40) },
        { hospitalId: A, submissionId: decided.id, planAcceptedAt: at(50), endNoticeAt: null },
        { hospitalId: B, submissionId: decided.id, planAcceptedAt: null, endNoticeAt: null },
      ]);
    } finally {
      await sql.close();
      await database.drop();
    }
  });
}

describe("insights filters", () => {
  test("the last twelve weeks by default; a period backwards or longer than three years is refused", () => {
    const today = new Date().toISOString().slice(0, 10);
    const filter = insightsQuery.parse({});
    assert.equal(filter.to, today);
    assert.equal((Date.parse(filter.to) - Date.parse(filter.from)) / 86_400_000, 83);
    assert.deepEqual(insightsQuery.parse({ from: "2026-01-05", to: "2026-01-18", specialty: "", hospital: "" }), {
      from: "2026-01-05",
      to: "2026-01-18",
      specialty: null,
      hospital: null,
    });
    assert.equal(insightsQuery.safeParse({ from: "2026-02-01", to: "2026-01-01" }).success, false);
    assert.equal(insightsQuery.safeParse({ from: "2020-01-01", to: "2026-01-01" }).success, false);
    assert.equal(insightsQuery.safeParse({ from: "yesterday" }).success, false);
    assert.equal(insightsQuery.safeParse({ specialty: "'; DROP TABLE x" }).success, false);
  });
});
