/** `npm run db:deploy`: apply migrations and load reference data on the configured database. */
import "./project-env";
import { prepareDatabase } from "../lib/db/prepare";

prepareDatabase().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
