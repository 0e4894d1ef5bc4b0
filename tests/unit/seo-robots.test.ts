/** @jest-environment node */
import robots from "@/app/robots";
import { locales } from "@/lib/i18n/locales";
import { publicPages } from "@/lib/seo/public-pages";

const ORIGIN = "https://afyabridge.example";

beforeAll(() => {
  process.env.APP_URL = ORIGIN;
});

function rules() {
  const result = robots();
  const rule = Array.isArray(result.rules) ? result.rules[0] : result.rules;
  const disallow = ([] as string[]).concat(rule.disallow ?? []);
  return { result, rule, disallow };
}

/** How a crawler reads Disallow: a path is blocked when a rule is a prefix of it. */
const blocked = (path: string) => rules().disallow.some((prefix) => path.startsWith(prefix));

describe("robots.txt", () => {
  test("applies to every crawler, allows the site and points to the sitemap", () => {
    const { result, rule } = rules();
    expect(rule.userAgent).toBe("*");
    expect(rule.allow).toBe("/");
    expect(result.sitemap).toBe(`${ORIGIN}/sitemap.xml`);
  });

  test.each(["/api/", "/journey", "/dashboard", "/patient-dashboard", "/admin-dashboard", "/admin-setup", "/google-drive-setup", "/partner", "/account"])(
    "disallows %s, also under every locale prefix",
    (path) => {
      expect(blocked(path)).toBe(true);
      if (path === "/api/") expect(blocked("/api/files/abc")).toBe(true);
      else for (const locale of locales) expect(blocked(`/${locale}${path}`)).toBe(true);
    },
  );

  test("blocks no public page in any locale", () => {
    for (const { path } of publicPages) {
      expect(blocked(path)).toBe(false);
      for (const locale of locales) expect(blocked(`/${locale}${path === "/" ? "" : path}`)).toBe(false);
    }
  });
});
