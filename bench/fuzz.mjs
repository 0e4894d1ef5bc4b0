/**
 * bench/fuzz: issue 7's full fuzzing proof. Runs tests/integration/fuzz-api.test.ts with FUZZ_RUNS=500
 * generated malformed requests per target (every method of every route under app/api, every Better
 * Auth endpoint behind /api/auth/[...all]); `npm test` runs the same file with fewer per target.
 * Prints the requests, targets, the fewest requests any target got, the 5xx count and the run time;
 * exits 1 on any 5xx or other failure.
 *
 *   node bench/fuzz.mjs [runs=500]        (FUZZ_SEED, FUZZ_CONCURRENCY, FUZZ_ROUTES are passed through)
 */
import { spawn } from "node:child_process";

const runs = Number(process.argv[2] ?? process.env.FUZZ_RUNS ?? 500);
if (!Number.isInteger(runs) || runs < 1) {
  console.error("Usage: node bench/fuzz.mjs [runs per target, default 500]");
  process.exit(2);
}

const started = Date.now();
const child = spawn(
  process.execPath,
  ["--import", "./scripts/server-only-hooks.mjs", "--import", "tsx", "--test", "--test-reporter=tap", "tests/integration/fuzz-api.test.ts"],
  { env: { ...process.env, FUZZ_RUNS: String(runs) }, stdio: ["ignore", "pipe", "inherit"] },
);

const perTarget = [];
let total = null;
let failed = null;
let problems = 0;
let buffer = "";
child.stdout.setEncoding("utf8");
child.stdout.on("data", (chunk) => {
  buffer += chunk;
  const lines = buffer.split("\n");
  buffer = lines.pop();
  for (const line of lines) {
    const target = line.match(/^# fuzz (.+?)\s+(\d+) requests in ([\d.]+) s: (.*)$/);
    if (target) {
      perTarget.push({ label: target[1].trim(), requests: Number(target[2]), seconds: Number(target[3]) });
      console.log(`${target[1].trim().padEnd(56)} ${target[2].padStart(5)} in ${target[3].padStart(6)} s  ${target[4]}`);
    }
    const summary = line.match(/^# fuzz total: (\d+) requests over (\d+) targets.*?, (\d+) answers 5xx/);
    if (summary) total = { requests: Number(summary[1]), targets: Number(summary[2]), fiveXX: Number(summary[3]) };
    if (line.startsWith("# FUZZ PROBLEM")) {
      problems++;
      console.log(line.slice(2));
    }
    const fails = line.match(/^# fail (\d+)/);
    if (fails) failed = Number(fails[1]);
  }
});

const code = await new Promise((resolve) => child.on("close", resolve));
const seconds = (Date.now() - started) / 1000;
const fewest = perTarget.reduce((min, target) => Math.min(min, target.requests), Infinity);
console.log("");
console.log(`requests:         ${total?.requests ?? "?"}`);
console.log(`targets:          ${total?.targets ?? "?"} (route methods and Better Auth endpoints)`);
console.log(`fewest per target: ${Number.isFinite(fewest) ? fewest : "?"}`);
console.log(`5xx answers:      ${total?.fiveXX ?? "?"}`);
console.log(`other problems:   ${problems} (4xx without JSON { error }, or a thrown handler)`);
console.log(`time:             ${seconds.toFixed(0)} s`);
process.exit(code === 0 && failed === 0 && total && total.fiveXX === 0 && fewest >= runs ? 0 : 1);
