/**
 * bench/load: the production build on PostgreSQL under concurrent load. Sends N concurrent guest
 * submissions with files (default 200), then M concurrent reads of /api/my-submissions by signed-in
 * patients (default 2,000), prints throughput and latency percentiles, and afterwards checks that
 * every submission exists exactly once with all its files, re-reading each stored file through the
 * storage layer (decrypting it as the app does) and comparing its sha256 with what the client sent.
 * Exits 1 when any request gets an unexpected status (submissions 201, sign-ups 200, reads 200) or any
 * check fails.
 *
 *   npm run build && node bench/load.mjs [submissions=200] [reads=2000]
 *
 * BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres) must allow creating a
 * database: the bench makes its own and drops it afterwards. Each simulated client gets its own
 * X-Forwarded-For address, as behind the reverse proxy, so per-address rate limits apply per client.
 */
import { createHash, randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import pg from "pg";
import { multipartFields, startServer } from "./server.mjs";

// The app's storage layer (TypeScript, marked server-only) to read the stored files back as the app does.
await import("../scripts/server-only-hooks.mjs");
(await import("tsx/esm/api")).register();
const { createStore } = await import("../lib/storage/index.ts");

/** A number written in letters (0 → "a", 27 → "bb"): person names may not hold digits. */
const inLetters = (n) => (n >= 26 ? inLetters(Math.floor(n / 26) - 1) : "") + String.fromCharCode(97 + (n % 26));
const submissions = Number(process.argv[2] ?? 200);
const reads = Number(process.argv[3] ?? 2000);
const PATIENTS = 20;
const STORAGE_ENCRYPTION_KEY = randomBytes(32).toString("base64");
const serverUrl = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const databaseName = `afya_load_${process.pid}`;
const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${databaseName}` }).toString();

async function admin(sql) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const address = (i) => `198.18.${Math.floor(i / 250) % 250}.${i % 250}`;
const sha256 = (buffer) => createHash("sha256").update(buffer).digest("hex");

function percentiles(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  return `p50 ${at(50).toFixed(0)} ms, p95 ${at(95).toFixed(0)} ms, p99 ${at(99).toFixed(0)} ms, max ${sorted.at(-1).toFixed(0)} ms`;
}

/** Runs all tasks at once; returns each result with its duration, and the wall time. */
async function concurrently(tasks) {
  const started = performance.now();
  const results = await Promise.all(
    tasks.map(async (task) => {
      const begin = performance.now();
      try {
        return { ...(await task()), ms: performance.now() - begin };
      } catch (error) {
        return { status: 0, error: error.message, ms: performance.now() - begin };
      }
    }),
  );
  return { results, seconds: (performance.now() - started) / 1000 };
}

function report(label, { results, seconds }) {
  const statuses = {};
  for (const result of results) statuses[result.status] = (statuses[result.status] ?? 0) + 1;
  console.log(
    `${label}: ${results.length} in ${seconds.toFixed(1)} s = ${(results.length / seconds).toFixed(1)}/s; ${percentiles(results.map((r) => r.ms))}; statuses ${JSON.stringify(statuses)}`,
  );
}

function guestSubmission(url, i) {
  const files = [randomBytes(150_000), randomBytes(60_000)].map((bytes, n) => Buffer.concat([Buffer.from("%PDF-1.4\n"), bytes.subarray(n)]));
  const form = new FormData();
  const email = `load${i}@example.com`;
  for (const [name, value] of Object.entries(multipartFields(email, `Load Patient ${inLetters(i)}`))) form.append(name, value);
  files.forEach((bytes, n) => form.append("files", new Blob([bytes], { type: "application/pdf" }), `report-${i}-${n}.pdf`));
  return async () => {
    const response = await fetch(`${url}/api/medical-submissions`, { method: "POST", body: form, headers: { origin: url, "x-forwarded-for": address(i) } });
    const body = await response.json().catch(() => ({}));
    return { status: response.status, trackingNumber: body.trackingNumber, hashes: files.map(sha256) };
  };
}

async function signUpPatient(url, i) {
  const account = {
    name: `Reader ${inLetters(i)}`,
    username: `reader_${i}_${process.pid}`,
    email: `reader${i}.${process.pid}@example.com`,
    password: "correct horse battery",
  };
  const response = await fetch(`${url}/api/auth/sign-up/email`, {
    method: "POST",
    body: JSON.stringify(account),
    headers: { "content-type": "application/json", origin: url, "x-forwarded-for": address(10_000 + i) },
  });
  if (!response.ok) throw new Error(`sign-up ${response.status}: ${await response.text()}`);
  // Sign-up opens no session (ADR 14): sign in, as the sign-up form asks.
  const signIn = await fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    body: JSON.stringify({ email: account.email, password: account.password }),
    headers: { "content-type": "application/json", origin: url, "x-forwarded-for": address(10_000 + i) },
  });
  if (!signIn.ok) throw new Error(`sign-in ${signIn.status}: ${await signIn.text()}`);
  return signIn.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

await admin(`CREATE DATABASE ${databaseName}`);
const server = await startServer({ DATABASE_URL: databaseUrl, STORAGE_ENCRYPTION_KEY });
const failures = [];
/** Every result whose status is not `expected` is a failure of the run. */
function expectStatus(label, results, expected) {
  const wrong = results.filter((result) => result.status !== expected);
  if (wrong.length)
    failures.push(
      `${label}: ${wrong.length} of ${results.length} did not answer ${expected} (${[...new Set(wrong.map((r) => r.error ?? r.status))].slice(0, 5).join(", ")})`,
    );
}
try {
  console.log(`server ${server.url} on PostgreSQL (${databaseName}); ${submissions} submissions with 2 files each, ${reads} reads`);
  const warm = await guestSubmission(server.url, 999_999)();
  if (warm.status !== 201) throw new Error(`warm-up submission answered ${warm.status}`);

  const writes = await concurrently(Array.from({ length: submissions }, (_, i) => guestSubmission(server.url, i)));
  report("submissions", writes);
  expectStatus("submissions", writes.results, 201);

  const cookies = await Promise.all(Array.from({ length: PATIENTS }, (_, i) => signUpPatient(server.url, i))); // throws unless 200
  const readsRun = await concurrently(
    Array.from({ length: reads }, (_, i) => async () => {
      const response = await fetch(`${server.url}/api/my-submissions`, { headers: { cookie: cookies[i % PATIENTS], "x-forwarded-for": address(20_000 + i) } });
      await response.arrayBuffer();
      return { status: response.status };
    }),
  );
  report("reads of /api/my-submissions", readsRun);
  expectStatus("reads of /api/my-submissions", readsRun.results, 200);

  // Every accepted submission exists exactly once, with both its files; each stored file, read back
  // through the storage layer, has the sha256 of the bytes the client sent (not just the recorded hash).
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const accepted = writes.results.filter((result) => result.status === 201);
  const { rows } = await client.query(
    `SELECT s."trackingNumber", count(*) OVER (PARTITION BY s."trackingNumber") AS copies,
       array_agg(f."storageKey" ORDER BY f."originalName") AS keys, array_agg(f.sha256 ORDER BY f."originalName") AS recorded
     FROM "Submission" s JOIN "SubmissionFile" f ON f."submissionId" = s.id
     WHERE s."trackingNumber" = ANY($1) GROUP BY s.id`,
    [accepted.map((result) => result.trackingNumber)],
  );
  await client.end();
  const store = createStore({ DATA_DIR: server.dataDir, STORAGE_ENCRYPTION_KEY, APP_URL: server.url, SIGNED_URL_TTL_SECONDS: 300 });
  const storedHash = async (key) => {
    const hash = createHash("sha256");
    for await (const chunk of await store.get(key)) hash.update(chunk);
    return hash.digest("hex");
  };
  const byNumber = new Map(rows.map((row) => [row.trackingNumber, row]));
  const problems = [];
  let filesRead = 0;
  for (const result of accepted) {
    const row = byNumber.get(result.trackingNumber);
    if (!row) problems.push(`${result.trackingNumber}: missing`);
    else if (Number(row.copies) !== 1) problems.push(`${result.trackingNumber}: ${row.copies} copies`);
    else if (row.keys.length !== result.hashes.length) problems.push(`${result.trackingNumber}: ${row.keys.length} of ${result.hashes.length} files`);
    else {
      const actual = [];
      for (const key of row.keys) actual.push(key ? await storedHash(key).catch((error) => `unreadable: ${error.message}`) : "no stored bytes");
      filesRead += row.keys.length;
      if (JSON.stringify(actual) !== JSON.stringify(result.hashes))
        problems.push(`${result.trackingNumber}: stored bytes differ from what was sent (${actual.find((h, n) => h !== result.hashes[n])})`);
      else if (JSON.stringify(row.recorded) !== JSON.stringify(result.hashes))
        problems.push(`${result.trackingNumber}: recorded sha256 differs from what was sent`);
    }
  }
  console.log(
    `integrity: ${accepted.length} accepted, ${rows.length} found, ${filesRead} stored files re-read through the storage layer, ${problems.length} missing, duplicated or with different bytes${problems.length ? " — FAIL" : " — OK"}`,
  );
  for (const problem of problems.slice(0, 10)) console.log(`  ${problem}`);
  if (problems.length) failures.push(`integrity: ${problems.length} problem(s)`);
  for (const failure of failures) console.log(`FAIL ${failure}`);
  process.exitCode = failures.length ? 1 : 0;
} catch (error) {
  console.error(`FAIL ${error.message}`);
  process.exitCode = 1;
} finally {
  server.stop();
  rmSync(server.dataDir, { recursive: true, force: true });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await admin(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
}
