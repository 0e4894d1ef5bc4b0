import "server-only";
import { getEnv } from "@/lib/env";
import { createPrismaClient, type Db } from "./client";
import { newPglite } from "./sql";

export type { Db };

// One client per process, kept across hot reloads in development. PGlite allows one process per
// data directory: migrations run before the server opens it (scripts/prepare.ts), never beside it.
const globalForDb = globalThis as unknown as { afyaDb?: Db };

/** The app's database client; created on first use, so `next build` never opens the database. */
export function db(): Db {
  if (!globalForDb.afyaDb) {
    const env = getEnv();
    globalForDb.afyaDb = env.DATABASE_URL
      ? createPrismaClient({ url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE })
      : createPrismaClient({ pglite: newPglite(env.DATA_DIR) });
  }
  return globalForDb.afyaDb;
}
