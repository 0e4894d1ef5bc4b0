/** @jest-environment node */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

type Module = typeof import("@/lib/security/static-page-hashes");

/** A fresh copy of the module (it reads the manifest once per process) against a build folder. */
function freshModule(distDir: string, nodeEnv: string): Module {
  Object.assign(process.env, { NEXT_DIST_DIR: distDir, NODE_ENV: nodeEnv });
  let fresh: Module | undefined;
  jest.isolateModules(() => {
    fresh = jest.requireActual("@/lib/security/static-page-hashes") as Module;
  });
  return fresh!;
}

const lookUp = (distDir: string, nodeEnv: string) => freshModule(distDir, nodeEnv).prerenderedScriptSources;

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
    writeFileSync(path.join(distDir, "static-page-hashes.json"), JSON.stringify({ pages, routes: [] }));
    const lookup = lookUp(distDir, "production");
    expect(lookup("/")).toEqual(["sha256-home"]);
    expect(lookup("/services")).toEqual(["sha256-services"]);
    expect(lookup("/fr")).toEqual(["sha256-fr"]);
    expect(lookup("/fr/services")).toEqual(["sha256-fr-services"]);
    // Pages rendered per request, and /en/services (next-intl redirects it to /services): the nonce.
    for (const pathname of ["/journey", "/fr/journey", "/en/services", "/services/x"]) expect(lookup(pathname)).toBeUndefined();
  });

  test("an address matches no page when it is no pre-rendered page and fits none of the routes, as Next matches them", () => {
    writeFileSync(path.join(distDir, "BUILD_ID"), "build");
    const routes = ["/", "/about", "/cases/[id]", "/cases/[id]/files", "/docs/[...path]", "/help/[[...topic]]", "/simple-login.html"];
    writeFileSync(path.join(distDir, "static-page-hashes.json"), JSON.stringify({ pages: { "/fr/services": ["sha256-fr"] }, routes }));
    const { matchesNoPage } = freshModule(distDir, "production");
    const known = ["/", "/fr", "/about", "/fr/about", "/fr/services", "/cases/1", "/fr/cases/1/files", "/docs/a", "/docs/a/b/c", "/help", "/help/x/y"];
    const unknown = ["/services", "/abouts", "/fr/about/x", "/cases", "/cases/1/2", "/docs", "/simple-login", "/fr/no-such-page"];
    expect(known.filter(matchesNoPage)).toEqual([]);
    expect(unknown.filter((pathname) => !matchesNoPage(pathname))).toEqual([]);
    // As Next sees it: a literal segment sent percent-encoded is the same segment.
    expect(matchesNoPage("/%61bout")).toBe(false);
  });

  test("without a build's manifest no address is taken for unknown: Next answers each itself", () => {
    expect(freshModule(distDir, "production").matchesNoPage("/no-such-page")).toBe(false);
    writeFileSync(path.join(distDir, "static-page-hashes.json"), JSON.stringify({ pages: {}, routes: [] }));
    expect(freshModule(distDir, "development").matchesNoPage("/no-such-page")).toBe(false);
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
