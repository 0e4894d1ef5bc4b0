/**
 * `npm run admin:grant -- user@example.com`: makes an existing account an admin (for deployers).
 * The account must have been created through sign-up first. On the embedded database it refuses while
 * the server runs (one process at a time: the server would not see the change); /admin-setup with
 * ADMIN_SETUP_KEY makes an admin without stopping it.
 */
import "./project-env";
import { z } from "zod";
import { getEnv } from "../lib/env";
import { createPrismaClient } from "../lib/db/client";
import { refuseWhileServerRuns } from "../lib/db/embedded-lock";
import { newPglite } from "../lib/db/sql";
import { grantAdmin } from "../lib/users/grant-admin";
import { systemActor } from "../lib/audit";

async function main() {
  const email = z.email().safeParse(process.argv[2]);
  if (!email.success) {
    console.error("Usage: npm run admin:grant -- user@example.com");
    process.exit(2);
  }
  const env = getEnv();
  if (!env.DATABASE_URL) refuseWhileServerRuns(env.DATA_DIR, " While it runs, /admin-setup with ADMIN_SETUP_KEY makes an admin (README: Admin access).");
  const pglite = env.DATABASE_URL ? null : newPglite(env.DATA_DIR);
  const db = pglite ? createPrismaClient({ pglite }) : createPrismaClient({ url: env.DATABASE_URL! });
  try {
    const granted = await grantAdmin(db, email.data, { ...systemActor, role: "cli" }, "cli");
    if (!granted) {
      console.error(`No account uses ${email.data}. Create it with the sign-up page first.`);
      process.exitCode = 1;
    } else console.log(`${email.data} is now an admin. At their next visit they set up two-factor authentication before the dashboard opens.`);
  } finally {
    await db.$disconnect();
    await pglite?.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
