import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import type { PGlite } from "@electric-sql/pglite";
import { PrismaClient } from "./generated/client";

export type Db = PrismaClient;
export { PrismaClient };

/** PostgreSQL when a URL is given (production, several instances), otherwise an open PGlite. */
export function createPrismaClient(target: { url: string; poolSize?: number } | { pglite: PGlite }): PrismaClient {
  const adapter = "url" in target ? new PrismaPg({ connectionString: target.url, max: target.poolSize ?? 10 }) : new PrismaPGlite(target.pglite);
  return new PrismaClient({ adapter });
}
