/**
 * `npm run backup -- [archive.tar.gz]`: the embedded database and stored files, with the server stopped.
 * On PostgreSQL and S3, use their own backups (README: Backups).
 */
import "./project-env";
import { backupEmbedded } from "../lib/db/backup";
import { getEnv } from "../lib/env";

const env = getEnv();
const archive = process.argv[2] ?? `afyabridge-backup-${new Date().toISOString().replace(/[:.]/g, "-")}.tar.gz`;
try {
  if (env.DATABASE_URL) throw new Error("DATABASE_URL is set: back up PostgreSQL with pg_dump (README: Backups).");
  const { files } = backupEmbedded(env.DATA_DIR, archive);
  console.log(`Backup written to ${archive} (${files} files). Keep STORAGE_ENCRYPTION_KEY safe separately: the files are encrypted with it.`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
