/**
 * Run after `next build` (`npm run build` and the test build do): writes the script hashes of every
 * pre-rendered page into `<distDir>/static-page-hashes.json`, which proxy.ts reads to give each such page
 * a Content-Security-Policy that allows exactly its own scripts (docs/decisions/022-static-pages-with-script-hashes.md):
 * the sha256 of each inline <script> and the `integrity` hash of each <script src>.
 *
 * Next writes `integrity` on its bootstrap scripts (`experimental.sri` in next.config.ts) but not on the
 * client-component chunks of layouts and pages (vercel/next.js#74147: it waits for a change in React), and
 * under `'strict-dynamic'` a script in the HTML without nonce or integrity does not run. So this step first
 * adds the missing `integrity` to the pre-rendered HTML, hashed from the chunk file itself. Fails the build
 * when a page has a script it cannot allow by hash (an external script from elsewhere, an inline event handler).
 *
 *   node scripts/static-page-hashes.mjs [distDir]   (default: NEXT_DIST_DIR or .next)
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parse } from "parse5";

export const MANIFEST_FILE = "static-page-hashes.json";

/** Script types the browser does not run (JSON-LD, JSON data): no hash needed. */
const DATA_TYPES = new Set(["application/ld+json", "application/json"]);

const sha256 = (content) => `sha256-${createHash("sha256").update(content).digest("base64")}`;

function* elements(node) {
  for (const child of node.childNodes ?? []) {
    if (child.tagName) yield child;
    yield* elements(child);
    // A <template>'s content is a separate fragment.
    if (child.content) yield* elements(child.content);
  }
}

/** The CSP sources that allow the page's scripts: `sha256-…` of each inline script, and each external script's integrity. */
export function pageScriptSources(html, name = "page") {
  const sources = new Set();
  for (const element of elements(parse(html))) {
    const attributes = Object.fromEntries(element.attrs.map(({ name: key, value }) => [key, value]));
    const handlers = Object.keys(attributes).filter((key) => key.startsWith("on"));
    if (handlers.length) throw new Error(`${name}: <${element.tagName} ${handlers.join(" ")}>: an inline event handler cannot be allowed by a hash`);
    if (element.tagName !== "script" || DATA_TYPES.has((attributes.type ?? "").trim().toLowerCase())) continue;
    if (attributes.src !== undefined) {
      const integrity = (attributes.integrity ?? "").split(/\s+/).filter((token) => token.startsWith("sha"));
      if (!integrity.length) throw new Error(`${name}: <script src="${attributes.src}"> has no integrity attribute (is experimental.sri on?)`);
      for (const token of integrity) sources.add(token);
      continue;
    }
    const text = element.childNodes.map((child) => child.value ?? "").join("");
    sources.add(sha256(Buffer.from(text, "utf8")));
  }
  return [...sources].sort();
}

/**
 * The page's HTML with an `integrity` attribute on each of Next's own <script src> that lacks one: the
 * sha256 of the file under `<distDir>/static/`, which is what `next start` serves at /_next/static/.
 */
export function withScriptIntegrity(html, distDir) {
  const insertions = [];
  for (const element of elements(parse(html, { sourceCodeLocationInfo: true }))) {
    if (element.tagName !== "script") continue;
    const attributes = new Map(element.attrs.map(({ name, value }) => [name, value]));
    const src = attributes.get("src");
    if (src === undefined || attributes.has("integrity") || !src.startsWith("/_next/static/")) continue;
    const file = path.join(distDir, decodeURIComponent(src.slice("/_next/".length).split(/[?#]/)[0]));
    const end = element.sourceCodeLocation.startTag.endOffset;
    if (html[end - 1] !== ">") throw new Error(`unexpected start tag of <script src="${src}">`);
    insertions.push([end - 1, ` integrity="${sha256(readFileSync(file))}"`]);
  }
  let result = html;
  for (const [offset, text] of insertions.sort(([a], [b]) => b - a)) result = result.slice(0, offset) + text + result.slice(offset);
  return result;
}

/** The pre-rendered pages of a build as [page path, HTML file]: `server/app/fr/services.html` is `/fr/services`. Next's own (`_not-found`, ...) are left out. */
export function prerenderedPages(distDir) {
  const root = path.join(distDir, "server", "app");
  return readdirSync(root, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith(".html") && !file.split(path.sep).some((segment) => /^[_[]/.test(segment)) && statSync(path.join(root, file)).isFile())
    .map((file) => ["/" + file.slice(0, -".html".length).split(path.sep).join("/"), path.join(root, file)])
    .sort(([a], [b]) => a.localeCompare(b));
}

export function writeManifest(distDir) {
  const pages = {};
  for (const [page, file] of prerenderedPages(distDir)) {
    const html = readFileSync(file, "utf8");
    const completed = withScriptIntegrity(html, distDir);
    if (completed !== html) writeFileSync(file, completed);
    pages[page] = pageScriptSources(completed, page);
  }
  writeFileSync(path.join(distDir, MANIFEST_FILE), JSON.stringify({ pages }, null, 1) + "\n");
  return pages;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const distDir = process.argv[2] ?? process.env.NEXT_DIST_DIR ?? ".next";
  const pages = writeManifest(distDir);
  console.log(`${MANIFEST_FILE}: script hashes of ${Object.keys(pages).length} pre-rendered pages`);
}
