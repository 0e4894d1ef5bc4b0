/**
 * Lighthouse in its default mobile mode (emulated phone, simulated slow 4G, 4x CPU slowdown) on every
 * public page (the site's own sitemap) in English, Arabic, Chinese, Hausa and Hindi, next to a baseline
 * measured in the same run: a minimal page built with this checkout's Next.js, in a temporary folder
 * outside the repository (nothing is downloaded). A noisy machine lowers both; the gap is the result.
 *
 *   APP_URL=http://localhost:3100 npm run build      (canonical links must name the measured address)
 *   node bench/lighthouse.mjs [port]                  (default BENCH_PORT or 3100)
 *
 * This build is served on that port (bench/server.mjs: fresh data directory), the baseline beside it on
 * the next one (an idle server costs nothing measurable). The baseline is measured twice before the
 * site, once after every BENCH_BASELINE_EVERY pages (default 5) and twice after: each page is compared
 * with the median of the three baseline runs nearest to it in time, so that a machine that slows down or
 * speeds up during a long run moves both sides of the comparison. BENCH_LOCALES (comma-separated) and
 * BENCH_PAGES (a regular expression on the path) narrow the run. BENCH_RUNS=N measures each page N
 * times and keeps the median of each figure (default 1). Prints a table, the worst page and the goals of
 * issue 19. A run Lighthouse could not finish (a runtime error, no score) is measured once more.
 * Chromium from CHROME_PATH (default Debian's /usr/bin/chromium).
 *
 * BENCH_THROTTLING=devtools slows the network and CPU for real while the page loads (Lighthouse's
 * "applied" throttling) instead of simulating them from a fast load (the default, "simulate", which
 * PageSpeed Insights uses). On loopback the simulation counts every script that arrived before the
 * first paint as delaying it, which on a real slow link it does not (docs/decisions/027-inline-css.md);
 * the applied figures show what a phone on slow 4G sees, the simulated ones what the goals are set in.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startServer, stopper } from "./server.mjs";

const port = Number(process.argv[2] ?? process.env.BENCH_PORT ?? 3100);
const benchLocales = (process.env.BENCH_LOCALES ?? "en,ar,zh,ha,hi").split(",");
const pageFilter = new RegExp(process.env.BENCH_PAGES ?? ".");
const throttlingMethod = process.env.BENCH_THROTTLING === "devtools" ? "devtools" : "simulate";
const runsPerPage = Math.max(1, Number(process.env.BENCH_RUNS ?? 1));
const baselineEvery = Math.max(1, Number(process.env.BENCH_BASELINE_EVERY ?? 5));
const baselinePort = port + 1;
const root = path.resolve(import.meta.dirname, "..");
const nextBin = path.join(root, "node_modules/next/dist/bin/next");
const categories = ["performance", "accessibility", "best-practices", "seo"];
const metrics = [
  ["first-contentful-paint", "FCP"],
  ["largest-contentful-paint", "LCP"],
  ["total-blocking-time", "TBT"],
  ["cumulative-layout-shift", "CLS"],
];

/** A one-page Next app (layout and page, server-rendered, no client code of its own), built with our Next. */
function buildBaseline() {
  const dir = mkdtempSync(path.join(tmpdir(), "afya-lighthouse-baseline-"));
  mkdirSync(path.join(dir, "app"));
  symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"));
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ private: true, type: "module" }));
  // Turbopack refuses files outside its root: the root is the folder that holds both.
  writeFileSync(path.join(dir, "next.config.mjs"), `export default { turbopack: { root: "/" } };\n`);
  writeFileSync(
    path.join(dir, "app/layout.jsx"),
    `export const metadata = { title: "Baseline page", description: "A minimal Next.js page measured beside the site." };
export default function Layout({ children }) {
  return <html lang="en"><body>{children}</body></html>;
}
`,
  );
  writeFileSync(
    path.join(dir, "app/page.jsx"),
    `export default function Page() {
  return <main><h1>Baseline</h1><p>A page with a heading and a paragraph, built with the same Next.js version.</p></main>;
}
`,
  );
  const built = spawnSync("node", [nextBin, "build"], { cwd: dir, env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" }, stdio: "inherit" });
  if (built.status !== 0) throw new Error("the baseline build failed");
  return dir;
}

async function startBaseline(dir) {
  const child = spawn("node", [nextBin, "start", "-p", String(baselinePort)], { cwd: dir, env: { ...process.env, NODE_ENV: "production" }, stdio: "ignore" });
  const url = `http://localhost:${baselinePort}`;
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  return { url, stop: stopper(child) };
}

/** The site's languages, as its sitemap names them (hreflang), so that /faq is not taken for a language. */
let siteLocales = [];
const localeOf = (pathname) => siteLocales.find((locale) => pathname === `/${locale}` || pathname.startsWith(`/${locale}/`)) ?? "en";

/** Paths of the sitemap's pages in the chosen locales ("/", "/services", "/ar", "/ar/services", ...). */
async function publicPaths(url) {
  const xml = await (await fetch(`${url}/sitemap.xml`)).text();
  siteLocales = [...new Set([...xml.matchAll(/hreflang="([a-z-]+)"/g)].map(([, locale]) => locale))].filter((locale) => locale !== "x-default");
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => new URL(loc).pathname);
  return paths.filter((pathname) => benchLocales.includes(localeOf(pathname)) && pageFilter.test(pathname));
}

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
let version = "";

async function measure(address) {
  // The language cookie of the page's own language: one left by the previous page (NEXT_LOCALE=ha)
  // would redirect an unprefixed English page to another language.
  const extraHeaders = { Cookie: `NEXT_LOCALE=${localeOf(new URL(address).pathname)}` };
  const { lhr } = await lighthouse(address, {
    port: chrome.port,
    output: "json",
    logLevel: "error",
    onlyCategories: categories,
    extraHeaders,
    throttlingMethod,
  });
  version = lhr.lighthouseVersion;
  const row = { at: Date.now() };
  for (const category of categories) row[category] = lhr.categories[category]?.score == null ? Number.NaN : Math.round(lhr.categories[category].score * 100);
  for (const [id, label] of metrics) row[label] = lhr.audits[id]?.numericValue ?? Number.NaN;
  row.failing = Object.values(lhr.audits)
    .filter((audit) => audit.score !== null && audit.score < 0.9 && ["binary", "numeric", "metricSavings"].includes(audit.scoreDisplayMode))
    .map((audit) => audit.id);
  if (lhr.runtimeError) {
    row.runtimeError = lhr.runtimeError.code;
    row.failing.unshift(lhr.runtimeError.code);
  }
  return row;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

/**
 * The page measured `runsPerPage` times; each figure is the median of the runs (Lighthouse's own advice
 * for its run-to-run variance), the failing audits those of the run with the median score. A run
 * Lighthouse could not finish (a runtime error: no score at all) is measured once more, and said so; a
 * page that fails again is kept with its error, as a miss.
 */
async function measurePage(address, pathname) {
  const runs = [];
  for (let i = 0; i < runsPerPage; i++) {
    let row = await measure(address);
    if (row.runtimeError) {
      console.log(`${pathname}: Lighthouse ended in ${row.runtimeError}; measured again`);
      row = await measure(address);
    }
    if (row.runtimeError) return row;
    runs.push(row);
  }
  const typical = [...runs].sort((a, b) => a.performance - b.performance)[Math.floor((runs.length - 1) / 2)];
  const row = { ...typical, runs: runs.map((run) => run.performance) };
  for (const key of [...categories, ...metrics.map(([, label]) => label)]) row[key] = median(runs.map((run) => run[key]));
  return row;
}

const baselineDir = buildBaseline();
const baseline = [];
const rows = [];
try {
  const baselineServer = await startBaseline(baselineDir);
  const measureBaseline = async () => baseline.push(await measure(`${baselineServer.url}/`));
  try {
    for (let i = 0; i < 2; i++) await measureBaseline();
    const app = await startServer({ APP_URL: `http://localhost:${port}` }, root, port);
    try {
      for (const pathname of await publicPaths(app.url)) {
        if (rows.length > 0 && rows.length % baselineEvery === 0) await measureBaseline();
        const row = { page: pathname, ...(await measurePage(`${app.url}${pathname}`, pathname)) };
        rows.push(row);
        const runs = row.runs?.length > 1 ? ` (runs ${row.runs.join(", ")})` : "";
        const error = row.runtimeError ? `, Lighthouse error ${row.runtimeError}` : "";
        console.log(`${pathname}: ${categories.map((c) => `${c} ${row[c]}`).join(", ")}${runs}, LCP ${Math.round(row.LCP)} ms${error}`);
      }
    } finally {
      await app.stop();
    }
    for (let i = 0; i < 2; i++) await measureBaseline();
  } finally {
    await baselineServer.stop();
  }
} finally {
  chrome.kill();
  rmSync(baselineDir, { recursive: true, force: true });
}

const base = Object.fromEntries([...categories, ...metrics.map(([, label]) => label)].map((key) => [key, median(baseline.map((row) => row[key]))]));
/** The baseline's performance where a page was measured: the median of the three runs nearest in time. */
const nearBaseline = (row) =>
  median(
    [...baseline]
      .sort((a, b) => Math.abs(a.at - row.at) - Math.abs(b.at - row.at))
      .slice(0, 3)
      .map((run) => run.performance),
  );
for (const row of rows) row.base = nearBaseline(row);
const ms = (value) => `${(value / 1000).toFixed(2)} s`;

console.log(
  `\nLighthouse ${version}, ${runsPerPage} run(s) per page (median), mobile (slow 4G and 4x CPU slowdown, ${throttlingMethod === "devtools" ? "applied" : "simulated"}), port ${port}, locales ${benchLocales.join(", ")}`,
);
console.log(
  `Baseline (minimal Next page, ${baseline.length} runs in order: ${baseline.map((row) => row.performance).join(", ")}): median performance ${base.performance}, FCP ${ms(base.FCP)}, LCP ${ms(base.LCP)}, TBT ${Math.round(base.TBT)} ms (TBT ${Math.round(Math.min(...baseline.map((row) => row.TBT)))} to ${Math.round(Math.max(...baseline.map((row) => row.TBT)))} ms); each page is compared with the three runs nearest to it in time`,
);
console.table(
  rows.map((row) => ({
    page: row.page,
    perf: row.performance,
    base: row.base,
    "vs base": row.performance - row.base,
    a11y: row.accessibility,
    "best pr.": row["best-practices"],
    seo: row.seo,
    FCP: ms(row.FCP),
    LCP: ms(row.LCP),
    TBT: `${Math.round(row.TBT)} ms`,
    CLS: row.CLS.toFixed(3),
  })),
);
const worst = rows.reduce((a, b) => (b.performance < a.performance || (b.performance === a.performance && b.LCP > a.LCP) ? b : a), rows[0]);
console.log(
  `Worst page: ${worst.page}: performance ${worst.performance} (baseline nearby ${worst.base}), LCP ${ms(worst.LCP)}; failing audits: ${worst.failing.join(", ") || "none"}`,
);

const goals = [
  ["performance >= 98 or within 1 of the baseline measured nearby", (row) => row.performance >= 98 || row.performance >= row.base - 1],
  ["accessibility 100", (row) => row.accessibility === 100],
  ["best practices 100", (row) => row["best-practices"] === 100],
  ["SEO 100", (row) => row.seo === 100],
  ["LCP <= 1.8 s", (row) => row.LCP <= 1800],
];
for (const [goal, met] of goals) {
  const missed = rows.filter((row) => !met(row));
  console.log(
    `${missed.length ? "MISSED" : "met   "} ${goal}: ${rows.length - missed.length}/${rows.length}${missed.length ? ` (missed: ${missed.map((row) => row.page).join(" ")})` : ""}`,
  );
}
const failing = new Map();
for (const row of rows) for (const audit of row.failing) failing.set(audit, [...(failing.get(audit) ?? []), row.page]);
for (const [audit, pages] of failing)
  console.log(`failing audit ${audit}: ${pages.length} pages (${pages.slice(0, 6).join(" ")}${pages.length > 6 ? " ..." : ""})`);
