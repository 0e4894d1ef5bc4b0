import "server-only";
import { getEnv } from "@/lib/env";
import { createPrismaClient } from "./client";
import { applyMigrations } from "./migrations";
import { openPglite, openPostgres, wrapPglite } from "./sql";
import { seedReferenceData } from "./seed";

/**
 * Brings the configured database up to date: applies pending migrations, then loads reference
 * data. Runs in its own process before the server starts (PGlite allows one process at a time).
 */
export async function prepareDatabase(log: (line: string) => void = console.log): Promise<void> {
  const env = getEnv();
  if (env.DATABASE_URL) {
    const sql = await openPostgres(env.DATABASE_URL);
    try {
      report(await applyMigrations(sql), log);
    } finally {
      await sql.close();
    }
    const prisma = createPrismaClient({ url: env.DATABASE_URL });
    try {
      await seedReferenceData(prisma);
    } finally {
      await prisma.$disconnect();
    }
    return;
  }
  const pglite = await openPglite(env.DATA_DIR);
  try {
    report(await applyMigrations(wrapPglite(pglite, false)), log);
    const prisma = createPrismaClient({ pglite });
    await seedReferenceData(prisma);
    await prisma.$disconnect();
  } finally {
    await pglite.close();
  }
}

function report(applied: string[], log: (line: string) => void) {
  log(applied.length ? `[db] applied ${applied.length} migration(s): ${applied.join(", ")}` : "[db] schema up to date");
}
