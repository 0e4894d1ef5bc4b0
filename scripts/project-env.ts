/**
 * The command-line tools read the deployment's configuration files as `next start` and `next dev` do
 * (`.env.production.local`, `.env.local`, `.env.production`, `.env`; the `.development` ones outside
 * production), through Next.js's own loader, so that `npm run db:deploy` prepares the database the
 * server will use. Variables already set in the environment win. Import this first.
 */
import path from "node:path";
import nextEnv from "@next/env";

export function loadProjectEnv(dir: string): void {
  nextEnv.loadEnvConfig(dir, process.env.NODE_ENV !== "production", { info: () => {}, error: console.error }, true);
}

loadProjectEnv(path.resolve(import.meta.dirname, ".."));
