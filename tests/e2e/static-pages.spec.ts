import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { SIGNED_IN_HINT_COOKIE } from "../../lib/auth/signed-in-hint.mjs";
import { defaultLocale, localePath, locales, type Locale } from "../../lib/i18n/locales";
import { staticPagePaths } from "../../lib/security/static-pages";
import {
  fileSamples,
  headerHydrated,
  holdPageScripts,
  menuToggle,
  policyOf,
  recordsForm,
  signUpThroughApi,
  startPageScripts,
  watchViolations,
} from "./support";

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

/**
 * An address that matches no page is answered with the 404 pre-rendered in its language (proxy.ts): no
 * render for it, and a CDN may keep it like any static page. In Chromium its scripts run under its hashes.
 */
test("an unknown address gets the pre-rendered 404 of its language: status 404, cacheable, a 304 again, its scripts allowed", async ({ request, page }) => {
  for (const [address, locale] of [
    ["/fr/no-such-page", "fr"],
    ["/ar/specialties/no-such-specialty", "ar"],
    ["/old-report.pdf", "en"],
  ] as const) {
    const headers = { accept: "text/html", cookie: `NEXT_LOCALE=${locale}` };
    const first = await request.get(address, { headers, maxRedirects: 0 });
    expect(first.status(), address).toBe(404);
    expect(first.headers()["x-nextjs-cache"], `${address} is not served from the build`).toBe("HIT");
    expect(first.headers()["cache-control"], address).toBe(
      locale === "en" ? "private, max-age=0, must-revalidate" : "public, max-age=0, s-maxage=300, stale-while-revalidate=3600",
    );
    const scriptSources = (await policyOf(first)).get("script-src") ?? [];
    expect(scriptSources.filter((source) => source.startsWith("'sha256-")).length, address).toBeGreaterThan(2);
    expect(
      scriptSources.filter((source) => /^'(nonce-|unsafe-inline)/.test(source)),
      address,
    ).toEqual([]);
    const again = await request.get(address, { headers: { ...headers, "if-none-match": first.headers().etag }, maxRedirects: 0 });
    expect(again.status(), address).toBe(304);
  }
  // The same file answers every unknown address of a language: a different one names no other page.
  const [one, other] = await Promise.all(["/fr/one-page", "/fr/other/page"].map((address) => request.get(address, { headers: { cookie: "NEXT_LOCALE=fr" } })));
  expect(one.headers().etag).toBe(other.headers().etag);
  expect(await one.text()).not.toContain("one-page");

  const violations = await watchViolations(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/fr/no-such-page");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page introuvable");
  await expect(page).toHaveURL(/\/fr\/no-such-page$/);
  await menuToggle(page).click();
  await expect(page.locator("#mobile-menu")).toBeVisible();
  await menuToggle(page).click();
  await startPageScripts(page);
  expect(violations).toEqual([]);
  await page.getByRole("link", { name: "Retour à l’accueil" }).click();
  await expect(page).toHaveURL(/\/fr$/);
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
 * In Chromium: the page loads with no Content-Security-Policy violation, its menu opens before any script
 * runs, and its scripts run once started (React takes the header over). Each kind of page once in English
 * (one specialty page for all), and every other locale's home page; the build test checks every page's
 * hashes in every locale.
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
    await expect(menuToggle(page), address).toHaveAccessibleName(openMenu(locale));
    await menuToggle(page).click();
    await expect(page.locator("#mobile-menu"), address).toBeVisible();
    await startPageScripts(page);
    expect(violations, address).toEqual([]);
  }
});

/** Records, from before the page's first byte, the moment each of Next's scripts joins the document. */
async function recordScriptsAdded(page: Page): Promise<() => Promise<{ firstPaint: number; added: number[] }>> {
  await page.addInitScript(() => {
    const added: number[] = [];
    (window as unknown as { scriptsAdded: number[] }).scriptsAdded = added;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof HTMLScriptElement && node.src.includes("/_next/static/") && !node.noModule) added.push(performance.now());
    }).observe(document, { childList: true, subtree: true });
  });
  return () =>
    page.evaluate(() => ({
      firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0,
      added: (window as unknown as { scriptsAdded: number[] }).scriptsAdded,
    }));
}

/**
 * A text page starts no script of its own accord (scripts/static-page-hashes.mjs): a reader downloads and
 * runs none, on a first visit or a repeat one (scripts cached), and the menu and links work. A visitor
 * who takes a control that needs them (the language selector) starts them, never before the first paint.
 */
test("a text page starts no script until a visitor needs one, and then only after its first paint", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const scriptsAdded = await recordScriptsAdded(page);
  for (const address of ["/", "/ar/services"]) {
    for (const visit of ["first", "repeat (scripts cached)"]) {
      await page.goto(address);
      await page.waitForLoadState("networkidle");
      await menuToggle(page).click();
      await expect(page.locator("#mobile-menu"), address).toBeVisible();
      expect((await scriptsAdded()).added, `${address}, ${visit} visit: scripts started on their own`).toEqual([]);
      // Shown at once: no script will come to say who is signed in.
      await expect(page.locator("#mobile-menu").getByTestId("guest-links"), address).toBeVisible();
      await startPageScripts(page);
      const { firstPaint, added } = await scriptsAdded();
      expect(firstPaint, `${address}, ${visit} visit`).toBeGreaterThan(0);
      expect(added.length, `${address}, ${visit} visit`).toBeGreaterThan(5);
      expect(Math.min(...added), `${address}, ${visit} visit: a script joined before the first paint`).toBeGreaterThanOrEqual(firstPaint);
    }
  }
});

/**
 * The hospitals page shows each hospital's response time, fetched by its scripts: they start when that
 * list nears the view (half a screen ahead), so a reader who stays at the top fetches none.
 */
test("the hospitals page starts its scripts when the response times near the view", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const scriptsAdded = await recordScriptsAdded(page);
  await page.goto("/hospitals");
  await page.waitForLoadState("networkidle");
  expect((await scriptsAdded()).added, "scripts started with the response times out of view").toEqual([]);
  await page.getByRole("heading", { name: "How fast each hospital answers" }).scrollIntoViewIfNeeded();
  await expect(page.getByTestId("hospital-response-times").getByRole("listitem").first()).toBeVisible();
  expect((await scriptsAdded()).added.length).toBeGreaterThan(5);
});

/**
 * A page with a form fetches its scripts after the first paint but runs them only when the form is used
 * (scripts/static-page-hashes.mjs): a tap on the form, a key pressed. What the form shows untouched, a
 * draft saved in this browser or a specialty asked for by the link, starts them after the first paint.
 */
test("a form's page runs its scripts when the form is used, or at once for a saved draft or a link's specialty", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const scriptsAdded = await recordScriptsAdded(page);
  const prefetched = () =>
    page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === "link" && /\/_next\/static\/.*\.js$/.test(entry.name))
        .map((entry) => entry.startTime),
    );
  // The forms' own code (TanStack Query's among it) is not among the page's scripts: it is fetched once a form is used.
  // (A prefetched script's body cannot be read from the browser's response: it is asked for again here.)
  const formCode: string[] = [];
  const checked: Promise<void>[] = [];
  page.on("response", (response) => {
    const url = response.url();
    if (/\/_next\/static\/chunks\/.*\.js$/.test(url))
      checked.push(fetch(url).then(async (again) => void ((await again.text()).includes("No QueryClient set") && formCode.push(url))));
  });
  await page.goto("/contact");
  await page.waitForLoadState("networkidle");
  expect((await scriptsAdded()).added, "scripts ran before the form was used").toEqual([]);
  await Promise.all(checked);
  expect(formCode, "the forms' code was fetched before a form was used").toEqual([]);
  const { firstPaint } = await scriptsAdded();
  expect((await prefetched()).length, "scripts not fetched ahead").toBeGreaterThan(5);
  expect(Math.min(...(await prefetched())), "a script fetched before the first paint").toBeGreaterThanOrEqual(firstPaint);
  // Shown without scripts: no script will come to say who is signed in until the form is used.
  await expect(page.getByText("You can submit as a guest.", { exact: false })).toBeVisible();

  const name = page.locator("#records-patientName");
  await name.click();
  await page.keyboard.type("Amina Bello");
  await expect.poll(async () => (await scriptsAdded()).added.length).toBeGreaterThan(5);
  await expect.poll(() => formCode.length).toBeGreaterThan(0);

  // The draft is saved: the form shows it again without being touched.
  await expect.poll(() => page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("afya:draft:")).length)).toBe(1);
  await page.reload();
  await expect(name).toHaveValue("Amina Bello");
  // Cleared on a page without the form: leaving it saves the draft once more.
  await page.goto("/about");
  await page.evaluate(() => localStorage.clear());
  await page.goto("/upload?specialty=oncology");
  await expect(page.locator("#records-specialty")).toHaveValue("oncology");

  // A keyboard user's first key starts them: the fields are disabled, out of the tab order, until then.
  await page.goto("/track");
  await page.waitForLoadState("networkidle");
  expect((await scriptsAdded()).added, "/track: scripts ran before the form was used").toEqual([]);
  await page.keyboard.press("Tab");
  await expect(page.locator("#track-number")).toBeEnabled();
});

/**
 * A signed-in visitor's header needs the scripts (the name, the bell, Logout): they start of their own
 * accord, after the first paint. The signed-in hint comes from the proxy, which sets it from the session
 * cookie (proxy.ts).
 */
test("a signed-in visitor's text page starts its scripts after the first paint", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const scriptsAdded = await recordScriptsAdded(page);
  const startsAfterFirstPaint = async (address: string) => {
    await page.goto(address);
    await headerHydrated(page);
    const { firstPaint, added } = await scriptsAdded();
    expect(added.length, address).toBeGreaterThan(5);
    expect(Math.min(...added), `${address}: a script joined before the first paint`).toBeGreaterThanOrEqual(firstPaint);
  };

  await signUpThroughApi(page.request, "Amaka");
  // Until the scripts have asked who is signed in, a signed-in reader is not offered Login.
  await page.route("**/_next/static/**/*.js", (route) => route.abort());
  await page.goto("/about");
  await expect(page.getByRole("banner").getByTestId("guest-links").first()).toBeHidden();
  await page.unrouteAll();
  await startsAfterFirstPaint("/about");
  await expect(page.getByRole("banner").getByTestId("welcome-line").first()).toHaveText("Welcome, Amaka");
  expect((await page.context().cookies()).find((cookie) => cookie.name === SIGNED_IN_HINT_COOKIE)?.value).toBe("1");
  await startsAfterFirstPaint("/contact");
});

/**
 * A form's fields take typing before its page's scripts have run (they start when the form is used, and on
 * a slow link take seconds to come): once React has the form, what was typed is its values, counted by
 * what watches them (what is still needed, Send enabled, the consent's name following the patient's), and
 * files chosen are listed. The consent box and sending wait for React
 * (docs/decisions/035-form-pages-start-scripts-on-use.md).
 */
test("what is typed or chosen in a form before its scripts run is kept and counted once React has it; sending waits for React", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  let release = await holdPageScripts(page);
  await page.goto("/contact", { waitUntil: "domcontentloaded" });
  const records = recordsForm(page);
  await records.locator("#records-patientName").fill("Amina Bello");
  await records.locator("#records-email").fill("amina@example.com");
  await records.locator("#records-specialty").selectOption("cardiology");
  const inquiry = page.locator("form").filter({ has: page.locator("#inquiry-email") });
  await inquiry.locator("#inquiry-name").fill("Musa Ibrahim");
  await inquiry.locator("#inquiry-email").fill("musa@example.com");
  await inquiry.locator("#inquiry-message").fill("Do your partner hospitals treat children?");
  const send = inquiry.getByRole("button", { name: "Send Inquiry" });
  await expect(send).toBeDisabled();
  await expect(records.locator("#records-consent")).toBeDisabled();
  // The area is the picker's label: a tap opens it without any script.
  const chooser = page.waitForEvent("filechooser");
  await records.getByRole("button", { name: /Choose files/ }).click();
  await (await chooser).setFiles([fileSamples.pdf("echocardiogram")]);

  release();
  await expect(records.locator("#records-consent")).toBeEnabled();
  await expect(send).toBeEnabled();
  await expect(records.getByText("echocardiogram.pdf")).toBeVisible();
  await expect(records.locator("#records-patientName")).toHaveValue("Amina Bello");
  await expect(records.locator("#records-consentFullName")).toHaveValue("Amina Bello");
  await expect(records.getByTestId("records-missing")).toContainText("Home country");
  await expect(records.getByTestId("records-missing")).not.toContainText(/(: |, )(at least one file|Name|Email|Specialty)(,|$)/);

  release = await holdPageScripts(page);
  await page.goto("/track", { waitUntil: "domcontentloaded" });
  await page.getByLabel("Tracking number").fill("SUB-20261122-ABCDEFGHJK");
  await page.getByLabel("Email").fill("amina@example.com");
  const sendCode = page.getByRole("button", { name: "Send me a code" });
  await expect(sendCode).toBeDisabled();
  release();
  await expect(sendCode).toBeEnabled();
});
