/**
 * `npm test`: everything, in order of speed: type-check, lint, formatting (Prettier), unit (Jest), integration (Node's test
 * runner, on PGlite and on PostgreSQL when TEST_DATABASE_URL is set), production build, a scan of the
 * build for secrets, end to end
 * (Playwright in Chromium). Stops at the first failing step; ends with one "N passed, N failed" line,
 * after a line counting the tests that were skipped (e.g. PostgreSQL-only ones without TEST_DATABASE_URL).
 * `node scripts/test.mjs integration` (or any step names) runs only some steps. When both run, the
 * production build runs beside the integration tests (its output shown once it ends): much of the
 * integration tests' time is spent waiting (timers, child processes, servers starting), and the two
 * share nothing.
 */
import { spawn } from "node:child_process";
import { closeSync, mkdirSync, openSync, readFileSync, readdirSync, existsSync, rmSync } from "node:fs";
import { buildPublicConfig, buildSecrets } from "../tests/build/sentinels.mjs";

const results = ".test-results";
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
let passed = 0;
let failed = 0;
let skipped = 0;

/** Runs a step's command with its output shown; resolves with its success (the event loop stays free for runBeside). */
function run(label, command, args, extraEnv = {}) {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const child = spawn(command, args, { stdio: "inherit", env: { ...env, ...extraEnv } });
  return new Promise((resolve) => {
    child.on("close", (status) => {
      console.log(`◀ ${label}: ${status === 0 ? "ok" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      resolve(status === 0);
    });
  });
}

/** The command running beside a step (runBeside), stopped if the run ends early. */
let besideChild = null;

/** `run` in the background, its output kept in a file and printed when it ends; resolves with its success. */
function runBeside(label, command, args, extraEnv = {}) {
  const logFile = `${results}/${label.replace(/\W+/g, "-").toLowerCase()}.log`;
  const output = openSync(logFile, "w");
  const started = Date.now();
  const child = spawn(command, args, { stdio: ["ignore", output, output], env: { ...env, ...extraEnv }, detached: true });
  besideChild = child;
  return new Promise((resolve) => {
    child.on("close", (status) => {
      besideChild = null;
      closeSync(output);
      console.log(`\n▶ ${label} (beside the step before)\n${readFileSync(logFile, "utf8")}`);
      console.log(`◀ ${label}: ${status === 0 ? "ok" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      resolve(status === 0);
    });
  });
}

function count(label, read) {
  try {
    const [p, f, s = 0] = read();
    passed += p;
    failed += f;
    skipped += s;
  } catch {
    console.log(`(no result file for ${label})`);
  }
}

function finish(ok) {
  // Its own process group (detached): npx and what it started stop with it.
  if (besideChild?.pid) {
    console.log("(the step running beside was stopped)");
    process.kill(-besideChild.pid, "SIGTERM");
  }
  if (!ok && failed === 0) failed = 1; // a step that failed without counting tests (type errors, lint, build)
  // A skipped test proved nothing: said apart, so that it is never mistaken for a pass.
  console.log(`\n${skipped} skipped (tests or whole suites not run: neither passed nor failed)`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(ok ? 0 : 1);
}

function tapCounts(file) {
  const tap = readFileSync(file, "utf8");
  const number = (name) => Number(tap.match(new RegExp(`^# ${name} (\\d+)$`, "m"))?.[1] ?? 0);
  // Node's summary ("# skipped", "# todo") leaves out a skipped describe(): count the SKIP/TODO directives instead.
  const notRun = tap.match(/^\s*(?:not )?ok \d+ - .*# (?:SKIP|TODO)\b/gim)?.length ?? 0;
  return [number("pass"), number("fail") + number("cancelled"), notRun];
}

/**
 * Test files whose process ended on its own terms: a signal, or an exit code with no failed test to explain it. Such a
 * process may die before its last results reach the runner, whose own report then says only "test failed"; this says
 * how each ended, at the end of the output where a CI log's tail shows it.
 */
function filesEndedAbruptly(file) {
  const tap = readFileSync(file, "utf8");
  return [...tap.matchAll(/^not ok \d+ - (.+)\n {2}---\n([\s\S]*?)\n {2}\.\.\.$/gm)]
    .filter(([, , details]) => /^ {2}signal: /m.test(details))
    .map(([, name, details]) => {
      const field = (key) => details.match(new RegExp(`^ {2}${key}: (.+)$`, "m"))?.[1] ?? "~";
      return `${name}: its process ended with exit code ${field("exitCode")} and signal ${field("signal")}; results it had not yet reported are lost (its stderr is above)`;
    });
}

/** Node 20's test runner takes no glob patterns: list the files. */
function integrationTestFiles() {
  return readdirSync("tests/integration", { recursive: true })
    .filter((file) => String(file).endsWith(".test.ts"))
    .map((file) => `tests/integration/${file}`)
    .sort();
}

const steps = {
  generate: () => run("Prisma client", "npm", ["run", "--silent", "db:generate"]),
  typecheck: () => run("Type-check", "npx", ["tsc", "--noEmit"]),
  lint: () => run("Lint", "npx", ["eslint", "--max-warnings=0", "."]),
  format: () => run("Formatting (Prettier)", "npx", ["prettier", "--check", "--log-level=warn", "."]),
  unit: async () => {
    const ok = await run("Unit and component tests (Jest)", "npx", ["jest", "--ci", "--json", `--outputFile=${results}/jest.json`]);
    count("jest", () => {
      const json = JSON.parse(readFileSync(`${results}/jest.json`, "utf8"));
      return [json.numPassedTests, json.numFailedTests, json.numPendingTests + json.numTodoTests];
    });
    return ok;
  },
  integration: async () => {
    const ok = await run("Integration tests (node --test)", "node", [
      "--import",
      "./scripts/server-only-hooks.mjs",
      "--import",
      "tsx",
      "--test",
      // Four files at a time on two cores: most of their time is spent waiting (servers starting, timers,
      // child processes), and the suite took 13.5 min at two against 7 min at four on this machine.
      "--test-concurrency=4",
      "--test-reporter=spec",
      "--test-reporter-destination=stdout",
      "--test-reporter=tap",
      `--test-reporter-destination=${results}/integration.tap`,
      ...integrationTestFiles(),
    ]);
    count("integration", () => tapCounts(`${results}/integration.tap`));
    if (!ok && existsSync(`${results}/integration.tap`)) for (const line of filesEndedAbruptly(`${results}/integration.tap`)) console.log(line);
    return ok;
  },
  // Built with known secret values in its environment, so that the next step can prove none of them reaches the browser,
  // and with the public contact settings the end-to-end tests expect. The imaging viewer's engine is bundled apart
  // (scripts/build-viewer.mjs) into public/ before Next's build.
  build: async (runStep = run) =>
    (await runStep("Viewer engine bundle", "node", ["scripts/build-viewer.mjs"])) &&
    (await runStep("Production build", "npx", ["next", "build"], { ...buildSecrets, ...buildPublicConfig })) &&
    (await runStep("Script hashes of the pre-rendered pages", "node", ["scripts/static-page-hashes.mjs"])),
  secrets: async () => {
    const ok = await run("Secrets scan and pre-rendered pages of the build", "node", [
      "--import",
      "./scripts/server-only-hooks.mjs",
      "--import",
      "tsx",
      "--test",
      "--test-reporter=spec",
      "--test-reporter-destination=stdout",
      "--test-reporter=tap",
      `--test-reporter-destination=${results}/secrets.tap`,
      "tests/build/bundle-secrets.test.mjs",
      "tests/build/placeholders.test.mjs",
      "tests/build/static-pages.test.ts",
      "tests/build/seo.test.ts",
    ]);
    count("secrets", () => tapCounts(`${results}/secrets.tap`));
    return ok;
  },
  e2e: async () => {
    const ok = await run("End-to-end tests (Playwright, Chromium)", "npx", ["playwright", "test", "--reporter=list,json"], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: `${results}/e2e.json`,
    });
    count("e2e", () => {
      if (!existsSync(`${results}/e2e.json`)) throw new Error("missing");
      const { stats } = JSON.parse(readFileSync(`${results}/e2e.json`, "utf8"));
      return [stats.expected + stats.flaky, stats.unexpected, stats.skipped];
    });
    return ok;
  },
};

// `node scripts/test.mjs integration e2e` runs only those steps; no argument runs them all.
const selected = process.argv.slice(2);
for (const name of selected) if (!(name in steps)) throw new Error(`Unknown step ${name}; steps: ${Object.keys(steps).join(", ")}`);
const chosen = (name) => selected.length === 0 || selected.includes(name);
let building = null;
for (const [name, step] of Object.entries(steps)) {
  if (!chosen(name)) continue;
  if (name === "integration" && chosen("build")) building = steps.build(runBeside);
  if (name === "build" && building) {
    if (!(await building)) finish(false);
    continue;
  }
  if (!(await step())) finish(false);
}
finish(true);
