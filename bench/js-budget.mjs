/**
 * JavaScript budget of the marketing pages, from the HTML a running production server sends.
 *
 *   node bench/js-budget.mjs [baseUrl]       (default BENCH_URL or http://localhost:3100)
 *
 * For each page it sums the gzipped size of every <script src> the HTML loads and every script its
 * starting script adds after the first paint (pre-rendered pages: scripts/static-page-hashes.mjs).
 * noModule polyfills are left out: browsers with ES modules, i.e. all current ones, never download them.
 * Baseline: the framework's own chunks (React, React DOM, the Next.js runtime: Next's rootMainFiles),
 * read from the Turbopack bootstrap in the page ("otherChunks") plus the turbopack runtime script.
 * Delta: everything else the page loads, i.e. the app's JavaScript: the shared layout (header,
 * language selector, toaster, ...) plus the page's own client components. Budget: delta <= 25 KiB.
 * "shared" is the part of the delta that every measured page loads (the layout's share).
 * Inline <script> (the React Server Components payload) is shown for information: visitors download
 * it too, but it is data, not code, and is not counted in the budget.
 * Sizes: gzip at zlib's default level, as `next start` compresses. "viewer" says whether any of the
 * page's scripts names the imaging viewer's engine (/viewer-engine/, client/imaging/load-engine.ts):
 * marketing pages must not load it. Exits 1 when a page is over budget, missing, or loads the viewer.
 */
import { gzipSync } from "node:zlib";
import { firstScripts } from "../scripts/static-page-hashes.mjs";
import { benchBaseUrl, benchPages } from "./lighthouse-pages.mjs";

const BUDGET_KIB = 25;
const base = benchBaseUrl();
const kib = (bytes) => Math.round((bytes / 1024) * 10) / 10;
const gzipCache = new Map();
const viewerCache = new Map();

async function gzippedSize(url) {
  if (!gzipCache.has(url)) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    const body = Buffer.from(await response.arrayBuffer());
    gzipCache.set(url, gzipSync(body).length);
    viewerCache.set(url, body.includes("/viewer-engine/"));
  }
  return gzipCache.get(url);
}

/** Whether any of these scripts names the viewer's engine. */
async function loadsViewer(urls) {
  for (const url of urls) {
    await gzippedSize(url);
    if (viewerCache.get(url)) return true;
  }
  return false;
}

async function sum(urls) {
  let total = 0;
  for (const url of urls) total += await gzippedSize(url);
  return total;
}

/** The scripts of one page: external (absolute URLs, without noModule ones), framework subset, inline size. */
async function scriptsOf(path) {
  const response = await fetch(`${base}${path}`);
  const html = await response.text();
  const external = new Set(firstScripts(html).map(([src]) => new URL(src, `${base}/`).href));
  let inline = "";
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi))
    if (!/\bsrc=/i.test(attributes) && !/type=["']application\/ld\+json["']/i.test(attributes)) inline += body;
  const bootstrap = html.match(/"otherChunks":(\[[^\]]*\])/);
  if (response.ok && !bootstrap) throw new Error(`${path}: no Turbopack bootstrap found; the framework baseline cannot be read (webpack build?)`);
  const framework = new Set([
    ...(bootstrap ? JSON.parse(bootstrap[1]).map((chunk) => new URL(`/_next/${chunk}`, base).href) : []),
    ...[...external].filter((url) => /\/turbopack-[^/]*\.js$/.test(url)),
  ]);
  return { path, status: response.status, external, framework, inlineGz: inline ? gzipSync(inline).length : 0 };
}

const pages = [];
for (const path of benchPages) pages.push(await scriptsOf(path));
const found = pages.filter((page) => page.status === 200);
const appScripts = (page) => [...page.external].filter((url) => !page.framework.has(url));
const shared = found.length ? appScripts(found[0]).filter((url) => found.every((page) => page.external.has(url))) : [];

const rows = [];
let failures = 0;
for (const page of pages) {
  if (page.status !== 200) {
    failures++;
    rows.push({ page: page.path, status: page.status, result: "MISSING" });
    continue;
  }
  const deltaGz = await sum(appScripts(page));
  const viewer = await loadsViewer(page.external);
  const pass = deltaGz <= BUDGET_KIB * 1024 && !viewer;
  if (!pass) failures++;
  rows.push({
    page: page.path,
    status: page.status,
    scripts: page.external.size,
    "total KiB gz": kib(await sum(page.external)),
    "baseline KiB gz": kib(await sum(page.framework)),
    "delta KiB gz": kib(deltaGz),
    "of which shared": kib(await sum(shared.filter((url) => page.external.has(url)))),
    "inline RSC KiB gz": kib(page.inlineGz),
    viewer: viewer ? "LOADED" : "no",
    result: pass ? "PASS" : "FAIL",
  });
}

console.log(`JavaScript per page at ${base}; budget: framework baseline + ${BUDGET_KIB} KiB gz`);
console.table(rows);
console.log("Shared by every measured page (beyond the framework):");
for (const url of shared) console.log(`  ${kib(await gzippedSize(url))} KiB gz  ${new URL(url).pathname}`);
process.exit(failures ? 1 : 0);
