/** @jest-environment node */
import { safeReturnPath } from "@/lib/contracts/auth";

const FALLBACK = "/journey";

describe("safeReturnPath: only a path on this site is followed after sign-in", () => {
  test.each([
    ["/journey", "/journey"],
    ["/account/security?twoFactor=required", "/account/security?twoFactor=required"],
    ["/fr/track#plans", "/fr/track#plans"],
    ["/admin-dashboard/cases/123", "/admin-dashboard/cases/123"],
    ["/a/../partner", "/partner"],
    ["/javascript:alert(1)//", "/javascript:alert(1)//"],
  ])("keeps the same-site path %j", (input, expected) => {
    expect(safeReturnPath(input, FALLBACK)).toBe(expected);
  });

  test.each([
    "/.//evil.example",
    "/./\\evil.example",
    "/..//evil.example",
    "/a/..//evil.example",
    "/.//evil.example/path?x=1",
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/%2F%2Fevil.example",
    "/%2f/evil.example",
    "/%5Cevil.example",
    "/%5c%5cevil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n//evil.example",
    "/partner\n",
    "/part\tner",
    " /journey",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "https://evil.example/journey",
    "http:/evil.example",
    "evil.example",
    "",
  ])("refuses %j", (input) => {
    expect(safeReturnPath(input, FALLBACK)).toBe(FALLBACK);
  });

  test("whatever it returns is a path the browser resolves on this site", () => {
    const tricky = ["/.//x", "/..//x", "/./\\x", "/%2F%2Fx", "/\t/x", "//x", "/\\x", "/x//y", "/x/\\y"];
    for (const input of tricky) {
      const result = safeReturnPath(input, FALLBACK);
      expect(new URL(result, "https://afyabridge.example/some/page").origin).toBe("https://afyabridge.example");
      expect(result).toMatch(/^\/(?![/\\])/);
    }
  });

  test("null and undefined give the fallback", () => {
    expect(safeReturnPath(null, FALLBACK)).toBe(FALLBACK);
    expect(safeReturnPath(undefined)).toBe("/journey");
  });
});
