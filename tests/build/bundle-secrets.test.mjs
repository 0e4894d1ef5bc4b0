/**
 * Scans everything a browser can fetch from the production build (the static bundle, and the
 * prerendered HTML and RSC payloads) for the secrets the build was made with. Run after
 * `npm run build` with the environment of tests/build/sentinels.mjs (scripts/test.mjs does both).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { forbiddenStrings } from "./sentinels.mjs";

function filesUnder(dir, keep) {
  return readdirSync(dir, { recursive: true })
    .map((file) => path.join(dir, String(file)))
    .filter((file) => statSync(file).isFile() && keep(file));
}

/** Every file of a build that a browser can receive, and the secrets found in them. */
function scanBuild(distDir) {
  const served = [
    ...filesUnder(path.join(distDir, "static"), () => true),
    ...filesUnder(path.join(distDir, "server", "app"), (file) => /\.(html|rsc|body|meta|txt|json)$/.test(file)),
  ];
  const hits = [];
  for (const file of served) {
    const text = readFileSync(file).toString("latin1");
    for (const secret of forbiddenStrings) if (text.includes(secret)) hits.push(`${path.relative(distDir, file)}: ${secret.slice(0, 12)}…`);
  }
  return { scanned: served.length, hits };
}

test("no secret or password reaches the browser bundle or the prerendered pages", () => {
  const distDir = process.env.NEXT_DIST_DIR ?? ".next";
  const { scanned, hits } = scanBuild(distDir);
  assert.ok(scanned > 50, `expected a built app in ${distDir}, found ${scanned} files`);
  assert.deepEqual(hits, []);
});

test("the scan reports a secret in a served file, and ignores server-only code", () => {
  const distDir = mkdtempSync(path.join(tmpdir(), "afya-scan-"));
  try {
    mkdirSync(path.join(distDir, "static", "chunks"), { recursive: true });
    mkdirSync(path.join(distDir, "server", "app"), { recursive: true });
    writeFileSync(path.join(distDir, "static", "chunks", "page.js"), `self.config=${JSON.stringify({ key: forbiddenStrings[2] })}`);
    writeFileSync(path.join(distDir, "server", "app", "index.html"), `<p>${forbiddenStrings[3]}</p>`);
    writeFileSync(path.join(distDir, "server", "app", "route.js"), `process.env.X="${forbiddenStrings[0]}"`);
    assert.deepEqual(scanBuild(distDir).hits.length, 2);
  } finally {
    rmSync(distDir, { recursive: true, force: true });
  }
});
