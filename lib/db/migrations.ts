import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { readdirSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";
import type { SqlConnection } from "./sql";

/**
 * Applies prisma/migrations/<name>/migration.sql in name order and records each one in Prisma's own
 * `_prisma_migrations` table (same columns, same sha256 checksum), so `prisma migrate deploy`
 * elsewhere agrees about what has been applied. Needs no Prisma engine.
 */
export const MIGRATIONS_DIR = path.join(process.cwd(), "prisma", "migrations");

// Held while migrating so several app instances starting at once on one PostgreSQL never race.
const ADVISORY_LOCK_ID = 7_240_301;

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(dir, entry.name, "migration.sql")))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

export class MigrationError extends Error {
  override name = "MigrationError";
}

/** Returns the names of the migrations it applied. */
export async function applyMigrations(db: SqlConnection, migrations = readMigrations()): Promise<string[]> {
  if (db.kind === "postgres") await db.query("SELECT pg_advisory_lock($1)", [ADVISORY_LOCK_ID]);
  try {
    await db.exec(CREATE_TABLE);
    const rows = await db.query<{ migration_name: string; checksum: string; finished_at: Date | null }>(
      `SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL`,
    );
    const applied = new Map(rows.map((row) => [row.migration_name, row]));
    const done: string[] = [];
    for (const migration of migrations) {
      const previous = applied.get(migration.name);
      if (previous?.finished_at) {
        if (previous.checksum !== migration.checksum)
          throw new MigrationError(`Migration ${migration.name} was changed after it was applied. Create a new migration instead.`);
        continue;
      }
      if (previous) throw new MigrationError(`Migration ${migration.name} failed earlier and needs manual attention (see _prisma_migrations.logs).`);
      await applyOne(db, migration);
      done.push(migration.name);
    }
    return done;
  } finally {
    if (db.kind === "postgres") await db.query("SELECT pg_advisory_unlock($1)", [ADVISORY_LOCK_ID]);
  }
}

async function applyOne(db: SqlConnection, migration: Migration): Promise<void> {
  const id = randomUUID();
  await db.exec("BEGIN");
  try {
    await db.exec(migration.sql);
    await db.query(
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
       VALUES ($1, $2, $3, now(), now(), 1)`,
      [id, migration.checksum, migration.name],
    );
    await db.exec("COMMIT");
  } catch (error) {
    await db.exec("ROLLBACK");
    throw new MigrationError(`Migration ${migration.name} failed: ${(error as Error).message}`);
  }
}
