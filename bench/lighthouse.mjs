/**
 * Lighthouse in its default mobile mode (emulated phone, simulated slow 4G, 4x CPU slowdown) against a
 * running production server; prints each page's category scores and key metrics.
 *
 *   node bench/lighthouse.mjs [baseUrl]      (default BENCH_URL or http://localhost:3100)
 *
 * It builds and starts nothing: run `npm run build && npm start` (or see README, Benchmarks) first.
 * Chromium comes from CHROME_PATH (default Debian's /usr/bin/chromium); nothing is downloaded.
 */
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";
import { benchBaseUrl, benchPages } from "./lighthouse-pages.mjs";

const categories = ["performance", "accessibility", "best-practices", "seo"];
const metrics = [
  ["first-contentful-paint", "FCP"],
  ["largest-contentful-paint", "LCP"],
  ["total-blocking-time", "TBT"],
  ["cumulative-layout-shift", "CLS"],
  ["total-byte-weight", "bytes"],
];

const base = benchBaseUrl();
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

const rows = [];
const failing = new Map();
let version = "";
try {
  for (const path of benchPages) {
    const { lhr } = await lighthouse(`${base}${path}`, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: categories });
    version = lhr.lighthouseVersion;
    const row = { page: path };
    if (lhr.runtimeError) row.error = `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`;
    for (const category of categories) row[category] = lhr.categories[category]?.score == null ? "n/a" : Math.round(lhr.categories[category].score * 100);
    for (const [id, label] of metrics) row[label] = lhr.audits[id]?.displayValue ?? "n/a";
    // Name what keeps a category below 100, so the figures can be acted on.
    failing.set(
      path,
      Object.values(lhr.audits)
        .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode === "binary")
        .map((audit) => audit.id),
    );
    rows.push(row);
    console.log(`${path}: ${categories.map((c) => `${c} ${row[c]}`).join(", ")}${row.error ? ` (${row.error})` : ""}`);
  }
} finally {
  chrome.kill();
}

console.log(`\nLighthouse ${version}, mobile, ${base}`);
console.table(rows);
for (const [path, audits] of failing) if (audits.length) console.log(`${path} failing audits: ${audits.join(", ")}`);
