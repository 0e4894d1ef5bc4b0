import { expect, test, type Page, type Response } from "@playwright/test";
import { serverSecrets } from "../build/sentinels.mjs";
import { becomeAdminThroughApi, invitePartnerThroughApi, signUpThroughApi, submitGuestCaseThroughApi } from "./support";

/**
 * Most pages are rendered per request (the marketing pages are pre-rendered at build time), so the build scan (tests/build/bundle-secrets.test.mjs) cannot see
 * what the running server puts into HTML. This visits the public pages, the sign-in pages and the
 * signed-in areas (patient, unlocked admin, partner) in a real browser and looks for every secret the
 * server runs with (playwright.config.ts) and the users' passwords in each document, script, style
 * and data response the browser loaded.
 */
const PUBLIC_PAGES = ["/", "/about", "/services", "/hospitals", "/specialties", "/faq", "/contact", "/privacy", "/terms", "/track", "/upload"];
/** Other languages, visited last: they set the language cookie for the pages after them. */
const OTHER_LOCALES = ["/fr", "/ar/contact", "/ha/simple-login.html"];
const SIGN_IN_PAGES = ["/simple-login.html", "/simple-signup.html", "/login", "/reset-password", "/admin-setup", "/partner/invite"];

interface Scan {
  responses: number;
  hits: string[];
}

/** Opens `paths` in `page` and scans every text response the browser received for `secrets`. */
async function visitAndScan(page: Page, paths: string[], secrets: string[], scan: Scan): Promise<void> {
  const pending: Promise<void>[] = [];
  const onResponse = (response: Response) => {
    const type = response.request().resourceType();
    if (!["document", "script", "stylesheet", "fetch", "xhr"].includes(type)) return;
    pending.push(
      response.body().then(
        (body) => {
          scan.responses++;
          const text = body.toString("latin1");
          for (const secret of secrets) if (text.includes(secret)) scan.hits.push(`${response.url()}: ${secret.slice(0, 10)}…`);
        },
        () => {}, // a redirect or an aborted request has no body
      ),
    );
  };
  page.on("response", onResponse);
  try {
    for (const path of paths) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBeLessThan(500);
      await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => {}); // a page that polls never goes idle
      // What the server rendered into this page, as the browser holds it now.
      const html = await page.content();
      for (const secret of secrets) if (html.includes(secret)) scan.hits.push(`${path} (rendered DOM): ${secret.slice(0, 10)}…`);
    }
  } finally {
    page.off("response", onResponse);
  }
  await Promise.all(pending);
}

test("no secret or password appears in any rendered page or loaded script, signed out or signed in", async ({ page, browser }) => {
  test.setTimeout(240_000);
  const secrets = [...Object.values(serverSecrets)];
  const scan: Scan = { responses: 0, hits: [] };

  await submitGuestCaseThroughApi(page.request, { name: "Sentinel Patient", email: "sentinel.patient@example.com", condition: "Chest pain" });
  await visitAndScan(page, [...PUBLIC_PAGES, ...SIGN_IN_PAGES], secrets, scan);

  // A patient (signed in through this page's request context), then the same account as an unlocked admin.
  const account = await signUpThroughApi(page.request, "SentinelScan");
  secrets.push(account.password);
  await visitAndScan(page, ["/journey", "/account", "/account/security"], secrets, scan);

  await becomeAdminThroughApi(page.request, account);
  const unlocked = await page.request.post("/api/admin/unlock", { data: { password: account.password } });
  expect(unlocked.status(), await unlocked.text()).toBe(200);
  await visitAndScan(page, ["/admin-dashboard", "/admin-dashboard/partners", "/admin-dashboard/audit", "/dashboard"], secrets, scan);
  await page.goto("/admin-dashboard");
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible(); // scanned unlocked, not the gate

  const partnerContext = await browser.newContext();
  try {
    const partner = await invitePartnerThroughApi(page.request, partnerContext.request, "medipol-mega", "SentinelPartner");
    secrets.push(partner.password);
    const partnerPage = await partnerContext.newPage();
    await visitAndScan(partnerPage, ["/partner", "/dashboard"], secrets, scan);
    await partnerPage.goto("/partner");
    await expect(partnerPage.getByRole("heading", { name: "Partner portal" })).toBeVisible();
  } finally {
    await partnerContext.close();
  }

  await visitAndScan(page, OTHER_LOCALES, secrets, scan);

  expect(scan.responses, "responses scanned").toBeGreaterThan(60);
  expect(scan.hits).toEqual([]);
});
