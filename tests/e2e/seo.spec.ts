import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { XMLParser } from "fast-xml-parser";
import { localePath, locales, splitLocalePath } from "../../lib/i18n/locales";
import { staticPagePaths } from "../../lib/security/static-pages";

/**
 * The sitemap against the site: every address it lists answers 200, and every static page in every
 * locale is listed, with the date its content last changed (a commit's date, never the time of the
 * request). The page-level tags and JSON-LD are checked in the build (tests/build/seo.test.ts).
 */
const commitDates = new Set(
  execFileSync("git", ["log", "--format=%cI"], { encoding: "utf8" })
    .split("\n")
    .filter(Boolean)
    .map((date) => new Date(date).getTime()),
);

test("every sitemap address answers 200, every static page is in it, each with a real last change", async ({ request }) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  const { urlset } = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === "url" || name === "xhtml:link" }).parse(await response.text());
  const entries = urlset.url as { loc: string; lastmod?: string; "xhtml:link": { "@_hreflang": string }[] }[];
  const listed = new Set(entries.map((entry) => new URL(entry.loc).pathname));
  for (const locale of locales)
    for (const path of staticPagePaths) expect(listed, `${localePath(path, locale)} is not in the sitemap`).toContain(localePath(path, locale));
  expect(listed.size).toBe(entries.length);

  for (const entry of entries) {
    const address = new URL(entry.loc).pathname;
    expect(commitDates.has(new Date(entry.lastmod ?? "").getTime()), `${address}: lastmod ${entry.lastmod} is no commit's date`).toBe(true);
    expect(entry["xhtml:link"].map((link) => link["@_hreflang"]).sort(), address).toEqual([...locales, "x-default"].sort());
    // A visitor of that language (its cookie names it): an unprefixed English page redirects any other.
    const page = await request.get(address, { headers: { accept: "text/html", cookie: `NEXT_LOCALE=${splitLocalePath(address).locale}` }, maxRedirects: 0 });
    expect(page.status(), address).toBe(200);
  }
});

test("a shared specialty page shows its own picture, in its own language", async ({ request }) => {
  const pictures = new Map<string, Buffer>();
  for (const address of ["/specialties/cardiology", "/ar/specialties/cardiology", "/ha/specialties/oncology", "/zh/specialties/ent"]) {
    const html = await (await request.get(address)).text();
    const image = html.match(/<meta property="og:image" content="([^"]+)"/)?.[1];
    expect(image, address).toBeTruthy();
    const response = await request.get(new URL(image!).pathname + new URL(image!).search);
    expect(response.status(), image).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/png");
    const png = await response.body();
    // The IHDR chunk: width and height, big-endian, at bytes 16 and 20.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)], image).toEqual([1200, 630]);
    pictures.set(address, png);
  }
  // The name is drawn in the page's language (lib/seo/og-image.ts): Arabic's picture is not English's.
  expect(pictures.get("/ar/specialties/cardiology")!.equals(pictures.get("/specialties/cardiology")!)).toBe(false);
});
