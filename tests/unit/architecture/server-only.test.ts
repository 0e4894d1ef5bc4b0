/** @jest-environment node */
import { readFileSync } from "node:fs";
import { ROOT, sourceFiles } from "./source-graph";

/** What the browser may load from lib/: the contracts and a few helpers that hold no secret. */
const BROWSER_SAFE = [/^lib\/contracts\//, /^lib\/i18n\/(navigation|routing|locales|client-messages)\.ts$/, /^lib\/utils\.ts$/, /^lib\/site-config\.ts$/];

/** Loaded by next.config.ts and proxy.ts, where "server-only" throws; they hold response headers, no secret. */
const CONFIG_SAFE = ["lib/security/response-headers.ts", "lib/api/transport-security.ts"];

/**
 * Modules that browser code still imports and that are moving to lib/contracts (or client/) in parallel
 * work; each entry goes when its move lands. Nothing may be added here.
 */
const MOVING_TO_CONTRACTS = [
  "lib/admin/list-options.ts",
  "lib/i18n/messages.ts",
  "lib/notifications/relative-time.ts",
  "lib/partners/clock.ts",
  "lib/partners/schemas.ts",
  "lib/submissions/rules.ts",
  "lib/transcriptions/upload-rules.ts",
];

const SERVER_ONLY = /^import "server-only";$/m;
const importsServerOnly = (file: string) => SERVER_ONLY.test(readFileSync(`${ROOT}/${file}`, "utf8"));

describe("lib/ modules", () => {
  const files = sourceFiles(["lib"]);

  it("import server-only, except the browser-safe ones", () => {
    const unmarked = files.filter((file) => !BROWSER_SAFE.some((pattern) => pattern.test(file)) && !MOVING_TO_CONTRACTS.includes(file) && !CONFIG_SAFE.includes(file) && !importsServerOnly(file));
    expect(unmarked).toEqual([]);
  });

  it("never import server-only in the browser-safe set or what the config and proxy load", () => {
    expect(files.filter((file) => (BROWSER_SAFE.some((pattern) => pattern.test(file)) || CONFIG_SAFE.includes(file)) && importsServerOnly(file))).toEqual([]);
  });

  it("list only exceptions that still exist unmarked", () => {
    expect(MOVING_TO_CONTRACTS.filter((file) => !files.includes(file) || importsServerOnly(file))).toEqual([]);
  });
});
