import { randomBytes } from "node:crypto";
import pg from "pg";
import { openPglite, openPostgres, wrapPglite, type SqlConnection } from "@/lib/db/sql";
import { createPrismaClient, type Db } from "@/lib/db/client";

/**
 * The databases every data-layer test runs on: an in-memory PGlite always, and a fresh database on
 * the PostgreSQL server named by TEST_DATABASE_URL when it is set (created here, dropped afterwards).
 */
export interface TestDatabase {
  name: string;
  /** A connection URL (PostgreSQL) or null (PGlite, reached through `sql` only). */
  url: string | null;
  open(): Promise<SqlConnection>;
  prisma(): Db;
  drop(): Promise<void>;
}

export function testDatabaseKinds(): string[] {
  return process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
}

export async function createTestDatabase(kind: string): Promise<TestDatabase> {
  if (kind === "pglite") {
    const pglite = await openPglite(null);
    return {
      name: "pglite",
      url: null,
      open: async () => wrapPglite(pglite, false),
      prisma: () => createPrismaClient({ pglite }),
      drop: () => pglite.close(),
    };
  }
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const name = `afya_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name: "postgres",
    url: url.toString(),
    open: () => openPostgres(url.toString()),
    prisma: () => createPrismaClient({ url: url.toString() }),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}
