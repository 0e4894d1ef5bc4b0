import { readFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { buildPublicConfig } from "../build/sentinels.mjs";
import { holdPageScripts, menuToggle, startPageScripts, touchForm, watchViolations } from "./support";
import { PLAN_PROMISE_HOURS } from "../../lib/contracts/promise";

type Messages = { [key: string]: string | Messages };
const messages = (locale: string): Messages => JSON.parse(readFileSync(path.join(process.cwd(), "messages", `${locale}.json`), "utf8"));
const en = messages("en");
const fr = messages("fr");

/** A message by dotted key, e.g. text(en, "nav.home"). */
function text(source: Messages, key: string): string {
  const value = key.split(".").reduce<string | Messages | undefined>((node, part) => (typeof node === "object" ? node[part] : undefined), source);
  if (typeof value !== "string") throw new Error(`No message ${key}`);
  return value;
}

/** "/faq" in a locale: English has no prefix. */
const localized = (route: string, locale: string) => (locale === "en" ? route : `/${locale}${route === "/" ? "" : route}`);

// The public pages, plus /track.
const publicRoutes = [
  "/",
  "/services",
  "/hospitals",
  "/medipol-hospitals",
  "/memorial-hospitals",
  "/about",
  "/faq",
  "/contact",
  "/upload",
  "/track",
  "/packages",
  "/communication-demo",
  "/privacy",
  "/terms",
  "/admin-setup",
];
// Pages for signed-in people only: a signed-out visitor is sent to the sign-in page.
const signedInOnly = ["/journey", "/admin-dashboard", "/google-drive-setup"];

// One tab per language walks every page: the pages' scripts are then fetched and compiled once, not once a page.
for (const locale of ["en", "fr", "ar"]) {
  test(`every page answers in ${locale}; the signed-in pages send a signed-out visitor to sign in`, async ({ page }) => {
    for (const route of publicRoutes) {
      await test.step(`${localized(route, locale)} answers 200`, async () => {
        const response = await page.goto(localized(route, locale));
        expect(response?.status()).toBe(200);
        await expect(page.locator("html")).toHaveAttribute("lang", locale);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      });
    }
    for (const route of signedInOnly) {
      await test.step(`${localized(route, locale)} sends a signed-out visitor to the sign-in page`, async () => {
        const response = await page.goto(localized(route, locale));
        expect(response?.status()).toBe(200);
        await expect(page).toHaveURL(new RegExp(`${localized("/simple-login.html", locale).replace(".", "\\.")}`));
      });
    }
  });
}

test("the mobile menu opens at phone width and shows the navigation links", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/about");
  const header = page.getByRole("banner");
  await expect(header.getByRole("navigation", { name: text(en, "nav.mainNavigation") })).toBeHidden();

  await expect(menuToggle(page)).toHaveAccessibleName(text(en, "nav.openMenu"));
  await menuToggle(page).click();
  await expect(menuToggle(page)).toHaveAccessibleName(text(en, "nav.closeMenu"));
  const menu = page.locator("#mobile-menu");
  for (const key of ["home", "services", "hospitals", "about", "faq", "contact"])
    await expect(menu.getByRole("link", { name: text(en, `nav.${key}`), exact: true })).toBeVisible();

  await menu.getByRole("link", { name: text(en, "nav.faq"), exact: true }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(menu).toBeHidden();
});

test("the language selector switches the page, and the choice is remembered on the next visit", async ({ page, context }) => {
  await page.goto("/faq");
  await page.getByTestId("language-selector").selectOption("fr");
  await expect(page).toHaveURL(/\/fr\/faq$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("banner").getByRole("link", { name: text(fr, "nav.hospitals"), exact: true })).toBeVisible();

  const cookie = (await context.cookies()).find((c) => c.name === "NEXT_LOCALE");
  expect(cookie?.value).toBe("fr");
  await page.goto("/");
  await expect(page).toHaveURL(/\/fr$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
});

test("a language chosen before the page's scripts have run still switches the page", async ({ page }) => {
  // Held back until the visitor has chosen.
  const release = await holdPageScripts(page);
  await page.goto("/faq", { waitUntil: "domcontentloaded" });
  await page.getByTestId("language-selector").selectOption("fr");
  release();
  await expect(page).toHaveURL(/\/fr\/faq$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
});

test.describe("accessibility (axe)", () => {
  async function expectNoViolations(page: Page) {
    // Also the label-in-name rule (WCAG 2.5.3), experimental in axe and checked by Lighthouse: a voice-control
    // user names a control by what it shows.
    const { violations } = await new AxeBuilder({ page }).options({ rules: { "label-content-name-mismatch": { enabled: true } } }).analyze();
    const summary = violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((node) => node.target.join(" ")).join(", ")}`);
    expect(summary).toEqual([]);
  }

  for (const route of ["/", "/services", "/hospitals", "/faq", "/about", "/privacy", "/contact", "/upload"]) {
    test(`${route} has no violations`, async ({ page }) => {
      expect((await page.goto(route))?.status()).toBe(200);
      await expectNoViolations(page);
    });
  }

  test("the open support widget and an open FAQ answer have no violations, also right to left", async ({ page }) => {
    await page.goto("/ar/faq");
    await page.getByTestId("support-widget-button").click();
    await page.locator("main details summary").first().click();
    await expectNoViolations(page);
  });
});

test("an unknown path shows the localized 'Page Not Found' with status 404", async ({ page }) => {
  const response = await page.goto("/fr/xyz");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(text(fr, "notFound.title"));
  await expect(page).toHaveTitle(text(fr, "notFound.title"));
});

test("an address with a file extension gets the translated 404 under the pages' policy, not a blank page", async ({ page }) => {
  const violations = await watchViolations(page);
  for (const [path, messages] of [
    ["/missing.png", en],
    ["/fr/old-report.pdf", fr],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1 }), path).toHaveText(text(messages, "notFound.title"));
    await expect(page.getByRole("link", { name: text(messages, "notFound.backHome") }), path).toBeVisible();
  }
  expect(violations).toEqual([]);
});

test.describe("support widget and footer", () => {
  test("the chat button offers the four prefilled WhatsApp messages to the support number", async ({ page }) => {
    await page.goto("/about");
    const widget = page.getByRole("complementary", { name: text(en, "support.title") });
    await expect(widget.getByRole("link")).toHaveCount(0);
    await widget.getByTestId("support-widget-button").click();
    for (const topic of ["generalInquiry", "medicalEmergency", "submissionStatus", "travelAssistance"]) {
      const link = widget.getByRole("link", { name: text(en, `support.topics.${topic}.label`) });
      const href = new URL((await link.getAttribute("href"))!);
      expect(href.origin + href.pathname).toMatch(/^https:\/\/wa\.me\/\d{8,15}$/);
      expect(href.searchParams.get("text")).toBe(text(en, `support.topics.${topic}.message`));
      await expect(link).toHaveAttribute("target", "_blank");
    }
    await expect(widget.getByRole("link", { name: /^Call / })).toHaveAttribute("href", /^tel:\+\d{8,15}$/);
    await expect(widget.getByRole("link", { name: /^Email / })).toHaveAttribute("href", /^mailto:.+@.+/);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("the support widget still opens", async ({ page }) => {
      await page.goto("/faq");
      await page.getByTestId("support-widget-button").click();
      await expect(page.getByRole("link", { name: text(en, "support.topics.medicalEmergency.label") })).toBeVisible();
    });
  });

  test("the footer has the emergency contact, quick, social and legal links and the accreditation notes", async ({ page }) => {
    await page.goto("/faq");
    const footer = page.getByRole("contentinfo");
    // The numbers and accounts the build was configured with (tests/build/sentinels.mjs), nothing else.
    const phoneLink = footer.getByRole("link", { name: new RegExp(text(en, "footer.phoneLabel")) });
    await expect(phoneLink).toHaveAttribute("href", "tel:+442079460123");
    await expect(phoneLink).toContainText(buildPublicConfig.NEXT_PUBLIC_SUPPORT_PHONE);
    await expect(footer.getByRole("link", { name: new RegExp(text(en, "footer.emailLabel")) })).toHaveAttribute("href", /^mailto:/);
    await expect(footer.getByRole("link", { name: new RegExp(text(en, "footer.whatsappLabel")) })).toHaveAttribute("href", /^https:\/\/wa\.me\/447700900123\?/);
    const quickLinks = footer.getByRole("navigation", { name: text(en, "footer.quickLinksTitle") });
    await expect(quickLinks.getByRole("link", { name: text(en, "footer.links.services") })).toHaveAttribute("href", "/services");
    await expect(quickLinks.getByRole("link", { name: text(en, "footer.links.packages") })).toHaveAttribute("href", "/packages");
    // The communication demo is sample data: not linked (PRODUCT.md keeps the page itself).
    await expect(footer.locator('a[href$="/communication-demo"]')).toHaveCount(0);
    const legal = footer.getByRole("navigation", { name: text(en, "footer.legalTitle") });
    await expect(legal.getByRole("link", { name: text(en, "footer.privacy") })).toHaveAttribute("href", "/privacy");
    await expect(legal.getByRole("link", { name: text(en, "footer.terms") })).toHaveAttribute("href", "/terms");
    await expect(footer.getByRole("link", { name: new RegExp(text(en, "footer.social.facebook")) })).toHaveAttribute(
      "href",
      buildPublicConfig.NEXT_PUBLIC_SOCIAL_FACEBOOK,
    );
    await expect(footer.getByRole("link", { name: new RegExp(text(en, "footer.social.instagram")) })).toHaveAttribute(
      "href",
      buildPublicConfig.NEXT_PUBLIC_SOCIAL_INSTAGRAM,
    );
    // Not configured for this build: hidden, not a made-up account or address.
    await expect(footer.getByRole("link", { name: new RegExp(text(en, "footer.social.linkedin")) })).toHaveCount(0);
    await expect(footer.getByTestId("footer-address")).toHaveCount(0);
    await expect(footer).toContainText("Joint Commission International (JCI)");
    await expect(footer).toContainText("ISO 9001");
  });

  test("every page carries the site's MedicalOrganization structured data", async ({ page }) => {
    await page.goto("/fr/about");
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const organization = blocks.map((block) => JSON.parse(block)).find((data) => data["@type"] === "MedicalOrganization");
    expect(organization).toMatchObject({ name: "AfyaBridge", url: expect.stringMatching(/\/fr$/), contactPoint: { "@type": "ContactPoint" } });
  });
});

test.describe("information pages", () => {
  test("the FAQ has seven categories of questions that open and close, the site's claims and FAQPage data", async ({ page }) => {
    await page.goto("/faq");
    const main = page.getByRole("main");
    const categories = main.getByRole("navigation", { name: text(en, "faq.categoriesLabel") }).getByRole("link");
    await expect(categories).toHaveCount(7);

    const question = main.locator("details", { hasText: text(en, "faq.categories.care.questions.icuAdmission.question") });
    const answer = question.getByText(text(en, "faq.categories.care.questions.icuAdmission.answer"));
    await expect(answer).toBeHidden();
    await question.locator("summary").click();
    await expect(answer).toBeVisible();
    await question.locator("summary").click();
    await expect(answer).toBeHidden();

    const allText = (
      await main.evaluate((element) => {
        element.querySelectorAll("details").forEach((details) => (details.open = true));
        return element.textContent ?? "";
      })
    ).replace(/\s+/g, " ");
    for (const claim of [
      "within 48 hours of your approving the treatment plan and agreeing on its cost",
      "NEWS2 score of 7 or more",
      "stable for 12 hours",
      "root-cause analysis within 72 hours",
      "2 hours daily",
      `answer with a treatment plan within ${PLAN_PROMISE_HOURS} hours. Urgent cases`,
      "Nothing is paid until you approve a treatment plan",
    ])
      expect(allText).toContain(claim);

    const faqData = (await page.locator('script[type="application/ld+json"]').allTextContents())
      .map((block) => JSON.parse(block))
      .find((data) => data["@type"] === "FAQPage");
    expect(faqData.mainEntity.length).toBe(await main.locator("details").count());
    expect(faqData.mainEntity[0]).toMatchObject({ "@type": "Question", acceptedAnswer: { "@type": "Answer" } });

    const support = main.getByRole("region", { name: text(en, "faq.support.title") });
    await expect(support.getByRole("link", { name: text(en, "faq.support.chatAction") })).toHaveAttribute("href", /^https:\/\/wa\.me\//);
    await expect(support.getByRole("link", { name: /^\+\d/ })).toHaveAttribute("href", /^tel:/);
    await support.getByRole("link", { name: text(en, "faq.support.urgentButton") }).click();
    await expect(page).toHaveURL(/\/contact$/);
  });

  test("a visitor sends a general inquiry from the contact page, is thanked, and the form empties", async ({ page }) => {
    await page.goto("/contact");
    const form = await touchForm(page.locator("form").filter({ has: page.locator("#inquiry-email") }));
    const send = form.getByRole("button", { name: text(en, "contact.sendInquiry") });
    await expect(send).toBeDisabled();
    await form.locator("#inquiry-name").fill("Amina Bello");
    await form.locator("#inquiry-email").fill("amina@example.com");
    await form.locator("#inquiry-message").fill("Do your partner hospitals treat children with congenital heart disease?");
    await send.click();
    await expect(page.getByText(text(en, "contact.toast.inquirySent"), { exact: true })).toBeVisible();
    await expect(form.locator("#inquiry-message")).toHaveValue("");
    await expect(send).toBeDisabled();
  });

  test("the contact page loads its forms' checks (zod) when a form is first used, not while it loads or idles", async ({ page }) => {
    const scripts: string[] = [];
    page.on("response", async (response) => {
      if (response.request().resourceType() === "script") scripts.push(await response.text().catch(() => ""));
    });
    const loaded = (marker: string) => scripts.filter((code) => code.includes(marker)).length;
    await page.goto("/contact");
    // Started from the header's language selector: touching a form would be using it.
    await startPageScripts(page);
    // Once idle, the page loads the records form's upload client (tus): by then it is done starting.
    await expect.poll(() => loaded("Tus-Resumable"), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(loaded('"ZodType"')).toBe(0);
    await page.locator("#inquiry-name").focus();
    await expect.poll(() => loaded('"ZodType"')).toBeGreaterThan(0);
  });

  test("offline before the inquiry form was first used, Send says so and keeps the text; back online, it goes", async ({ page, context }) => {
    await page.goto("/contact");
    const form = await touchForm(page.locator("form").filter({ has: page.locator("#inquiry-email") }));
    // The form's checks (zod and the contract) are imported when it is first used: now, with no connection.
    await context.setOffline(true);
    await form.locator("#inquiry-name").fill("Amina Bello");
    await form.locator("#inquiry-email").fill("amina@example.com");
    await form.locator("#inquiry-message").fill("Is a second opinion on a CT scan possible?");
    const send = form.getByRole("button", { name: text(en, "contact.sendInquiry") });
    await send.click();
    await expect(form.getByRole("alert")).toHaveText(text(en, "errors.network"));
    await expect(form.locator("#inquiry-message")).toHaveValue("Is a second opinion on a CT scan possible?");

    await context.setOffline(false);
    await send.click();
    await expect(page.getByText(text(en, "contact.toast.inquirySent"), { exact: true })).toBeVisible();
    await expect(form.getByRole("alert")).toHaveCount(0);
  });

  test("the privacy policy states retention, the effective date and the rights; the terms require age 18", async ({ page }) => {
    await page.goto("/privacy");
    const policy = page.getByRole("main");
    await expect(policy).toContainText("Effective date: January 1, 2025");
    await expect(policy).toContainText("deleted automatically 180 days after upload");
    await expect(policy).toContainText("deleted automatically after 90 days");
    await expect(policy).toContainText("NDPA 2023");
    await expect(policy).toContainText("encrypted at rest");
    await page.goto("/terms");
    await expect(page.getByRole("main")).toContainText("You must be 18 or older");
  });

  test("the communication demo says it uses sample data and each live demo shows and hides", async ({ page }) => {
    await page.goto("/communication-demo");
    await expect(page.getByTestId("demo-notice")).toContainText(text(en, "demo.notice"));
    for (const feature of ["messaging", "notifications", "languages", "email"]) {
      const demo = page.getByTestId(`demo-${feature}`);
      await demo.getByText(text(en, "demo.showDemo")).click();
      await expect(demo.getByText(text(en, "demo.hideDemo"))).toBeVisible();
    }
    const messaging = page.getByTestId("demo-messaging");
    for (const topic of ["generalInquiry", "medicalEmergency", "submissionStatus", "travelAssistance"]) {
      const href = await messaging.getByRole("link", { name: text(en, `demo.messaging.actions.${topic}`) }).getAttribute("href");
      expect(new URL(href!).searchParams.get("text")).toBe(text(en, `support.topics.${topic}.message`));
    }
    await expect(page.getByTestId("demo-languages").getByRole("listitem")).toHaveCount(6);
    await expect(page.getByTestId("demo-email")).toContainText(text(en, "demo.email.trackingLabel"));
    await page.getByTestId("demo-email").getByText(text(en, "demo.hideDemo")).click();
    await expect(page.getByTestId("demo-email").getByText(text(en, "demo.email.trackingLabel"))).toBeHidden();
  });
});

test("/packages shows the six health check-up packages, linked from the services page, in every language", async ({ page }) => {
  for (const locale of ["en", "fr", "ar"]) {
    const response = await page.goto(localized("/packages", locale));
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text(messages(locale), "services.checkupsHeading"));
    await expect(page).toHaveTitle(text(messages(locale), "packages.metaTitle"));
    await expect(page.locator("#checkups li h3, #checkups ul > li").first()).toBeVisible();
  }
  await page.context().clearCookies(); // the last language chosen is remembered
  await page.goto("/packages");
  for (const id of ["standardMen", "standardWomen40Plus", "standardWomenUnder40", "plusMen", "plusWomen40Plus", "premium"])
    await expect(page.getByRole("main")).toContainText(text(en, `checkups.packages.${id}.name`));
  await page.goto("/services");
  await page.getByRole("link", { name: text(en, "packages.allPackages") }).click();
  await expect(page).toHaveURL(/\/packages$/);
});

test("every page that states the promise takes it from PLAN_PROMISE_HOURS: the same figure everywhere, in every language", async ({ page }) => {
  const promise: Record<string, RegExp> = {
    en: new RegExp(`within ${PLAN_PROMISE_HOURS} hours`),
    fr: new RegExp(`sous ${PLAN_PROMISE_HOURS} heures`),
    ru: new RegExp(`в течение ${PLAN_PROMISE_HOURS} час`),
  };
  for (const locale of ["en", "fr", "ru"]) {
    for (const route of ["/", "/about", "/services", "/faq", "/specialties/cardiology", "/contact"]) {
      await page.goto(localized(route, locale));
      const text = (await page.locator("body").innerText()).replace(/\s+/g, " ");
      expect(text, `${locale} ${route}`).toMatch(promise[locale]);
      // A caller that forgot the argument would show "{hours}" or the message's key.
      expect(text, `${locale} ${route}`).not.toMatch(/\{hours|heroSubtitle|ctaBody|tagline|closingBody/);
    }
  }
  await page.context().clearCookies(); // the last language chosen is remembered
  await page.goto("/about");
  await expect(page.getByRole("main")).toContainText(`${PLAN_PROMISE_HOURS} h`);
});

test("search engines get a sitemap with language alternates and a robots.txt that keeps private areas out", async ({ request }) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toContain("/fr/faq</loc>");
  expect(sitemap).toMatch(/<xhtml:link rel="alternate" hreflang="ar" href="[^"]+\/ar\/about"/);
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain("Disallow: /fr/journey");
  expect(robots).toContain("Disallow: /api/");
  expect(robots).toMatch(/Sitemap: .+\/sitemap\.xml/);
});
