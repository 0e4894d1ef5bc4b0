import { defineConfig } from "prisma/config";

// DATABASE_URL is read through process.env: Prisma's env() throws when it is unset, and the
// embedded default (PGlite) has no URL at all.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost/unused" },
});
