import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** Runs one of the project's scripts the way `npm run` does, in a fresh data directory. */
function script(file: string, args: string[], env: Record<string, string | undefined>) {
  const result = spawnSync("node", ["--import", "./scripts/server-only-hooks.mjs", "--import", "tsx", file, ...args], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env } as unknown as NodeJS.ProcessEnv,
    encoding: "utf8",
  });
  return { status: result.status, output: result.stdout + result.stderr };
}

describe("configuration and command-line tools", () => {
  test("missing production secrets stop start-up with a message naming each variable", () => {
    const { status, output } = script("scripts/prepare.ts", [], { NODE_ENV: "production", DATA_DIR: mkdtempSync(path.join(tmpdir(), "afya-cfg-")) });
    assert.equal(status, 1);
    assert.match(output, /BETTER_AUTH_SECRET is required in production/);
    assert.match(output, /STORAGE_ENCRYPTION_KEY is required in production/);
  });

  test("npm start refuses a loopback address as the hostname (Next.js would redirect every page to itself) and names the fix", () => {
    for (const args of [["-H", "127.0.0.1"], ["--hostname", "::1"], ["--hostname=[::1]"], ["-p", "3999", "-H", "127.0.0.2"]]) {
      const result = spawnSync("node", ["scripts/start.mjs", ...args], { encoding: "utf8" });
      assert.equal(result.status, 1, args.join(" "));
      assert.match(result.stderr, /Use -H localhost instead/);
    }
  });

  test("an invalid value is named with what is wrong", () => {
    const { status, output } = script("scripts/prepare.ts", [], {
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "afya-cfg-")),
      DATABASE_URL: "mysql://nope",
      STORAGE_ENCRYPTION_KEY: "too-short",
    });
    assert.equal(status, 1);
    assert.match(output, /DATABASE_URL must be a postgresql:\/\/ URL/);
    assert.match(output, /STORAGE_ENCRYPTION_KEY must be 32 bytes encoded in base64/);
  });

  test("admin:grant promotes an existing account, and refuses an unknown one", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "afya-cli-"));
    const env = { DATA_DIR: dataDir };
    assert.equal(script("scripts/prepare.ts", [], env).status, 0);

    const { createPrismaClient } = await import("@/lib/db/client");
    const { newPglite } = await import("@/lib/db/sql");
    const withDb = async <T>(fn: (db: ReturnType<typeof createPrismaClient>) => Promise<T>) => {
      const pglite = newPglite(dataDir);
      const db = createPrismaClient({ pglite });
      try {
        return await fn(db);
      } finally {
        await db.$disconnect();
        await pglite.close();
      }
    };
    await withDb((db) => db.user.create({ data: { id: "u1", name: "Ngozi Eze", email: "ngozi@example.com", username: "ngozi" } }));

    const unknown = script("scripts/admin-grant.ts", ["nobody@example.com"], env);
    assert.equal(unknown.status, 1);
    assert.match(unknown.output, /No account uses nobody@example.com/);

    const bad = script("scripts/admin-grant.ts", ["not-an-email"], env);
    assert.equal(bad.status, 2);

    const ok = script("scripts/admin-grant.ts", ["ngozi@example.com"], env);
    assert.equal(ok.status, 0, ok.output);
    assert.match(ok.output, /ngozi@example.com is now an admin\. At their next visit they set up two-factor authentication/);
    const [role, audits] = await withDb(async (db) => [
      (await db.user.findUniqueOrThrow({ where: { id: "u1" } })).role,
      await db.auditEvent.findMany({ where: { action: "user.grant_admin", entityId: "u1" } }),
    ]);
    assert.equal(role, "admin");
    assert.equal(audits.length, 1);
  });
});
