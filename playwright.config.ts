import { defineConfig, devices } from "@playwright/test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { serverSecrets } from "./tests/build/sentinels.mjs";
import { chromiumLaunchOptions } from "./tests/e2e/chromium";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${PORT}`;
// A fresh embedded database and file store for every run, outside the project. Kept in the
// environment so that the test workers (which load this file again) see the same directory.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "afya-e2e-"));
const dataDir = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: "tests/e2e",
  // One folder per port, so that runs side by side do not remove each other's traces.
  outputDir: `test-results/${PORT}`,
  forbidOnly: !!process.env.CI,
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL,
    // State-changing API calls must name this site as their Origin (lib/api/origin.ts); browsers send it
    // by themselves, and test API requests (page.request) do it through this header.
    extraHTTPHeaders: { Origin: baseURL },
    // A trace records every action's snapshot and screenshot: about a fifth of the suite's CPU time on two
    // cores (docs/decisions/031-ci-time-on-two-busy-cores.md). CI retries a failed test once, with a trace.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    launchOptions: chromiumLaunchOptions,
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    // The production build (npm test builds it first), on its own port and data directory.
    command: `npm run db:deploy && npx next start -p ${PORT}`,
    url: `${baseURL}/api/auth/me`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      APP_URL: baseURL,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      // BETTER_AUTH_SECRET, STORAGE_ENCRYPTION_KEY, ADMIN_SETUP_KEY (as tests/e2e/support.ts uses it) and S3
      // keys: tests/e2e/rendered-secrets.spec.ts checks that none of them reaches a served page.
      ...serverSecrets,
    },
  },
});
