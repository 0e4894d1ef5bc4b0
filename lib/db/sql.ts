import "server-only";
import path from "node:path";
import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";

/**
 * A raw SQL connection to whichever database is configured: PostgreSQL when a URL is given,
 * otherwise the embedded PGlite under DATA_DIR/pglite. Used by the migration runner and tests;
 * the app itself goes through Prisma (lib/db/index.ts).
 */
export interface SqlConnection {
  kind: "postgres" | "pglite";
  exec(sql: string): Promise<void>;
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
  close(): Promise<void>;
}

export function pgliteDirectory(dataDir: string): string {
  return path.join(dataDir, "pglite");
}

/** The embedded database with the extensions the migrations use (pg_trgm for the admin search); in memory when dataDir is null. */
export function newPglite(dataDir: string | null): PGlite {
  const options = { extensions: { pg_trgm } };
  if (dataDir === null) return new PGlite(options);
  const dir = pgliteDirectory(dataDir);
  mkdirSync(dir, { recursive: true });
  return new PGlite(dir, options);
}

export async function openPglite(dataDir: string | null): Promise<PGlite> {
  const db = newPglite(dataDir);
  await db.waitReady;
  return db;
}

export function wrapPglite(db: PGlite, ownsConnection = true): SqlConnection {
  return {
    kind: "pglite",
    exec: async (sql) => {
      await db.exec(sql);
    },
    query: async (sql, params) => (await db.query(sql, params)).rows as never,
    close: async () => {
      if (ownsConnection) await db.close();
    },
  };
}

export async function openPostgres(url: string): Promise<SqlConnection> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    kind: "postgres",
    exec: async (sql) => {
      await client.query(sql);
    },
    query: async (sql, params) => (await client.query(sql, params)).rows,
    close: () => client.end(),
  };
}
