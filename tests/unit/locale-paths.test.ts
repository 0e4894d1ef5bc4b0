/** @jest-environment node */
import { localePath, localizedHref, splitLocalePath } from "@/lib/i18n/locales";

describe("locale paths (English has no prefix)", () => {
  test("localePath adds the prefix for other languages only", () => {
    expect([localePath("/", "en"), localePath("/", "fr"), localePath("/contact", "ar"), localePath("/contact", "en")]).toEqual([
      "/",
      "/fr",
      "/ar/contact",
      "/contact",
    ]);
  });
  test("localizedHref keeps query strings and fragments", () => {
    expect(localizedHref("/contact?specialty=oncology#form", "sw")).toBe("/sw/contact?specialty=oncology#form");
    expect(localizedHref({ pathname: "/simple-login.html", query: { next: "/journey", empty: undefined } }, "tr")).toBe(
      "/tr/simple-login.html?next=%2Fjourney",
    );
  });
  test("splitLocalePath finds the language and the rest", () => {
    expect(splitLocalePath("/fr/services")).toEqual({ locale: "fr", path: "/services" });
    expect(splitLocalePath("/zh")).toEqual({ locale: "zh", path: "/" });
    expect(splitLocalePath("/services")).toEqual({ locale: "en", path: "/services" });
    expect(splitLocalePath("/en/services")).toEqual({ locale: "en", path: "/en/services" });
  });
});
