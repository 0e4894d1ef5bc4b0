import { expect, test } from "@playwright/test";

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
