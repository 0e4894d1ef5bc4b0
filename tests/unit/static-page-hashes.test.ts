/** @jest-environment node */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** A fresh copy of the module (it reads the manifest once per process) against a build folder. */
function lookUp(distDir: string, nodeEnv: string): (pathname: string) => readonly string[] | undefined {
  Object.assign(process.env, { NEXT_DIST_DIR: distDir, NODE_ENV: nodeEnv });
  let lookup: (pathname: string) => readonly string[] | undefined = () => undefined;
  jest.isolateModules(() => {
    lookup = (jest.requireActual("@/lib/security/static-page-hashes") as typeof import("@/lib/security/static-page-hashes")).prerenderedScriptSources;
  });
  return lookup;
}

describe("the pre-rendered pages' script hashes (proxy.ts)", () => {
  const saved = { NEXT_DIST_DIR: process.env.NEXT_DIST_DIR, NODE_ENV: process.env.NODE_ENV };
  let distDir: string;
  beforeEach(() => {
    distDir = mkdtempSync(path.join(tmpdir(), "afya-hashes-"));
  });
  afterEach(() => {
    rmSync(distDir, { recursive: true, force: true });
    Object.assign(process.env, saved);
  });

  test("finds a browser path's page in the build's manifest: English without prefix, other languages with", () => {
    writeFileSync(path.join(distDir, "BUILD_ID"), "build");
    const pages = { "/en": ["sha256-home"], "/en/services": ["sha256-services"], "/fr": ["sha256-fr"], "/fr/services": ["sha256-fr-services"] };
    writeFileSync(path.join(distDir, "static-page-hashes.json"), JSON.stringify({ pages }));
    const lookup = lookUp(distDir, "production");
    expect(lookup("/")).toEqual(["sha256-home"]);
    expect(lookup("/services")).toEqual(["sha256-services"]);
    expect(lookup("/fr")).toEqual(["sha256-fr"]);
    expect(lookup("/fr/services")).toEqual(["sha256-fr-services"]);
    // Pages rendered per request, and /en/services (next-intl redirects it to /services): the nonce.
    for (const pathname of ["/journey", "/fr/journey", "/en/services", "/services/x"]) expect(lookup(pathname)).toBeUndefined();
  });

  test("a production build without the manifest fails loudly: its pre-rendered pages would run no script", () => {
    writeFileSync(path.join(distDir, "BUILD_ID"), "build");
    expect(() => lookUp(distDir, "production")("/services")).toThrow(/static-page-hashes\.json is missing: build with `npm run build`/);
  });

  test("no build (the proxy called from a test) or the development server: every page gets the nonce", () => {
    expect(lookUp(distDir, "production")("/services")).toBeUndefined();
    writeFileSync(path.join(distDir, "static-page-hashes.json"), JSON.stringify({ pages: { "/en/services": ["sha256-old"] } }));
    expect(lookUp(distDir, "development")("/services")).toBeUndefined();
  });
});
