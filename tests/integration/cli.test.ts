import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { LOCK_FILE } from "@/lib/db/embedded-lock";

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

  test("npm start without the production secrets stops before the server starts, and generates none", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "afya-cfg-"));
    // npm start regenerates the database client (lib/db/generated) first: in a copy of the checkout, so
    // that the integration files running beside this one never import it half written.
    const checkout = mkdtempSync(path.join(tmpdir(), "afya-checkout-"));
    const leftOut = new Set(["node_modules", ".next", ".git", "test-results", "public"].map((entry) => path.resolve(entry)));
    cpSync(process.cwd(), checkout, { recursive: true, filter: (source) => !leftOut.has(path.resolve(source)) });
    symlinkSync(path.resolve("node_modules"), path.join(checkout, "node_modules"));
    const result = spawnSync("npm", ["start", "--silent", "--", "-p", "3999"], {
      cwd: checkout,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir } as unknown as NodeJS.ProcessEnv,
      encoding: "utf8",
      timeout: 120_000,
    });
    rmSync(checkout, { recursive: true, force: true });
    assert.equal(result.status, 1, result.stdout + result.stderr);
    assert.match(result.stderr, /BETTER_AUTH_SECRET is required in production/);
    assert.doesNotMatch(result.stdout + result.stderr, /Ready|Starting/);
    assert.deepEqual(readdirSync(dataDir), []);
  });

  test("a server started without its production secrets exits instead of answering every request with a 500", () => {
    // Next.js catches what register() throws, logs it and goes on listening: the rejection handler stands for that.
    const start =
      'import("./instrumentation.ts").then((m) => m.register()).then(() => console.log("listening"), () => console.log("listening after the error"))';
    const result = spawnSync("node", ["--import", "./scripts/server-only-hooks.mjs", "--import", "tsx", "-e", start], {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: "production",
        NEXT_RUNTIME: "nodejs",
        DATA_DIR: mkdtempSync(path.join(tmpdir(), "afya-cfg-")),
      } as unknown as NodeJS.ProcessEnv,
      encoding: "utf8",
    });
    assert.equal(result.status, 1, result.stdout);
    assert.match(result.stderr, /BETTER_AUTH_SECRET is required in production/);
    assert.doesNotMatch(result.stdout, /listening/);
  });

  test("the command-line tools read the deployment's .env files as the server does; the environment wins", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "afya-envfiles-"));
    writeFileSync(path.join(dir, ".env.production"), "DATABASE_URL=postgresql://db.internal/afya\nAPP_URL=https://from-file.example\n");
    writeFileSync(path.join(dir, ".env.development"), "DATABASE_URL=postgresql://dev-only/afya\n");
    const read = `import("./scripts/project-env.ts").then((m) => { m.loadProjectEnv(${JSON.stringify(dir)}); console.log(process.env.DATABASE_URL, process.env.APP_URL); })`;
    const result = spawnSync("node", ["--import", "./scripts/server-only-hooks.mjs", "--import", "tsx", "-e", read], {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: "production",
        APP_URL: "https://from-environment.example",
      } as unknown as NodeJS.ProcessEnv,
      encoding: "utf8",
    });
    assert.equal(result.status, 0, result.stderr);
    assert.equal(result.stdout.trim().split("\n").pop(), "postgresql://db.internal/afya https://from-environment.example");
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

    // Beside a running server (this test's process stands for it), nothing is changed.
    writeFileSync(path.join(dataDir, LOCK_FILE), String(process.pid));
    const beside = script("scripts/admin-grant.ts", ["ngozi@example.com"], env);
    rmSync(path.join(dataDir, LOCK_FILE));
    assert.equal(beside.status, 1);
    assert.match(
      beside.output,
      new RegExp(`The server \\(process ${process.pid}\\) has the database .* open\\. Stop it first.*/admin-setup with ADMIN_SETUP_KEY`),
    );
    assert.equal(await withDb(async (db) => (await db.user.findUniqueOrThrow({ where: { id: "u1" } })).role), "patient");

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
