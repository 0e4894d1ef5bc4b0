/**
 * The pre-rendered pages of the production build and the Content-Security-Policy proxy.ts gives them
 * (run after the build: scripts/test.mjs). Reads each pre-rendered HTML file itself, hashes every script
 * the browser would run in it (apart from scripts/static-page-hashes.mjs, whose manifest is what it
 * checks), and asks the proxy for the page's policy: every hash must be in it, without 'unsafe-inline'
 * or a nonce. A Next upgrade that changes what it writes into the pages fails here.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { gzipSync } from "node:zlib";
import { NextRequest } from "next/server";
import { parse, type DefaultTreeAdapterMap } from "parse5";
import { localePath, locales, splitLocalePath } from "@/lib/i18n/locales";
import { NOT_FOUND_PAGE_PATH, staticPagePaths } from "@/lib/security/static-pages";
import { SIGNED_IN_HINT_COOKIE } from "@/lib/auth/signed-in-hint.mjs";
import { firstScripts, scriptsStart, startedScripts } from "../../scripts/static-page-hashes.mjs";

type Element = DefaultTreeAdapterMap["element"];
type ParentNode = DefaultTreeAdapterMap["parentNode"];

const distDir = process.env.NEXT_DIST_DIR ?? ".next";
const appDir = path.join(distDir, "server", "app");
const APP_URL = "http://localhost:3000";
const sha256 = (content: Buffer) => `sha256-${createHash("sha256").update(content).digest("base64")}`;

/** `/en/services` for server/app/en/services.html; Next's own pages (`_not-found`) and route folders left out. */
function prerenderedPages(): Map<string, string> {
  const pages = new Map<string, string>();
  for (const file of readdirSync(appDir, { recursive: true }).map(String)) {
    if (!file.endsWith(".html") || file.split(path.sep).some((segment) => /^[_[]/.test(segment))) continue;
    if (statSync(path.join(appDir, file)).isFile()) pages.set("/" + file.slice(0, -5).split(path.sep).join("/"), path.join(appDir, file));
  }
  return pages;
}

function elementsOf(node: ParentNode, tagName: string, found: Element[] = []): Element[] {
  for (const child of node.childNodes) {
    if (!("tagName" in child)) continue;
    if (child.tagName === tagName) found.push(child);
    elementsOf(child.tagName === "template" ? (child as DefaultTreeAdapterMap["template"]).content : child, tagName, found);
  }
  return found;
}

const attributeOf = (element: Element, name: string) => element.attrs.find((attr) => attr.name === name)?.value;

/** What the browser checks against script-src: an inline script's text hash, an external script's integrity (which must match the file). */
function requiredSources(html: string, page: string): string[] {
  const sources: string[] = [];
  const external = (src: string, integrity: string | undefined) => {
    assert.ok(integrity, `${page}: script ${src} has no integrity: under 'strict-dynamic' it would not load`);
    assert.ok(src.startsWith("/_next/static/"), `${page}: a script from elsewhere: ${src}`);
    assert.equal(integrity, sha256(readFileSync(path.join(distDir, src.slice("/_next/".length)))), `${page}: ${src}'s integrity is not its file's`);
    sources.push(integrity);
  };
  for (const script of elementsOf(parse(html), "script")) {
    if (["application/ld+json", "application/json"].includes(attributeOf(script, "type") ?? "")) continue;
    const src = attributeOf(script, "src");
    if (src !== undefined) external(src, attributeOf(script, "integrity"));
    else sources.push(sha256(Buffer.from(script.childNodes.map((child) => ("value" in child ? child.value : "")).join(""), "utf8")));
  }
  return sources;
}

/** The address a browser uses for a pre-rendered page: `/en/services` is `/services`, `/fr` is `/fr`. */
function browserPath(page: string): string {
  const [, locale, ...rest] = page.split("/");
  return localePath("/" + rest.join("/"), locale as (typeof locales)[number]);
}

async function proxyPolicy(pathname: string, cookie = ""): Promise<string[]> {
  Object.assign(process.env, { NODE_ENV: "production" }); // the proxy reads the build's page list only then
  const proxy = (await import("@/proxy")).default;
  const response = await proxy(new NextRequest(new URL(pathname, APP_URL), { headers: { accept: "text/html", cookie } }));
  assert.equal(response.headers.get("location"), null, `${pathname} is redirected`);
  const policy = response.headers.get("content-security-policy") ?? "";
  const scriptSrc = policy.split(";").map((directive) => directive.trim().split(/\s+/));
  return scriptSrc.find(([name]) => name === "script-src")?.slice(1) ?? [];
}

/**
 * A pre-rendered text page starts its scripts at once only for a signed-in visitor, which it reads from
 * the hint the proxy keeps beside the HttpOnly session cookie (lib/auth/signed-in-hint.mjs). The hint is
 * sent only when it changes, so that a page's answer stays the same for everyone else.
 */
test("the proxy keeps the signed-in hint in step with the session cookie, and sends nothing when they agree", async () => {
  Object.assign(process.env, { NODE_ENV: "production" });
  const proxy = (await import("@/proxy")).default;
  const session = "better-auth.session_token=token.signature";
  const hint = `${SIGNED_IN_HINT_COOKIE}=1`;
  for (const [cookie, expected] of [
    [session, "set"],
    [`${session}; ${hint}`, "none"],
    [hint, "removed"],
    ["", "none"],
  ] as const) {
    const response = await proxy(new NextRequest(new URL("/fr/about", APP_URL), { headers: { accept: "text/html", cookie } }));
    const sent = response.headers.getSetCookie().filter((line) => line.startsWith(`${SIGNED_IN_HINT_COOKIE}=`));
    const got = sent.length === 0 ? "none" : /^[^=]+=1;/.test(sent[0]) && !/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(sent[0]) ? "set" : "removed";
    assert.equal(got, expected, `cookies "${cookie}": ${sent.join(" | ")}`);
    // A page's answer that sets a cookie is the visitor's own, never a CDN's.
    if (got !== "none") assert.equal(response.headers.get("cache-control"), "private, max-age=0, must-revalidate", cookie);
  }
});

test("the build pre-renders exactly the static pages and the 404, in every locale", () => {
  const expected = locales.flatMap((locale) => [...staticPagePaths, NOT_FOUND_PAGE_PATH].map((page) => `/${locale}${page === "/" ? "" : page}`)).sort();
  assert.deepEqual([...prerenderedPages().keys()].sort(), expected);
});

test("every script of every pre-rendered page is allowed by the policy the proxy sends for it, by hash", async () => {
  const pages = prerenderedPages();
  assert.ok(pages.size > 0, `no pre-rendered pages in ${appDir}`);
  for (const [page, file] of pages) {
    const pathname = browserPath(page);
    const scriptSrc = await proxyPolicy(pathname);
    assert.ok(scriptSrc.includes("'strict-dynamic'"), pathname);
    assert.ok(!scriptSrc.some((source) => source === "'unsafe-inline'" || source.startsWith("'nonce-")), `${pathname}: ${scriptSrc.join(" ")}`);
    const required = requiredSources(readFileSync(file, "utf8"), page);
    assert.ok(required.length > 2, `${page}: only ${required.length} scripts`);
    const missing = required.filter((source) => !scriptSrc.includes(`'${source}'`));
    assert.deepEqual(missing, [], `${pathname}: scripts the policy does not allow`);
  }
});

/**
 * Every pre-rendered page starts Next's scripts after its first paint, if at all (scripts/static-page-hashes.mjs):
 * none is left in the HTML as a `<script async>` or a preload, which a browser would fetch or run before
 * drawing anything; one inline script adds each of them, with the integrity of its file. A Next upgrade
 * that writes its scripts another way (deferred, as modules) fails here until the step knows it.
 */
test("no pre-rendered page runs a script before its first paint", () => {
  for (const [page, file] of prerenderedPages()) {
    const html = readFileSync(file, "utf8");
    const document = parse(html);
    const early = [
      ...elementsOf(document, "script").filter((script) => attributeOf(script, "src") !== undefined && attributeOf(script, "nomodule") === undefined),
      ...elementsOf(document, "link").filter((link) => attributeOf(link, "rel") === "preload" && attributeOf(link, "as") === "script"),
    ].map((element) => attributeOf(element, "src") ?? attributeOf(element, "href"));
    assert.deepEqual(early, [], `${page}: scripts fetched or run before the first paint`);
    const started = startedScripts(html);
    assert.ok(started.length > 5, `${page}: ${started.length} scripts started after the first paint`);
    for (const [src, integrity] of started)
      assert.equal(integrity, sha256(readFileSync(path.join(distDir, src.slice("/_next/".length)))), `${page}: ${src}'s integrity is not its file's`);
  }
});

/**
 * A page with a form (the records and inquiry forms at /contact and /upload, the tracking form) starts its
 * scripts when the form is used; the hospitals page when its fetched response times near the view. Every
 * other pre-rendered page (text, links, `<details>` menus) starts them only when a visitor needs them
 * (scripts/static-page-hashes.mjs): a reader on costly data runs no script. A page that loses its marker
 * (`data-scripts-on-use`, `data-needs-scripts`), or gains one, fails here.
 */
test("text pages start their scripts on demand, form pages when a form is used, the hospitals page when its figures near the view", () => {
  const started: Record<string, string> = { "/contact": "form", "/upload": "form", "/track": "form", "/hospitals": "content" };
  for (const [page, file] of prerenderedPages()) {
    const { path: pagePath } = splitLocalePath(browserPath(page));
    assert.equal(scriptsStart(readFileSync(file, "utf8")), started[pagePath] ?? "on-demand", page);
  }
});

/**
 * Shown before its scripts run, a pre-rendered form takes what is kept when React takes it over, so that
 * a visitor can start at once and their first touch starts the scripts
 * (docs/decisions/035-form-pages-start-scripts-on-use.md): text typed and a native select's choice
 * (useTypedBeforeHydration), files (FileDropZone takes those chosen before it had them). What would be dropped is disabled in the HTML until React has the form: the consent
 * box and the countries' select (kept by React), the folder picker (opened by React) and every submit
 * button (a press would post the page itself).
 * The phone menu needs no script: a `<details>` with its links in the HTML.
 */
test("before the scripts run, forms take typing and files but not the consent, the countries, a folder or a press of Send", () => {
  const pages = prerenderedPages();
  // Every button (Send, the folder picker), the consent box and the countries' select.
  const waitsForReact = (control: Element) =>
    control.tagName === "button" || attributeOf(control, "type") === "checkbox" || attributeOf(control, "id") === "records-preferredCountries";
  for (const page of [...locales.flatMap((locale) => [`/${locale}/contact`, `/${locale}/track`]), "/en/about", "/ar/faq"]) {
    const file = pages.get(page);
    assert.ok(file, `${page} is not pre-rendered`);
    const document = parse(readFileSync(file, "utf8"));
    const menu = elementsOf(document, "details").find((details) =>
      elementsOf(details, "summary").some((summary) => attributeOf(summary, "aria-controls") === "mobile-menu"),
    );
    assert.ok(menu, `${page}: no menu that opens without scripts`);
    assert.ok(elementsOf(menu, "a").length >= 6, `${page}: the menu's links are not in the HTML`);
    const forms = elementsOf(document, "form");
    const ids = forms.flatMap((form) => elementsOf(form, "input").map((input) => attributeOf(input, "id")));
    if (page.endsWith("/contact")) assert.ok(ids.includes("records-consentEmail") && ids.includes("inquiry-email"), `${page}: no records or inquiry form`);
    if (page.endsWith("/track")) assert.ok(ids.includes("track-number"), `${page}: no tracking form`);
    assert.deepEqual(
      forms.flatMap((form) => elementsOf(form, "fieldset")).filter((fieldset) => attributeOf(fieldset, "disabled") !== undefined),
      [],
      `${page}: a fieldset disabled as a whole`,
    );
    const wrong = forms
      .flatMap((form) => ["input", "select", "textarea", "button"].flatMap((tagName) => elementsOf(form, tagName)))
      .filter((control) => attributeOf(control, "type") !== "hidden")
      .filter((control) => waitsForReact(control) !== (attributeOf(control, "disabled") !== undefined));
    assert.deepEqual(
      wrong.map(
        (control) =>
          `${control.tagName} ${attributeOf(control, "id") ?? attributeOf(control, "type") ?? ""} ${attributeOf(control, "disabled") === undefined ? "enabled" : "disabled"}`,
      ),
      [],
      `${page}: controls that take input before the scripts run, or wait for them, wrongly`,
    );
  }
});

/**
 * Issue 19: a marketing page loads at most 25 KiB (gzip, as `next start` sends it) of JavaScript beyond
 * the framework's own (React and Next's runtime: the build's rootMainFiles). bench/js-budget.mjs prints
 * the figures; this fails the build's tests when a page goes over, as the hospitals page once did when
 * its client code brought zod, or the contact page when its forms were among its first scripts (106.8
 * KiB: they are fetched when a form is used, docs/decisions/037-contact-forms-loaded-apart.md). The
 * tracking page is left out: a page with personal data, most of it its form.
 */
test("no pre-rendered marketing page loads more than 25 KiB of script beyond the framework", () => {
  const manifest = JSON.parse(readFileSync(path.join(distDir, "build-manifest.json"), "utf8")) as { rootMainFiles: string[] };
  const framework = new Set(manifest.rootMainFiles.map((file) => `/_next/${file}`));
  assert.ok(framework.size > 0, "no framework scripts in the build manifest");
  const gzipped = new Map<string, number>();
  const sizeOf = (src: string) =>
    gzipped.get(src) ?? gzipped.set(src, gzipSync(readFileSync(path.join(distDir, src.slice("/_next/".length)))).length).get(src)!;
  const over: string[] = [];
  for (const [page, file] of prerenderedPages()) {
    if (page.endsWith("/track")) continue;
    const sources = firstScripts(readFileSync(file, "utf8"))
      .map(([src]) => src)
      .filter((src) => !framework.has(src));
    const kib = sources.reduce((sum, src) => sum + sizeOf(src), 0) / 1024;
    if (kib > 25) over.push(`${page}: ${kib.toFixed(1)} KiB`);
  }
  assert.deepEqual(over, [], "pages over the budget");
});

/**
 * The records form (on /contact and /upload, both pre-rendered) loads the resumable client
 * (tus-js-client) and the DICOM reader (dicom-parser) once the page is idle, not with its first scripts:
 * together about 28 KiB of compressed script needed only when a file is chosen. The forms of these pages
 * and of /track load zod's schemas (zod's API, "ZodType" and the rest) when they are used, not with the
 * page: about 31 KiB (docs/decisions/034-validation-loaded-on-use.md). zod's small core is still there,
 * configured by instrumentation-client.ts. Each library is recognised by a string of its own code (its
 * protocol header, its error messages, the name of its base schema).
 */
test("the form pages load neither the upload client, the DICOM reader nor zod with their first scripts", () => {
  const libraries = [
    ["tus-js-client", "Tus-Resumable", ["contact"]],
    ["dicom-parser", "dicomParser.readPart10Header", ["contact"]],
    ["zod", '"ZodType"', ["contact", "upload", "track"]],
  ] as const;
  const loaded: string[] = [];
  for (const page of ["contact", "upload", "track"]) {
    const sources = firstScripts(readFileSync(path.join(appDir, "en", `${page}.html`), "utf8")).map(([src]) => src);
    assert.ok(sources.length > 0, `no scripts on /${page}`);
    const code = sources.map((src) => readFileSync(path.join(distDir, src.slice("/_next/".length)), "utf8")).join("\n");
    for (const [name, marker, pages] of libraries) if ((pages as readonly string[]).includes(page) && code.includes(marker)) loaded.push(`/${page}: ${name}`);
  }
  assert.deepEqual(loaded, [], "libraries in the form pages' first scripts");
  const chunks = readdirSync(path.join(distDir, "static", "chunks")).filter((file) => file.endsWith(".js"));
  for (const [name, marker] of libraries)
    assert.ok(
      chunks.some((file) => readFileSync(path.join(distDir, "static", "chunks", file), "utf8").includes(marker)),
      `${name} is in no chunk of the build: its marker no longer names it`,
    );
});

/**
 * An address that matches no page is answered with the 404 pre-rendered in its language: status 404 and
 * the policy of that page's hashes (proxy.ts). Every page and route handler of the build, read from
 * Next's own route manifest with a made-up value for each parameter, still reaches its own page. A route
 * that serves only its pre-rendered pages (`dynamicParams = false`) is left out: those are tried instead.
 */
test("an address that matches no page gets the pre-rendered 404 of its language; every page and route of the app does not", async () => {
  Object.assign(process.env, { NODE_ENV: "production" });
  const proxy = (await import("@/proxy")).default;
  const answer = async (pathname: string) => {
    const response = await proxy(new NextRequest(new URL(pathname, APP_URL), { headers: { accept: "text/html" } }));
    const rewrite = response.headers.get("x-middleware-rewrite");
    return { page: rewrite ? new URL(rewrite).pathname : null, status: response.status };
  };
  for (const [pathname, locale] of [
    ["/no-such-page", "en"],
    ["/fr/no-such-page", "fr"],
    ["/fr/specialties/no-such-specialty", "fr"],
    ["/ar/old-report.pdf", "ar"],
    ["/fr/about/more", "fr"],
    ["/zh/page-not-found", "zh"],
  ] as const) {
    assert.deepEqual(await answer(pathname), { page: `/${locale}${NOT_FOUND_PAGE_PATH}`, status: 404 }, pathname);
    assert.deepEqual(await proxyPolicy(pathname), await proxyPolicy(localePath(NOT_FOUND_PAGE_PATH, locale)), pathname);
  }

  const read = (file: string) => JSON.parse(readFileSync(path.join(distDir, file), "utf8"));
  const dynamicRoutes: Record<string, { fallback: unknown }> = read("prerender-manifest.json").dynamicRoutes;
  const prerenderedOnly = new Set(Object.entries(dynamicRoutes).flatMap(([route, { fallback }]) => (fallback === false ? [route] : [])));
  const routes = (Object.values(read("app-path-routes-manifest.json")) as string[]).filter(
    (route) => route.startsWith("/[locale]/") && route !== "/[locale]/[...rest]" && route !== `/[locale]${NOT_FOUND_PAGE_PATH}` && !prerenderedOnly.has(route),
  );
  assert.ok(routes.length > 30, `only ${routes.length} routes`);
  const addresses = [
    ...routes.map((route) =>
      route
        .replace("/[locale]", "/fr")
        .replace(/\[\[?\.\.\.[^\]]+\]\]?/g, "a/b")
        .replace(/\[[^\]]+\]/g, "value-1"),
    ),
    ...[...prerenderedPages().keys()].filter((page) => !page.endsWith(NOT_FOUND_PAGE_PATH)).map(browserPath),
  ];
  const to404 = [];
  for (const pathname of addresses) if ((await answer(pathname)).page?.endsWith(NOT_FOUND_PAGE_PATH)) to404.push(pathname);
  assert.deepEqual(to404, [], "pages answered with the 404");
});

test("a page rendered per request still gets a nonce, and so does /track for a visitor with the tracking cookie", async () => {
  for (const pathname of ["/journey", "/fr/track", "/simple-login.html", "/fr/imaging/series-1", "/partner/cases/case-1", "/dashboard/transcriptions/t-1"]) {
    const scriptSrc = await proxyPolicy(pathname, pathname.endsWith("/track") ? "afya_track=any" : "");
    assert.equal(scriptSrc.filter((source) => source.startsWith("'nonce-")).length, 1, pathname);
    assert.ok(!scriptSrc.some((source) => source.startsWith("'sha256-")), pathname);
  }
});
