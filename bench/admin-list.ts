/**
 * bench/admin-list: the admin dashboard's list (GET /api/admin/all-submissions, through the same
 * query function) over 100,000 generated submissions on PostgreSQL. Prints the median and 95th
 * percentile of the first page, a middle page (keyset cursor), searches (name, e-mail, account
 * e-mail, tracking-number prefix), a tab (urgent, first and middle page) and the overdue filter.
 * Target: p95 < 100 ms.
 *
 *   node --import ./scripts/server-only-hooks.mjs --import tsx bench/admin-list.ts [rows=100000] [runs=40]
 *
 * BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres) must allow creating a
 * database: the bench makes its own and drops it afterwards (BENCH_KEEP_DATABASE=1 keeps it, to
 * read query plans with EXPLAIN ANALYZE).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { measure as measureQuery } from "./timing";

const rows = Number(process.argv[2] ?? 100_000);
const runs = Number(process.argv[3] ?? 40);
const serverUrl = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const databaseName = `afya_bench_${process.pid}`;
const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${databaseName}` }).toString();

async function withServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * 100,000 cases spread over about ten weeks (one a minute, newest first), like the real data: a third
 * from registered patients, linked to one of 20,000 accounts (some with several cases) whose e-mail
 * is the case's contact e-mail; a third with a file; every case with its first status change; the
 * cases that reached the hospitals routed to two of them, each hospital with its 72-hour due time:
 * still awaited (overdue unless routed in the last three days), answered or declined. Ended cases keep
 * some routings never answered (they must not count as overdue).
 */
async function generate(client: pg.Client) {
  const accounts = 20_000;
  const first = "(ARRAY['Adaeze','Chinedu','Ngozi','Tunde','Amina','Emeka','Funmi','Ibrahim'])";
  const last = "(ARRAY['Okafor','Adeyemi','Bello','Eze','Nwosu','Balogun','Musa','Obi'])";
  await client.query(
    `
    INSERT INTO "user" (id, name, email, "emailVerified", username, role, "createdAt", "updatedAt")
    SELECT md5('user' || k)::uuid::text, ${first}[1 + k % 8] || ' ' || ${last}[1 + (k / 8) % 8],
      lower(${first}[1 + k % 8] || '.' || ${last}[1 + (k / 8) % 8]) || k || '@mail.example.com', true, 'user' || k, 'patient',
      now() - interval '80 days', now()
    FROM generate_series(1, $1::int) AS k`,
    [accounts],
  );
  await client.query(
    `
    INSERT INTO "Submission" (id, "trackingNumber", source, "userId", "patientName", email, "homeCountry", specialty, urgency, status,
      "preferredCountries", consent, "consentFullName", "consentEmail", "consentDate", "consentVersion", "createdAt", "updatedAt")
    SELECT md5('submission' || i)::uuid::text,
      'SUB-' || to_char(now() - (i || ' minutes')::interval, 'YYYYMMDD') || '-' || upper(substr(md5(i::text), 1, 10)),
      (CASE WHEN i % 3 = 0 THEN 'authenticated' ELSE 'guest' END)::"SubmissionSource",
      CASE WHEN i % 3 = 0 THEN md5('user' || (1 + (i / 3) % $2::int))::uuid::text END,
      ${first}[1 + i % 8] || ' ' || ${last}[1 + (i / 8) % 8] || ' ' || i,
      CASE WHEN i % 3 = 0 THEN (SELECT email FROM "user" WHERE id = md5('user' || (1 + (i / 3) % $2::int))::uuid::text)
        ELSE 'guest' || i || '@example.com' END,
      'Nigeria',
      (ARRAY['cardiology','oncology','orthopedics','neurology','ivf','ophthalmology'])[1 + i % 6],
      (ARRAY['urgent','standard','flexible'])[1 + (i / 7) % 3]::"Urgency",
      (ARRAY['submitted','under_review','sent_to_hospitals','responded','plan_accepted','closed','cancelled'])[1 + i % 7]::"SubmissionStatus",
      ARRAY['Turkey'], true, 'Patient ' || i, 'patient' || i || '@example.com', current_date, '2025-01-01',
      now() - (i || ' minutes')::interval, now()
    FROM generate_series(1, $1::int) AS i`,
    [rows, accounts],
  );
  await client.query(`
    INSERT INTO "SubmissionFile" (id, "submissionId", "originalName", size, "mimeType", sha256, "storageKey", "createdAt")
    SELECT gen_random_uuid()::text, id, 'report.pdf', 120000, 'application/pdf', md5(id), 'bench/' || id, "createdAt"
    FROM "Submission" WHERE abs(hashtext(id)) % 3 = 0`);
  await client.query(`UPDATE "Submission" s SET "hasFiles" = true WHERE EXISTS (SELECT 1 FROM "SubmissionFile" f WHERE f."submissionId" = s.id)`);
  await client.query(`
    INSERT INTO "StatusChange" (id, "submissionId", "toStatus", note, "createdAt")
    SELECT gen_random_uuid()::text, id, 'submitted', 'Submission received', "createdAt" FROM "Submission"`);
  // Cases past review (sent_to_hospitals .. cancelled: i % 7 in 2..6), one in two routed, two hospitals each.
  const hospitals = (await client.query<{ id: string }>(`SELECT id FROM "Hospital" ORDER BY id LIMIT 2`)).rows.map((row) => row.id);
  if (hospitals.length < 2) throw new Error("The bench needs two partner hospitals (seeded by the migrations).");
  await client.query(
    `
    INSERT INTO "CaseRouting" (id, "submissionId", "hospitalId", "routedAt", "dueAt", status, "respondedAt", "destinationCountry", "transferBasis")
    SELECT gen_random_uuid()::text, md5('submission' || i)::uuid::text, ($2::text[])[h],
      now() - (i || ' minutes')::interval + interval '2 hours', now() - (i || ' minutes')::interval + interval '74 hours',
      (CASE
        -- Waiting cases: hospitals asked in the last two weeks may still not have answered (overdue after 72 hours);
        -- older ones answered long ago.
        WHEN i % 7 = 2 THEN CASE WHEN i < 20160 THEN 'awaiting_response' ELSE 'declined' END          -- sent to hospitals
        WHEN i % 7 = 3 THEN CASE WHEN h = 1 THEN 'responded' WHEN i < 20160 THEN 'awaiting_response' ELSE 'declined' END -- responded
        -- Ended cases whose other hospital never answered: withdrawn, never overdue.
        WHEN i % 7 IN (4, 6) AND h = 2 AND i % 4 = 0 THEN 'awaiting_response'
        ELSE (ARRAY['responded','declined'])[h] END)::"RoutingStatus",
      CASE WHEN i % 7 = 2 AND i < 20160 THEN NULL
        WHEN h = 2 AND (i % 7 = 3 AND i < 20160 OR i % 7 IN (4, 6) AND i % 4 = 0) THEN NULL
        ELSE now() - (i || ' minutes')::interval + interval '30 hours' END,
      'TR', 'explicit_consent'
    FROM generate_series(1, $1::int) AS i, generate_series(1, 2) AS h
    WHERE i % 7 BETWEEN 2 AND 6 AND i % 2 = 0`,
    [rows, hospitals],
  );
  // As autovacuum would have done by now: statistics, and the visibility map for index-only scans.
  await client.query(`VACUUM ANALYZE`);
}

/** The admin list's target: each query's p95 under 100 ms. */
const measure = (name: string, work: () => Promise<unknown>) => measureQuery(name, work, { runs, targetMs: 100, width: 34 });

async function main() {
  await withServer((client) => client.query(`CREATE DATABASE ${databaseName}`));
  const dataDir = mkdtempSync(path.join(tmpdir(), "afya-bench-"));
  try {
    Object.assign(process.env, {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      APP_URL: "http://localhost:3000",
      BETTER_AUTH_SECRET: "bench-secret-bench-secret-bench-secret-01",
      STORAGE_ENCRYPTION_KEY: Buffer.alloc(32, 3).toString("base64"),
    });
    const { prepareDatabase } = await import("@/lib/db/prepare");
    await prepareDatabase(() => {});
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const generatedAt = performance.now();
    await generate(client);
    console.log(`generated ${rows.toLocaleString("en")} submissions in ${((performance.now() - generatedAt) / 1000).toFixed(1)} s`);
    const middle = await client.query(`SELECT id, "createdAt" FROM "Submission" ORDER BY "createdAt" DESC, id DESC OFFSET $1 LIMIT 1`, [Math.floor(rows / 2)]);
    const middleUrgent = await client.query(
      `SELECT id, "createdAt" FROM "Submission" WHERE urgency = 'urgent' ORDER BY "createdAt" DESC, id DESC OFFSET $1 LIMIT 1`,
      [Math.floor(rows / 6)],
    );
    const tracking = (await client.query(`SELECT "trackingNumber" FROM "Submission" ORDER BY random() LIMIT 1`)).rows[0].trackingNumber as string;
    const account = (await client.query(`SELECT u.email FROM "user" u JOIN "Submission" s ON s."userId" = u.id ORDER BY random() LIMIT 1`)).rows[0]
      .email as string;
    const counts = (await client.query(`SELECT (SELECT count(*) FROM "user") AS users, (SELECT count(*) FROM "CaseRouting") AS routings`)).rows[0];
    await client.end();

    const { listAdminSubmissions } = await import("@/lib/admin/submissions");
    const { adminListQuery } = await import("@/lib/contracts/cases");
    const list = (query: Record<string, string>) => listAdminSubmissions(adminListQuery.parse(query));
    const cursorOf = (row: { createdAt: Date; id: string }) => Buffer.from(JSON.stringify([row.createdAt.toISOString(), row.id])).toString("base64url");
    const first = await list({});
    const prefix = tracking.slice(0, 15).toLowerCase(); // e.g. "sub-20261123-7k"
    console.log(`${counts.users} accounts, ${counts.routings} routings; ${first.counts?.overdue} overdue cases, ${first.counts?.urgent} urgent`);
    console.log(`${runs} runs each, page size 50, ${rows.toLocaleString("en")} rows, PostgreSQL`);
    const results = [
      await measure("first page (with the counts)", () => list({})),
      await measure("middle page (keyset cursor)", () => list({ cursor: cursorOf(middle.rows[0]) })),
      await measure("search by name", () => list({ q: "Adaeze Okafor 4" })),
      await measure("search by contact e-mail", () => list({ q: "guest777@example" })),
      await measure("search by account e-mail", () => list({ q: account })),
      await measure(`search by tracking prefix`, () => list({ q: prefix })),
      await measure("search by whole tracking number", () => list({ q: tracking })),
      await measure("tab urgent, first page", () => list({ tab: "urgent" })),
      await measure("tab urgent, middle page", () => list({ tab: "urgent", cursor: cursorOf(middleUrgent.rows[0]) })),
      await measure("overdue filter, first page", () => list({ overdue: "true" })),
      await measure("filter urgent + cardiology", () => list({ urgency: "urgent", specialty: "cardiology" })),
    ];
    console.log(results.every((p95) => p95 < 100) ? "target met: every p95 under 100 ms" : "target NOT met: some p95 at or over 100 ms");
    const { db } = await import("@/lib/db");
    await db().$disconnect();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    if (process.env.BENCH_KEEP_DATABASE === "1") console.log(`kept database ${databaseName}`);
    else await withServer((client) => client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`));
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
