import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { becomeAdminThroughApi, fileSamples, lettersOnly, menuToggle, policyOf, signUpThroughApi, startPageScripts, watchViolations } from "./support";

const nav = (locale: string): Record<string, string> => JSON.parse(readFileSync(join(process.cwd(), "messages", `${locale}.json`), "utf8")).nav;

test("every response carries the security headers; only stored files may be framed, by the app itself", async ({ request }) => {
  for (const path of ["/", "/fr/services", "/api/auth/me", "/no-such-page"]) {
    const response = await request.get(path);
    const headers = response.headers();
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    expect(headers["x-frame-options"], path).toBe("DENY");
    expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
    expect(headers["permissions-policy"], path).toContain("camera=()");
    expect(headers["x-powered-by"], path).toBeUndefined();
  }
  // A file id that does not exist still answers through the file route, with its framing rule.
  const file = await request.get("/api/files/00000000-0000-4000-8000-000000000000");
  expect(file.status()).toBe(404);
  expect(file.headers()["x-frame-options"]).toBe("SAMEORIGIN");
  expect(file.headers()["content-security-policy"]).toContain("frame-ancestors 'self'");
});

test("an address that cannot be decoded gets a 400 with the security headers, not a bare 500", async ({ request }) => {
  for (const path of ["/%E0%A4%A", "/fr/%E0%A4%A", "/api/files/%E0%A4%A"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(400);
    const headers = response.headers();
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["x-frame-options"], path).toBe("DENY");
    expect(headers["content-security-policy"], path).toContain("default-src 'none'");
  }
});

function nonceOf(policy: Map<string, string[]>): string {
  const scriptSources = policy.get("script-src") ?? [];
  expect(scriptSources).toContain("'strict-dynamic'");
  expect(scriptSources).not.toContain("'unsafe-inline'");
  expect(scriptSources).not.toContain("'unsafe-eval'");
  const nonces = scriptSources.filter((source) => /^'nonce-[A-Za-z0-9+/]{22}==?'$/.test(source));
  expect(nonces).toHaveLength(1);
  return nonces[0].slice("'nonce-".length, -1);
}

test("pages rendered per request get a policy with a fresh nonce on every response, and every script in the page carries it", async ({ request }) => {
  // The pre-rendered pages' policy (script hashes) is checked in static-pages.spec.ts.
  for (const pathname of ["/simple-login.html", "/fr/track", "/journey", "/admin-setup"]) {
    // /track is rendered per request for a visitor with the tracking cookie (whether still valid or not).
    const headers: Record<string, string> = pathname.endsWith("/track") ? { cookie: "afya_track=expired" } : {};
    const first = await request.get(pathname, { headers });
    const second = await request.get(pathname, { headers });
    const policy = await policyOf(first);
    const nonce = nonceOf(policy);
    expect(nonceOf(await policyOf(second)), pathname).not.toBe(nonce);
    expect(policy.get("default-src"), pathname).toEqual(["'self'"]);
    expect(policy.get("object-src"), pathname).toEqual(["'none'"]);
    expect(policy.get("base-uri"), pathname).toEqual(["'self'"]);
    expect(policy.get("frame-ancestors"), pathname).toEqual(["'none'"]);
    // Without APP_URL on https (as in these tests) there is nothing to upgrade.
    expect(policy.has("upgrade-insecure-requests"), pathname).toBe(false);

    const scripts = (await first.text()).match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length, pathname).toBeGreaterThan(0);
    for (const script of scripts) {
      // Structured data (JSON-LD) is data, never run, so it needs no nonce.
      if (script.includes('type="application/ld+json"')) continue;
      expect(script, pathname).toContain(`nonce="${nonce}"`);
    }
  }
});

test("API answers and stored files carry a policy that lets nothing load or run", async ({ request }) => {
  const json = await request.get("/api/auth/me");
  expect(json.headers()["content-type"]).toContain("application/json");
  const policy = await policyOf(json);
  expect(policy.get("default-src")).toEqual(["'none'"]);
  expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
  expect(policy.has("script-src")).toBe(false);

  const file = await policyOf(await request.get("/api/files/00000000-0000-4000-8000-000000000000"));
  expect(file.get("default-src")).toEqual(["'none'"]);
  expect(file.get("frame-ancestors")).toEqual(["'self'"]);
  expect(file.has("sandbox")).toBe(true);
});

test("a stored file is served sandboxed, as the file route sets it, on every way it can be opened", async ({ request }) => {
  await signUpThroughApi(request, "Sandbox");
  // Markup in a text file: were it ever rendered as a document of this site, it would run.
  const markup = {
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.domain)"/>\n'),
  };
  for (const files of [markup, fileSamples.pdf("discharge-letter")]) {
    const sent = await request.post("/api/my-submissions", {
      multipart: {
        name: "Sandbox Patient",
        email: "sandbox@example.com",
        homeCountry: "Nigeria",
        medicalCondition: "Knee pain",
        specialty: "orthopedics",
        urgency: "standard",
        preferredCountries: JSON.stringify(["India"]),
        budget: "5k-15k",
        consent: "true",
        consentFullName: "Sandbox Patient",
        consentEmail: "sandbox@example.com",
        consentDate: "2026-11-22",
        files,
      },
    });
    expect(sent.status(), await sent.text()).toBe(201);
  }
  const cases = (await (await request.get("/api/my-submissions")).json()) as { files: { id: string; mimeType: string }[] }[];
  const stored = cases.flatMap((submission) => submission.files);
  const text = stored.find((file) => file.mimeType === "text/plain")!;
  const pdf = stored.find((file) => file.mimeType === "application/pdf")!;

  for (const url of [`/api/files/${text.id}?disposition=inline`, `/api/files/${text.id}`, `/api/files/${pdf.id}`]) {
    const policy = await policyOf(await request.get(url));
    expect(policy.has("sandbox"), url).toBe(true);
    expect(policy.get("default-src"), url).toEqual(["'none'"]);
    expect(policy.get("frame-ancestors"), url).toEqual(["'self'"]);
  }
  const link = (await (await request.post(`/api/files/${text.id}/signed-link`, { data: {} })).json()) as { url: string };
  const signed = await policyOf(await request.get(link.url));
  expect(signed.has("sandbox")).toBe(true);
  expect(signed.get("default-src")).toEqual(["'none'"]);
  // Chrome's PDF viewer does not start in a sandboxed document: an inline PDF alone goes without it.
  const inlinePdf = await policyOf(await request.get(`/api/files/${pdf.id}?disposition=inline`));
  expect(inlinePdf.has("sandbox")).toBe(false);
  expect(inlinePdf.get("default-src")).toEqual(["'none'"]);
});

/** Clicks a link and checks that the app navigated on the client, without loading a new document. */
async function clientNavigation(page: Page, click: () => Promise<void>, url: RegExp) {
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await click();
  await expect(page).toHaveURL(url);
  expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
}

test("a visitor on a phone: the pages' scripts start when a control is taken, the menu works, navigation stays in the app, nothing is blocked", async ({
  page,
}) => {
  const violations = await watchViolations(page);
  await page.setViewportSize({ width: 375, height: 812 });

  for (const [locale, start, target, link] of [
    ["en", "/", /\/services$/, "services"],
    ["fr", "/fr/services", /\/fr\/faq$/, "faq"],
  ] as const) {
    const response = await page.goto(start);
    expect((await policyOf(response!)).get("script-src")?.filter((source) => source.startsWith("'sha256-")).length, start).toBeGreaterThan(2);
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    expect(violations, start).toEqual([]);
    await startPageScripts(page);
    await menuToggle(page).click();
    await expect(menuToggle(page)).toHaveAccessibleName(nav(locale).closeMenu);
    const menu = page.locator("#mobile-menu");
    await clientNavigation(page, () => menu.getByRole("link", { name: nav(locale)[link], exact: true }).click(), target);
    await expect(menu).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
  expect(violations).toEqual([]);
});

test("sign-in and a signed-in patient's pages work under the policy, dialogs included", async ({ page, request }) => {
  const account = await signUpThroughApi(request, "Ngozi");
  const violations = await watchViolations(page);

  await page.goto("/simple-login.html?next=%2Faccount");
  await page.getByLabel("Email or username").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText(`Signed in as ${account.email}`)).toBeVisible();

  // A Radix dialog: focus trap, scroll lock (an inserted <style> element) and portal.
  await page.getByRole("button", { name: "Delete my account" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Delete your account for good?" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  const header = page.getByRole("banner");
  await clientNavigation(
    page,
    () =>
      header
        .getByRole("navigation", { name: nav("en").mainNavigation })
        .getByRole("link", { name: nav("en").services, exact: true })
        .click(),
    /\/services$/,
  );
  await expect(header.getByRole("link", { name: `Welcome, ${account.name}` })).toBeVisible();

  // The patient's own submissions, fetched by the browser from the API.
  const dashboard = await page.goto("/journey");
  nonceOf(await policyOf(dashboard!));
  await expect(page).toHaveURL(/\/journey$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.goto("/account/security");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(violations).toEqual([]);
});

test("an admin's dashboard, its file preview frame and a case page work under the policy", async ({ page }) => {
  const patientName = `Bola Ade ${lettersOnly(Date.now().toString(36))}`;
  const submission = await page.request.post("/api/medical-submissions", {
    multipart: {
      name: patientName,
      email: "bola@example.com",
      homeCountry: "Nigeria",
      medicalCondition: "Hip pain",
      specialty: "orthopedics",
      urgency: "standard",
      preferredCountries: JSON.stringify(["Turkey"]),
      budget: "5k-15k",
      consent: "true",
      consentFullName: patientName,
      consentEmail: "bola@example.com",
      consentDate: "2026-11-22",
      files: fileSamples.pdf("hip-x-ray-report"),
    },
  });
  expect(submission.status(), await submission.text()).toBe(201);
  const account = await signUpThroughApi(page.request, "Coordinator");
  await becomeAdminThroughApi(page.request, account);
  const violations = await watchViolations(page);

  const dashboard = await page.goto("/admin-dashboard");
  nonceOf(await policyOf(dashboard!));
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  const card = page.getByTestId("admin-submission").filter({ hasText: patientName });

  // The stored PDF in the preview dialog's frame (frame-src 'self'; the file answers with its own policy).
  await card.getByRole("button", { name: "Preview hip-x-ray-report.pdf" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.locator("iframe")).toBeVisible();
  await expect.poll(() => page.frames().some((frame) => /\/api\/files\/[0-9a-f-]+\?disposition=inline$/.test(frame.url()))).toBe(true);
  await dialog.getByRole("button", { name: "Close" }).click();

  await clientNavigation(page, () => card.getByRole("link", { name: new RegExp(`^View Details\\W+${patientName}$`) }).click(), /\/admin-dashboard\/cases\//);
  await expect(page.getByRole("heading", { level: 1, name: patientName })).toBeVisible();
  expect(violations).toEqual([]);
});

test("an injected inline script is refused and reported, so the checks above would see one", async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto("/about");
  await page.evaluate(() => {
    const image = document.createElement("img");
    image.setAttribute("onerror", "window.injected = true");
    image.src = "data:,not-an-image";
    document.body.append(image);
  });
  // The console's message and the page's violation event arrive in either order: wait for the event's.
  await expect.poll(() => violations.join("\n")).toContain("script-src-attr blocked inline");
  expect(await page.evaluate(() => "injected" in window)).toBe(false);
});
