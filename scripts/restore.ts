/** `npm run restore -- <archive.tar.gz>`: puts a backup of the embedded default back, with the server stopped. */
import "./project-env";
import { restoreEmbedded } from "../lib/db/backup";
import { getEnv } from "../lib/env";

const env = getEnv();
const archive = process.argv[2];
try {
  if (!archive) throw new Error("Usage: npm run restore -- <archive.tar.gz>");
  if (env.DATABASE_URL) throw new Error("DATABASE_URL is set: restore PostgreSQL with pg_restore (README: Backups).");
  const { files, keptAt } = restoreEmbedded(env.DATA_DIR, archive);
  console.log(`Restored ${files} files into ${env.DATA_DIR}.${keptAt ? ` What was there before is kept in ${keptAt}.` : ""}`);
  console.log("Start the server with the same STORAGE_ENCRYPTION_KEY as when the backup was made; `npm start` applies any newer migrations.");
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
