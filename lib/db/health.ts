import pg from "pg";

/**
 * Whether the database answers, asked by proxy.ts before a page that reads it is rendered: while
 * PostgreSQL is unreachable such a page is answered 503 (the "we'll be back shortly" page), since a
 * page whose render fails can only answer 500 (docs/decisions/023-outage-pages-answer-503.md).
 *
 * One connection of its own, apart from the app's pool. Requests that arrive while a probe is on its
 * way share it; an unreachable answer is kept for DOWN_RECHECK_MS, so an outage is not met with one
 * connection attempt per request. The embedded database (no DATABASE_URL) runs inside this process:
 * it cannot be unreachable. Loaded by proxy.ts, where "server-only" throws; it holds no secret (the
 * address is read from the environment when first asked).
 */
const PROBE_TIMEOUT_MS = 2_000;
const DOWN_RECHECK_MS = 2_000;

let pool: pg.Pool | undefined;
let probing: Promise<boolean> | undefined;
let downUntil = 0;

export async function databaseReachable(): Promise<boolean> {
  const url = process.env.DATABASE_URL;
  if (!url) return true;
  if (Date.now() < downUntil) return false;
  probing ??= probe(url).then((reachable) => {
    probing = undefined;
    if (!reachable) downUntil = Date.now() + DOWN_RECHECK_MS;
    return reachable;
  });
  return probing;
}

async function probe(url: string): Promise<boolean> {
  // A connection that died in an outage fails once; the second attempt opens a fresh one.
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await probePool(url).query("SELECT 1");
      return true;
    } catch {
      // Unreachable, or a dead connection: try once more.
    }
  }
  return false;
}

function probePool(url: string): pg.Pool {
  if (!pool) {
    pool = new pg.Pool({
      connectionString: url,
      max: 1,
      connectionTimeoutMillis: PROBE_TIMEOUT_MS,
      query_timeout: PROBE_TIMEOUT_MS,
      idleTimeoutMillis: 60_000,
      allowExitOnIdle: true,
    });
    // An idle connection cut by the outage emits an error; the next probe finds out by itself.
    pool.on("error", () => {});
  }
  return pool;
}
