import "server-only";
import type { PGlite } from "@electric-sql/pglite";
import { getEnv } from "@/lib/env";
import { createPrismaClient, type Db } from "./client";
import { recordEmbeddedDatabaseHolder } from "./embedded-lock";
import { newPglite } from "./sql";

export type { Db };

// One client per process, kept across hot reloads in development. PGlite allows one process per
// data directory: migrations run before the server opens it (scripts/prepare.ts), never beside it.
const globalForDb = globalThis as unknown as { afyaDb?: Db; afyaPglite?: PGlite };

/** The app's database client; created on first use, so `next build` never opens the database. */
export function db(): Db {
  if (!globalForDb.afyaDb) {
    const env = getEnv();
    if (env.DATABASE_URL) {
      globalForDb.afyaDb = createPrismaClient({ url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE });
    } else {
      globalForDb.afyaPglite = newPglite(env.DATA_DIR);
      recordEmbeddedDatabaseHolder(env.DATA_DIR);
      globalForDb.afyaDb = createPrismaClient({ pglite: globalForDb.afyaPglite });
    }
  }
  return globalForDb.afyaDb;
}

/**
 * The embedded database under the app's client, or null on PostgreSQL. The job queue (pg-boss) runs
 * its own SQL on this same instance: only one process may open a PGlite data directory.
 */
export function embeddedPglite(): PGlite | null {
  db();
  return globalForDb.afyaPglite ?? null;
}
