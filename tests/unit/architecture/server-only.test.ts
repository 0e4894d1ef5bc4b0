/** @jest-environment node */
import { readFileSync } from "node:fs";
import { ROOT, sourceFiles } from "./source-graph";

/** What the browser may load from lib/: the contracts and a few helpers that hold no secret. */
const BROWSER_SAFE = [
  /^lib\/contracts\//,
  /^lib\/i18n\/(navigation|routing|locales|client-messages|messages)\.ts$/,
  /^lib\/utils\.ts$/,
  /^lib\/site-config\.ts$/,
];

/**
 * Loaded by next.config.ts and proxy.ts (the list of pre-rendered pages also by the end-to-end tests),
 * where "server-only" throws; they hold response headers, the pages' policy and page lists, the tracking
 * page's addresses and cookie name, the session cookie's names, and the database probe that decides an
 * outage page, no secret.
 */
const CONFIG_SAFE = [
  "lib/security/response-headers.ts",
  "lib/api/transport-security.ts",
  "lib/security/page-policy.ts",
  "lib/security/static-page-hashes.ts",
  "lib/security/static-pages.ts",
  "lib/db/health.ts",
  "lib/tracking/track-page.ts",
  "lib/auth/session-cookie.ts",
];

const SERVER_ONLY = /^import "server-only";$/m;
const importsServerOnly = (file: string) => SERVER_ONLY.test(readFileSync(`${ROOT}/${file}`, "utf8"));

describe("lib/ modules", () => {
  const files = sourceFiles(["lib"]);

  it("import server-only, except the browser-safe ones", () => {
    const unmarked = files.filter((file) => !BROWSER_SAFE.some((pattern) => pattern.test(file)) && !CONFIG_SAFE.includes(file) && !importsServerOnly(file));
    expect(unmarked).toEqual([]);
  });

  it("never import server-only in the browser-safe set or what the config and proxy load", () => {
    expect(files.filter((file) => (BROWSER_SAFE.some((pattern) => pattern.test(file)) || CONFIG_SAFE.includes(file)) && importsServerOnly(file))).toEqual([]);
  });
});
