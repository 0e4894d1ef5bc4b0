/**
 * Run after `next build` (`npm run build` and the test build do): writes the script hashes of every
 * pre-rendered page into `<distDir>/static-page-hashes.json`, which proxy.ts reads to give each such page
 * a Content-Security-Policy that allows exactly its own scripts (docs/decisions/022-static-pages-with-script-hashes.md):
 * the sha256 of each inline <script> and the `integrity` hash of each <script src>.
 *
 * Next writes `integrity` on its bootstrap scripts (`experimental.sri` in next.config.ts) but not on the
 * client-component chunks of layouts and pages (vercel/next.js#74147: it waits for a change in React), and
 * under `'strict-dynamic'` a script in the HTML without nonce or integrity does not run. So this step first
 * adds the missing `integrity` to the pre-rendered HTML, hashed from the chunk file itself, then makes the
 * page start its scripts after its first paint, or only when the visitor needs them
 * (withScriptsStartedLater). Fails the build when a page has a script it cannot allow by hash (an
 * external script from elsewhere, an inline event handler). The manifest also lists the app's routes under a
 * language (localeRoutes), for the proxy to answer an address that matches none with the pre-rendered 404.
 *
 *   node scripts/static-page-hashes.mjs [distDir]   (default: NEXT_DIST_DIR or .next)
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parse } from "parse5";
import { SIGNED_IN_HINT_COOKIE } from "../lib/auth/signed-in-hint.mjs";

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

/**
 * Runs in the page (written into it as source text), before its first paint, and decides when the page's
 * scripts start (docs/decisions/032-text-pages-start-scripts-on-demand.md,
 * docs/decisions/035-form-pages-start-scripts-on-use.md). Never before the first paint
 * (docs/decisions/028-paint-before-scripts.md), and then:
 * - after the first paint if the visitor is signed in: the header's name, bell and Logout need them;
 * - when the visitor takes one of the page's controls (the language selector);
 * - `"form"`, a page with a form marked `data-scripts-on-use` (the records, inquiry and tracking forms):
 *   when the visitor touches the form or presses a key. The scripts are fetched after the first paint, so
 *   that they are there when that happens, but run only then; the form takes typing and files meanwhile.
 *   The marker lists what the form has to show without being touched: query parameters (`?specialty`) and
 *   localStorage keys (a draft, files still to send). With any of them present, the scripts start after
 *   the first paint;
 * - `"content"`, a page with something only its scripts can run, marked `data-needs-scripts` (the
 *   hospitals' response times): as soon as that comes within half a screen of the view.
 * On a page of text and links (`"on-demand"`) a reader who does none of this downloads and runs no script
 * at all. Where paint timing is not supported, "after the first paint" is at once; if nothing has been
 * painted after 10 s (a tab opened in the background), it is then.
 * It also marks a visitor who is not signed in (`data-guest` on <html>), so that the header shows Login
 * and Sign up at once instead of waiting for the session check (AuthStatus).
 */
function startPageScripts(scripts, mode, signedInCookie) {
  function once(run) {
    var done = false;
    return function () {
      if (done) return;
      done = true;
      run();
    };
  }
  function afterFirstPaint(run) {
    run = once(run);
    var Observer = window.PerformanceObserver;
    if (!Observer || !Observer.supportedEntryTypes || Observer.supportedEntryTypes.indexOf("paint") < 0) return run();
    new Observer(function (list) {
      if (list.getEntriesByName("first-contentful-paint").length) run();
    }).observe({ type: "paint", buffered: true });
    setTimeout(run, 10000);
  }
  function add(tagName, properties) {
    var element = document.createElement(tagName);
    Object.keys(properties).forEach(function (name) {
      if (properties[name]) element[name] = properties[name];
    });
    document.head.appendChild(element);
  }
  var request = once(function () {
    afterFirstPaint(function () {
      scripts.forEach(function (script) {
        add("script", { src: script[0], integrity: script[1], async: true });
      });
    });
  });
  function whenContentNearView() {
    if (!window.IntersectionObserver) return request();
    var observer = new IntersectionObserver(
      function (entries) {
        if (
          entries.some(function (entry) {
            return entry.isIntersecting;
          })
        )
          request();
      },
      { rootMargin: "50% 0px" },
    );
    // NEEDS_SCRIPTS_ATTRIBUTE: this function is written into the page as text, without the module around it.
    document.querySelectorAll("[data-needs-scripts]").forEach(function (element) {
      observer.observe(element);
    });
  }
  function whenFormUsed() {
    var query = new URLSearchParams(location.search);
    // A marker's token: a query parameter (`?specialty`) or a localStorage key.
    function present(token) {
      try {
        return token.charAt(0) === "?" ? query.has(token.slice(1)) : token !== "" && localStorage.getItem(token) !== null;
      } catch {
        return false; // Private browsing may refuse storage: there is then nothing saved to show.
      }
    }
    var somethingToShow = false;
    // SCRIPTS_ON_USE_ATTRIBUTE, as above.
    document.querySelectorAll("[data-scripts-on-use]").forEach(function (form) {
      if (form.getAttribute("data-scripts-on-use").split(" ").some(present)) somethingToShow = true;
      form.addEventListener("pointerdown", request, true);
      form.addEventListener("focusin", request, true);
    });
    // A browser without `prefetch` cannot fetch them ahead without running them: it runs them after the
    // first paint, as form pages did before, so that on a slow link a first touch does not wait for them.
    var hints = document.createElement("link").relList;
    if (somethingToShow || !hints || !hints.supports || !hints.supports("prefetch")) return request();
    addEventListener("keydown", request, true);
    afterFirstPaint(function () {
      scripts.forEach(function (script) {
        add("link", { rel: "prefetch", href: script[0] });
      });
    });
  }
  var signedIn = ("; " + document.cookie + ";").indexOf("; " + signedInCookie + "=1;") >= 0;
  if (signedIn) return request();
  document.documentElement.setAttribute("data-guest", "");
  ["pointerdown", "focusin", "change"].forEach(function (type) {
    addEventListener(
      type,
      function (event) {
        if (event.target instanceof Element && event.target.closest("select, button, input, textarea")) request();
      },
      true,
    );
  });
  var startWhenNeeded = { content: whenContentNearView, form: whenFormUsed }[mode];
  if (!startWhenNeeded) return;
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", startWhenNeeded);
  else startWhenNeeded();
}

/** The attribute of an element that only the page's scripts can run: its page starts them when it nears the view. */
const NEEDS_SCRIPTS_ATTRIBUTE = "data-needs-scripts";
/** The attribute of a form whose page starts its scripts when it is used (startPageScripts). */
const SCRIPTS_ON_USE_ATTRIBUTE = "data-scripts-on-use";

/**
 * The page's scripts start after its first paint is on the screen (docs/decisions/028-paint-before-scripts.md),
 * or only when the visitor needs them (startPageScripts).
 * Next writes its chunks as `<script async>`, and preloads some: on a fast link or from the cache they
 * arrive before the first frame, and the browser runs React and Next (about 100 ms of a phone's main
 * thread, four times that on a slow one) before it shows anything; on a slow link their download shares
 * the connection with the stylesheet that the first paint waits for. Here they are taken out of the HTML
 * (preloads too) and startPageScripts fetches and runs them once the page is drawn or needs them. A page
 * without Next's `<script async>` is returned as it is, so a second run changes nothing.
 */
export function withScriptsStartedLater(html) {
  const scripts = [];
  const preloads = [];
  for (const element of elements(parse(html, { sourceCodeLocationInfo: true }))) {
    const attributes = new Map(element.attrs.map(({ name, value }) => [name, value]));
    if (element.tagName === "link" && attributes.get("rel") === "preload" && attributes.get("as") === "script") preloads.push(element);
    const src = attributes.get("src");
    if (element.tagName === "script" && attributes.has("async") && src?.startsWith("/_next/static/"))
      scripts.push({ src, integrity: attributes.get("integrity") ?? "", element });
  }
  if (!scripts.length) return html;
  const started = new Set(scripts.map(({ src }) => src));
  const removed = [
    ...scripts.slice(1).map(({ element }) => element),
    ...preloads.filter((link) => started.has(link.attrs.find(({ name }) => name === "href")?.value)),
  ].map((element) => element.sourceCodeLocation);
  const list = JSON.stringify(scripts.map(({ src, integrity }) => [src, integrity])).replace(/</g, "\\u003c");
  const mode = html.includes(`${NEEDS_SCRIPTS_ATTRIBUTE}=`) ? "content" : html.includes(`${SCRIPTS_ON_USE_ATTRIBUTE}=`) ? "form" : "on-demand";
  const starter = `<script>(${startPageScripts.toString()})(${list},"${mode}","${SIGNED_IN_HINT_COOKIE}")</script>`;
  const first = scripts[0].element.sourceCodeLocation;
  // Edited from the end of the page backwards, so that the offsets still to be used stay valid.
  let result = html;
  for (const { startOffset, endOffset, text } of [...removed, { ...first, text: starter }].sort((x, y) => y.startOffset - x.startOffset))
    result = result.slice(0, startOffset) + (text ?? "") + result.slice(endOffset);
  return result;
}

/** The scripts a page's starting script adds, as [src, integrity]: none if it has none. */
export function startedScripts(html) {
  const list = starterArguments(html);
  return list ? JSON.parse(list[1]) : [];
}

/** When a page's starting script starts its scripts: `"form"`, `"content"` or `"on-demand"` (startPageScripts); null without one. */
export function scriptsStart(html) {
  return starterArguments(html)?.[2] ?? null;
}

const starterArguments = (html) => html.match(/\(function startPageScripts\([\s\S]*?\}\)\((\[[^)]*\]),"([a-z-]+)","[^"]*"\)<\/script>/);

/**
 * The scripts a page loads as it opens, as [src, integrity]: its `<script src>` (noModule polyfills, which a
 * browser that runs modules never fetches, left out) and those its starting script adds after the first paint.
 */
export function firstScripts(html) {
  const scripts = new Map(startedScripts(html));
  for (const element of elements(parse(html))) {
    const attributes = new Map(element.attrs.map(({ name, value }) => [name, value]));
    if (element.tagName === "script" && attributes.has("src") && !attributes.has("nomodule"))
      scripts.set(attributes.get("src"), attributes.get("integrity") ?? "");
  }
  return [...scripts];
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

/** Next's catch-all that renders the 404 per request (app/[locale]/[...rest]): the one route an unknown address matches. */
const CATCH_ALL_ROUTE = "/[...rest]";

/**
 * The app's pages and route handlers under a language, as Next's patterns without the language
 * (`/about`, `/specialties/[slug]`, `/`), from the build's route manifests. Left out: the catch-all above,
 * and routes that serve only the pages pre-rendered for them (`dynamicParams = false`, e.g. one page per
 * specialty), whose addresses are the manifest's pages.
 */
export function localeRoutes(distDir) {
  const read = (file) => JSON.parse(readFileSync(path.join(distDir, file), "utf8"));
  const prerendered = read("prerender-manifest.json").dynamicRoutes;
  return [...new Set(Object.values(read("app-path-routes-manifest.json")))]
    .filter((route) => route === "/[locale]" || route.startsWith("/[locale]/"))
    .filter((route) => prerendered[route]?.fallback !== false)
    .map((route) => route.slice("/[locale]".length) || "/")
    .filter((route) => route !== CATCH_ALL_ROUTE)
    .sort();
}

export function writeManifest(distDir) {
  const pages = {};
  for (const [page, file] of prerenderedPages(distDir)) {
    const html = readFileSync(file, "utf8");
    const completed = withScriptsStartedLater(withScriptIntegrity(html, distDir));
    if (completed !== html) writeFileSync(file, completed);
    pages[page] = pageScriptSources(completed, page);
  }
  writeFileSync(path.join(distDir, MANIFEST_FILE), JSON.stringify({ pages, routes: localeRoutes(distDir) }, null, 1) + "\n");
  return pages;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const distDir = process.argv[2] ?? process.env.NEXT_DIST_DIR ?? ".next";
  const pages = writeManifest(distDir);
  console.log(`${MANIFEST_FILE}: script hashes of ${Object.keys(pages).length} pre-rendered pages`);
}
