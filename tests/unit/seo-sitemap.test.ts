/** @jest-environment node */
import sitemap from "@/app/sitemap";
import { homeSpecialtySlugs } from "@/content/specialties";
import { locales } from "@/lib/i18n/locales";
import { privatePaths, publicPages } from "@/lib/seo/public-pages";

const ORIGIN = "https://afyabridge.example";

beforeAll(() => {
  process.env.APP_URL = `${ORIGIN}/`;
});

/** The path of a URL in one locale: English has no prefix ("as-needed"), the others do. */
function url(path: string, locale: string): string {
  const prefixed = locale === "en" ? path : `/${locale}${path === "/" ? "" : path}`;
  return `${ORIGIN}${prefixed === "/" ? "" : prefixed}`;
}

describe("sitemap", () => {
  test("lists the public pages, /packages, /track and every home-page specialty, not the communication demo", () => {
    const paths = publicPages.map((page) => page.path);
    for (const path of [
      "/",
      "/services",
      "/hospitals",
      "/medipol-hospitals",
      "/memorial-hospitals",
      "/about",
      "/faq",
      "/contact",
      "/upload",
      "/privacy",
      "/terms",
      "/packages",
      "/track",
    ])
      expect(paths).toContain(path);
    // Sample data (PRODUCT.md keeps the page, reachable by its address only): not offered to search engines.
    expect(paths).not.toContain("/communication-demo");
    for (const slug of homeSpecialtySlugs) expect(paths).toContain(`/specialties/${slug}`);
    expect(new Set(paths).size).toBe(paths.length);
  });

  test("has one entry per page and locale, at the localized URL", () => {
    const entries = sitemap();
    expect(entries).toHaveLength(publicPages.length * locales.length);
    const urls = entries.map((entry) => entry.url);
    expect(urls).toContain(`${ORIGIN}`);
    expect(urls).toContain(`${ORIGIN}/fr`);
    expect(urls).toContain(`${ORIGIN}/faq`);
    expect(urls).toContain(`${ORIGIN}/ar/faq`);
    expect(urls).toContain(`${ORIGIN}/zh/specialties/cardiology`);
    for (const page of publicPages) for (const locale of locales) expect(urls).toContain(url(page.path, locale));
  });

  test("gives every entry hreflang alternates for all ten locales and x-default (English)", () => {
    for (const entry of sitemap()) {
      const languages = entry.alternates?.languages as Record<string, string>;
      expect(Object.keys(languages).sort()).toEqual([...locales, "x-default"].sort());
      expect(Object.values(languages)).toContain(entry.url);
      expect(languages["x-default"]).toBe(languages.en);
    }
    const about = sitemap().find((entry) => entry.url === `${ORIGIN}/sw/about`);
    expect(about?.alternates?.languages).toMatchObject({ en: `${ORIGIN}/about`, ar: `${ORIGIN}/ar/about`, "x-default": `${ORIGIN}/about` });
  });

  test("never lists a private area", () => {
    for (const entry of sitemap()) {
      const path = new URL(entry.url).pathname;
      for (const privatePath of privatePaths) {
        expect(path.startsWith(privatePath)).toBe(false);
        for (const locale of locales) expect(path.startsWith(`/${locale}${privatePath}`)).toBe(false);
      }
    }
  });
});
