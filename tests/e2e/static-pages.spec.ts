import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { defaultLocale, localePath, locales, type Locale } from "../../lib/i18n/locales";
import { staticPagePaths } from "../../lib/security/static-pages";
import { policyOf, watchViolations } from "./support";

/**
 * The pages without personal data are pre-rendered (lib/security/static-pages.ts): served as files,
 * cacheable, revalidated with a 304, under a policy of their own scripts' hashes (proxy.ts). The build
 * test (tests/build/static-pages.test.ts) checks every page's hashes against its HTML; this one checks
 * what a browser gets.
 */
const pages = locales.flatMap((locale) => staticPagePaths.map((path) => ({ locale, path, address: localePath(path, locale) })));

const openMenu = (locale: Locale): string => JSON.parse(readFileSync(join(process.cwd(), "messages", `${locale}.json`), "utf8")).nav.openMenu;

test("every static page in every locale is served pre-rendered, cacheable, and a repeat visit is a 304", async ({ request }) => {
  for (const { locale, path, address } of pages) {
    // A returning visitor: the language cookie already names the page's language, so nothing is set.
    const headers = { accept: "text/html", cookie: `NEXT_LOCALE=${locale}` };
    const first = await request.get(address, { headers, maxRedirects: 0 });
    expect(first.status(), address).toBe(200);
    expect(first.headers()["x-nextjs-cache"], `${address} is not served from the build`).toBe("HIT");
    // The browser's only: English pages have no prefix, and redirect a visitor whose cookie or browser
    // names another language; /track is another page for a visitor with the tracking cookie.
    expect(first.headers()["cache-control"], address).toBe(
      locale === "en" || path === "/track" ? "private, max-age=0, must-revalidate" : "public, max-age=0, s-maxage=300, stale-while-revalidate=3600",
    );
    const scriptSources = (await policyOf(first)).get("script-src") ?? [];
    expect(scriptSources, address).toContain("'strict-dynamic'");
    expect(
      scriptSources.filter((source) => /^'(nonce-|unsafe-inline)/.test(source)),
      address,
    ).toEqual([]);
    const etag = first.headers().etag;
    expect(etag, address).toBeTruthy();
    const again = await request.get(address, { headers: { ...headers, "if-none-match": etag }, maxRedirects: 0 });
    expect(again.status(), address).toBe(304);
  }
});

test("/track with the tracking cookie is the page rendered for that request, under a nonce; its own address leads to /track", async ({ request }) => {
  const withCookie = await request.get("/fr/track", { headers: { accept: "text/html", cookie: "afya_track=expired" }, maxRedirects: 0 });
  expect(withCookie.status()).toBe(200);
  expect(withCookie.headers()["x-nextjs-cache"]).toBeUndefined();
  expect(withCookie.headers()["cache-control"]).toContain("no-store");
  const scriptSources = (await policyOf(withCookie)).get("script-src") ?? [];
  expect(scriptSources.filter((source) => source.startsWith("'nonce-"))).toHaveLength(1);
  expect(scriptSources.filter((source) => source.startsWith("'sha256-"))).toEqual([]);
  // A cookie that is no longer valid shows the form, in the page's language.
  const html = await withCookie.text();
  expect(html).toContain('id="track-number"');
  expect(html).toContain('<html lang="fr"');

  for (const [address, target] of [
    ["/fr/track/case", "/fr/track"],
    ["/track/case", "/track"],
  ]) {
    const direct = await request.get(address, { headers: { cookie: "afya_track=expired" }, maxRedirects: 0 });
    expect(direct.status(), address).toBe(307);
    expect(new URL(direct.headers().location!, "http://localhost").pathname, address).toBe(target);
  }
});

test("an answer that sets the language cookie is the visitor's own, and still revalidates with a 304", async ({ request }) => {
  const first = await request.get("/fr/services", { headers: { accept: "text/html", "accept-language": "en" }, maxRedirects: 0 });
  expect(first.headers()["set-cookie"]).toMatch(/^NEXT_LOCALE=fr;/);
  expect(first.headers()["cache-control"]).toBe("private, max-age=0, must-revalidate");
  const again = await request.get("/fr/services", { headers: { "accept-language": "en", "if-none-match": first.headers().etag }, maxRedirects: 0 });
  expect(again.status()).toBe(304);
  // The cookie still sends an unprefixed page to its language.
  const redirected = await request.get("/services", { headers: { cookie: "NEXT_LOCALE=fr" }, maxRedirects: 0 });
  expect(redirected.status()).toBe(307);
  expect(redirected.headers().location).toMatch(/\/fr\/services$/);
});

/**
 * In Chromium: the page loads with no Content-Security-Policy violation, and its scripts run (the page
 * hydrates: the mobile menu opens). Each kind of page once in English (one specialty page for all), and
 * every other locale's home page; the build test checks every page's hashes in every locale.
 */
test("each kind of static page runs its own scripts in Chromium, and nothing is blocked", async ({ page }) => {
  const violations = await watchViolations(page);
  await page.setViewportSize({ width: 375, height: 812 });
  const firstSpecialty = staticPagePaths.find((path) => path.startsWith("/specialties/"));
  const kinds = staticPagePaths.filter((path) => !path.startsWith("/specialties/") || path === firstSpecialty);
  const inBrowser = [
    ...kinds.map((path) => ({ locale: "en" as Locale, address: path })),
    ...locales.filter((locale) => locale !== defaultLocale).map((locale) => ({ locale, address: localePath("/", locale) })),
  ];
  for (const { locale, address } of inBrowser) {
    await page.goto(address);
    // Inline scripts run (or are refused) while the document is parsed, before "load".
    expect(violations, address).toEqual([]);
    await page
      .getByRole("banner")
      .getByRole("button", { name: openMenu(locale) })
      .click();
    await expect(page.locator("#mobile-menu"), address).toBeVisible();
    expect(violations, address).toEqual([]);
  }
});

/**
 * A pre-rendered page is drawn before its scripts start (scripts/static-page-hashes.mjs): React and Next
 * never hold up the first paint, even when they come from the cache. The moment each of Next's scripts
 * joins the document is recorded from before the page's first byte; none may come before the first
 * contentful paint, and the page still becomes interactive.
 */
test("a static page shows itself before its scripts start, and they run after", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.addInitScript(() => {
    const added: number[] = [];
    (window as unknown as { scriptsAdded: number[] }).scriptsAdded = added;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof HTMLScriptElement && node.src.includes("/_next/static/") && !node.noModule) added.push(performance.now());
    }).observe(document, { childList: true, subtree: true });
  });
  for (const [locale, address] of [
    ["en", "/"],
    ["ar", "/ar/services"],
  ] as const) {
    for (const visit of ["first", "repeat (scripts cached)"]) {
      await page.goto(address);
      await page
        .getByRole("banner")
        .getByRole("button", { name: openMenu(locale) })
        .click();
      await expect(page.locator("#mobile-menu"), address).toBeVisible();
      const { firstPaint, added } = await page.evaluate(() => ({
        firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
        added: (window as unknown as { scriptsAdded: number[] }).scriptsAdded,
      }));
      expect(firstPaint, `${address}, ${visit} visit`).toBeGreaterThan(0);
      expect(added.length, `${address}, ${visit} visit`).toBeGreaterThan(5);
      expect(Math.min(...added), `${address}, ${visit} visit: a script joined before the first paint`).toBeGreaterThanOrEqual(firstPaint);
    }
  }
});
