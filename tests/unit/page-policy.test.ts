/** @jest-environment node */
import { pagePolicy } from "@/lib/security/page-policy";

/** The policy's directives by name. */
const directives = (policy: string) => new Map(policy.split("; ").map((directive) => [directive.split(" ")[0], directive]));

describe("the pages' Content-Security-Policy", () => {
  test.each(["/imaging/abc", "/ar/imaging/abc", "/pcm/imaging/abc", "/yo/admin-dashboard/cases/abc", "/dashboard/transcriptions/abc"])(
    "%s, a page that decodes DICOM images, may compile their WebAssembly decoders and start their worker",
    (path) => {
      const policy = directives(pagePolicy({ nonce: "n0nce" }, path));
      expect(policy.get("script-src")).toContain("'wasm-unsafe-eval'");
      expect(policy.get("worker-src")).toBe("worker-src 'self'");
    },
  );

  test.each(["/", "/pcm", "/ar/services", "/pcm/imaging-guide"])("%s may do neither", (path) => {
    const policy = directives(pagePolicy({ hashes: ["sha256-abc"] }, path));
    expect(policy.get("script-src")).toBe("script-src 'self' 'sha256-abc' 'strict-dynamic'");
    expect(policy.has("worker-src")).toBe(false);
  });
});
