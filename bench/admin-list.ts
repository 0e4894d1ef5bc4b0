/**
 * bench/admin-list: the admin dashboard's list (GET /api/admin/all-submissions, through the same
 * query function) over 100,000 generated submissions on PostgreSQL. Prints the median and 95th
 * percentile of the first page, a middle page (keyset cursor) and searches. Target: p95 < 100 ms.
 *
 *   node --import ./scripts/server-only-hooks.mjs --import tsx bench/admin-list.ts [rows=100000] [runs=40]
 *
 * BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres) must allow creating a
 * database: the bench makes its own and drops it afterwards.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

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

/** 100,000 cases spread over two years: a third with a file, every one with its first status change, a tenth routed. */
async function generate(client: pg.Client) {
  await client.query(`
    INSERT INTO "Submission" (id, "trackingNumber", source, "patientName", email, "homeCountry", specialty, urgency, status,
      "preferredCountries", consent, "consentFullName", "consentEmail", "consentDate", "createdAt", "updatedAt")
    SELECT gen_random_uuid()::text,
      'SUB-' || to_char(now() - (i || ' minutes')::interval, 'YYYYMMDD') || '-' || upper(substr(md5(i::text), 1, 10)),
      (CASE WHEN i % 3 = 0 THEN 'authenticated' ELSE 'guest' END)::"SubmissionSource",
      (ARRAY['Adaeze','Chinedu','Ngozi','Tunde','Amina','Emeka','Funmi','Ibrahim'])[1 + i % 8] || ' ' ||
        (ARRAY['Okafor','Adeyemi','Bello','Eze','Nwosu','Balogun','Musa','Obi'])[1 + (i / 8) % 8] || ' ' || i,
      'patient' || i || '@example.com', 'Nigeria',
      (ARRAY['cardiology','oncology','orthopedics','neurology','ivf','ophthalmology'])[1 + i % 6],
      (ARRAY['urgent','standard','flexible'])[1 + i % 3]::"Urgency",
      (ARRAY['submitted','under_review','sent_to_hospitals','responded','plan_accepted','closed','cancelled'])[1 + i % 7]::"SubmissionStatus",
      ARRAY['Turkey'], true, 'Patient ' || i, 'patient' || i || '@example.com', current_date,
      now() - (i || ' minutes')::interval, now()
    FROM generate_series(1, $1::int) AS i`, [rows]);
  await client.query(`
    INSERT INTO "SubmissionFile" (id, "submissionId", "originalName", size, "mimeType", sha256, "storageKey", "createdAt")
    SELECT gen_random_uuid()::text, id, 'report.pdf', 120000, 'application/pdf', md5(id), 'bench/' || id, "createdAt"
    FROM "Submission" WHERE abs(hashtext(id)) % 3 = 0`);
  await client.query(`UPDATE "Submission" s SET "hasFiles" = true WHERE EXISTS (SELECT 1 FROM "SubmissionFile" f WHERE f."submissionId" = s.id)`);
  await client.query(`
    INSERT INTO "StatusChange" (id, "submissionId", "toStatus", note, "createdAt")
    SELECT gen_random_uuid()::text, id, 'submitted', 'Submission received', "createdAt" FROM "Submission"`);
  await client.query(`
    INSERT INTO "CaseRouting" (id, "submissionId", "hospitalId", "routedAt", "dueAt", "destinationCountry", "transferBasis")
    SELECT gen_random_uuid()::text, id, 'medipol-mega', "createdAt", "createdAt" + interval '72 hours', 'TR', 'explicit_consent'
    FROM "Submission" WHERE abs(hashtext(id)) % 10 = 0`);
  await client.query(`ANALYZE`);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function measure(name: string, work: () => Promise<unknown>) {
  await work(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const p95 = percentile(times, 95);
  console.log(`${name.padEnd(34)} median ${percentile(times, 50).toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms   ${p95 < 100 ? "PASS" : "FAIL"}`);
  return p95;
}

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
    const tracking = await client.query(`SELECT "trackingNumber" FROM "Submission" ORDER BY random() LIMIT 1`);
    await client.end();

    const { listAdminSubmissions, adminListQuery } = await import("@/lib/admin/submissions");
    const list = (query: Record<string, string>) => listAdminSubmissions(adminListQuery.parse(query));
    const middleCursor = Buffer.from(JSON.stringify([middle.rows[0].createdAt.toISOString(), middle.rows[0].id])).toString("base64url");
    console.log(`${runs} runs each, page size 50, ${rows.toLocaleString("en")} rows, PostgreSQL`);
    const results = [
      await measure("first page", () => list({})),
      await measure("middle page (keyset cursor)", () => list({ cursor: middleCursor })),
      await measure("search by name", () => list({ q: "Adaeze Okafor 4" })),
      await measure("search by e-mail", () => list({ q: "patient777@example" })),
      await measure("search by tracking number", () => list({ q: tracking.rows[0].trackingNumber })),
      await measure("filter urgent + cardiology", () => list({ urgency: "urgent", specialty: "cardiology" })),
    ];
    console.log(results.every((p95) => p95 < 100) ? "target met: every p95 under 100 ms" : "target NOT met: some p95 at or over 100 ms");
    const { db } = await import("@/lib/db");
    await db().$disconnect();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await withServer((client) => client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`));
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
