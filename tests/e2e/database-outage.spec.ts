import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Browser } from "@playwright/test";
import pg from "pg";
import { CuttableProxy } from "../support/cuttable-proxy";
import { signUpThroughApi } from "./support";

/**
 * Pages in a database outage (issues 7 and 20): a page that reads the database answers 503 with
 * Retry-After and the localized "temporarily unavailable" page with a retry button, and nothing of the
 * failure in its body; once the database is back, the page comes back by itself, or at a retry. This needs PostgreSQL behind a proxy
 * that can be cut, so the spec starts its own server (the same production build) next to the suite's.
 * The API side of the same outage: tests/integration/db-unavailable.test.ts.
 */
test.describe("pages while the database is unreachable", () => {
  test.skip(!process.env.TEST_DATABASE_URL, "TEST_DATABASE_URL is not set (needs a PostgreSQL server to cut the connection to)");

  const port = Number(process.env.E2E_PORT ?? 3100) + 1;
  const baseURL = `http://localhost:${port}`;
  const databaseName = `afya_e2e_outage_${randomBytes(4).toString("hex")}`;
  let proxy: CuttableProxy;
  let server: ChildProcess | undefined;
  let serverOutput = "";

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    const databaseUrl = new URL(process.env.TEST_DATABASE_URL!);
    await withAdmin((admin) => admin.query(`CREATE DATABASE "${databaseName}"`));
    databaseUrl.pathname = `/${databaseName}`;
    const cuttable = await CuttableProxy.in(databaseUrl.toString());
    proxy = cuttable.proxy;
    const env = {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      APP_URL: baseURL,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "afya-e2e-outage-")),
      DATABASE_URL: cuttable.url,
      BETTER_AUTH_SECRET: "e2e-outage-secret-e2e-outage-secret-0123",
      STORAGE_ENCRYPTION_KEY: Buffer.alloc(32, 5).toString("base64"),
      TRANSCRIPTION_WORKER: "off",
    } as NodeJS.ProcessEnv;
    await run("npm", ["run", "--silent", "db:deploy"], env);
    // Its own process group, so that stopping it also stops what npx starts.
    server = spawn("npx", ["next", "start", "-p", String(port)], { env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    for (const stream of [server.stdout, server.stderr]) stream?.on("data", (chunk: Buffer) => (serverOutput += chunk.toString()));
    await waitForServer();
  });

  test.afterAll(async () => {
    if (server?.pid) process.kill(-server.pid, "SIGTERM");
    await proxy?.cut();
    await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`));
  });

  test("a signed-in page: 503, friendly and localized while the database is gone, back by itself", async ({ browser }) => {
    const page = await signedInPage(browser);
    await expect(page.getByRole("heading", { level: 1, name: "My account and data" })).toBeVisible();

    await proxy.cut();
    const response = await page.goto("/account");
    expect(response!.status()).toBe(503);
    expect(response!.headers()["retry-after"]).toBe("10");
    const body = await response!.text();
    // Nothing of the failure reaches the browser: no message, stack, driver or address of the database.
    for (const leak of [
      /\n\s+at /,
      /prisma/i,
      /P1001/,
      /reach database/i,
      /Failed to get session/,
      /ECONNREFUSED/,
      /127\.0\.0\.1/,
      new RegExp(`:${proxy.port}\\b`),
    ])
      expect(body).not.toMatch(leak);
    await expect(page.getByRole("heading", { level: 1, name: "Temporarily unavailable" })).toBeVisible();
    await expect(page.getByText("This page cannot be shown right now. Please try again in a minute.")).toBeVisible();
    await expect(page.getByText("This page will try again by itself in a few seconds.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/");

    await page.goto("/fr/account");
    await expect(page.getByRole("heading", { level: 1, name: "Temporairement indisponible" })).toBeVisible();
    await page.getByRole("button", { name: "Réessayer" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Temporairement indisponible" })).toBeVisible();

    const reloaded = page.waitForEvent("load");
    await proxy.open();
    // Nobody touches the page: it loads itself again after Retry-After (10 s) and shows the account.
    await expect(page.getByRole("heading", { level: 1, name: "Mon compte et mes données" })).toBeVisible({ timeout: 30_000 });
    await reloaded;
    await page.context().close();
  });

  test("the outage page in English, Arabic (right to left), Yoruba and Pidgin, at phone width", async ({ browser }) => {
    const page = await signedInPage(browser);
    await page.setViewportSize({ width: 390, height: 844 });
    await proxy.cut();
    for (const locale of ["en", "ar", "yo", "pcm"]) {
      const { unavailable } = JSON.parse(readFileSync(`messages/${locale}.json`, "utf8")) as { unavailable: Record<string, string> };
      const response = await page.goto(locale === "en" ? "/journey" : `/${locale}/journey`);
      expect(response!.status(), locale).toBe(503);
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await expect(page.locator("html")).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
      await expect(page).toHaveTitle(new RegExp(unavailable.title));
      await expect(page.getByRole("heading", { level: 1, name: unavailable.title })).toBeVisible();
      for (const text of [unavailable.description, unavailable.autoRetry]) await expect(page.getByText(text)).toBeVisible();
      await expect(page.getByRole("button", { name: unavailable.retry })).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`outage-${locale}.png`) });
    }
    // Asked for by its own address, the outage page does not exist.
    await proxy.open();
    await expect(async () => expect((await page.request.get("/yo/unavailable")).status()).toBe(404)).toPass({ timeout: 10_000 });
    await page.context().close();
  });

  test("the journey (data loaded in the browser) asks to try again instead of sending the patient to sign in", async ({ browser }) => {
    const page = await signedInPage(browser);
    await proxy.cut();
    await page.goto("/journey");
    await expect(page.getByRole("heading", { level: 1, name: "Temporarily unavailable" })).toBeVisible();
    await expect(page).toHaveURL(/\/journey$/);

    await proxy.open();
    // Pressed until the page is back (the page may also have come back by itself meanwhile).
    await expect(async () => {
      const retry = page.getByRole("button", { name: "Try again" });
      if (await retry.isVisible()) await retry.click({ timeout: 1000 });
      await expect(page.getByRole("heading", { level: 1, name: /^Welcome, / })).toBeVisible({ timeout: 5000 });
    }).toPass({ timeout: 30_000 });
    await page.context().close();
  });

  async function signedInPage(browser: Browser) {
    const context = await browser.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
    await signUpThroughApi(context.request, "Outage");
    const page = await context.newPage();
    const response = await page.goto("/account");
    expect(response!.status()).toBe(200);
    return page;
  }

  async function waitForServer() {
    for (const started = Date.now(); Date.now() - started < 90_000; await new Promise((resolve) => setTimeout(resolve, 500))) {
      if (server?.exitCode !== null) break;
      if (
        await fetch(`${baseURL}/api/auth/me`).then(
          (response) => response.ok,
          () => false,
        )
      )
        return;
    }
    throw new Error(`The server on port ${port} did not start:\n${serverOutput}`);
  }
});

async function withAdmin(action: (client: pg.Client) => Promise<unknown>) {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await action(admin);
  } finally {
    await admin.end();
  }
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: "inherit" });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited with ${code}`))));
  });
}
