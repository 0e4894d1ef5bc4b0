/**
 * No placeholder contact reaches a visitor: scans the browser bundle and the server code and files the
 * pages are rendered from in the production build, and every locale's messages, for placeholder phone numbers such as
 * "+234 800 000 0000" (a number whose subscriber part is all zeros). An unset contact must be hidden
 * (lib/site-config.ts), never filled in. Run after `npm run build` (scripts/test.mjs does both).
 */
import { locales } from "../../lib/i18n/locales.ts";
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const separator = String.raw`[\s().\u00a0-]*`;
/** "+<country code> ... 000 0000": seven or more zeros at the end of an international number. */
const placeholderNumber = new RegExp(String.raw`\+${separator}\d{1,3}${separator}(?:\d{1,4}${separator})?0{3}${separator}0{4}(?!\d)`, "u");

function filesUnder(dir, keep) {
  return readdirSync(dir, { recursive: true })
    .map((file) => path.join(dir, String(file)))
    .filter((file) => statSync(file).isFile() && keep(file));
}

/** The files of a build that a browser can receive, and the placeholders found in them. */
export function scanForPlaceholders(files, base) {
  const hits = [];
  for (const file of files) {
    const match = placeholderNumber.exec(readFileSync(file, "utf8"));
    if (match) hits.push(`${path.relative(base, file)}: ${match[0]}`);
  }
  return hits;
}

/**
 * The browser bundle, and everything the server renders pages from: the marketing pages are pre-rendered
 * files, the others are rendered per request (their CSP nonce) from the server's compiled code.
 */
function builtFiles(distDir) {
  return [
    ...filesUnder(path.join(distDir, "static"), (file) => file.endsWith(".js")),
    ...filesUnder(path.join(distDir, "server"), (file) => /\.(js|html|rsc|body|meta|txt|json)$/.test(file)),
  ];
}

test("no page of the production build can show a placeholder phone number", () => {
  const distDir = process.env.NEXT_DIST_DIR ?? ".next";
  const files = builtFiles(distDir);
  assert.ok(files.filter((file) => file.includes(`${path.sep}chunks${path.sep}`)).length > 50, `expected a built app in ${distDir}`);
  assert.deepEqual(scanForPlaceholders(files, distDir), []);
});

test("no message in any language states a placeholder phone number", () => {
  const files = filesUnder("messages", (file) => file.endsWith(".json"));
  assert.equal(files.length, locales.length);
  assert.deepEqual(scanForPlaceholders(files, "messages"), []);
});

test("the scan finds placeholder numbers however they are written, and passes real ones", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "afya-placeholder-"));
  try {
    mkdirSync(path.join(dir, "server", "app"), { recursive: true });
    mkdirSync(path.join(dir, "static"), { recursive: true });
    const pages = {
      "a.html": "<a href='tel:+2348000000000'>+234 800 000 0000</a>",
      "b.rsc": '"telephone":"+234 (800) 000-0000"',
      "c.html": "<p>Call +44 20 7946 0123 or +234 803 123 4567</p>",
      "d.html": "<p>WhatsApp +2340000000</p>",
    };
    for (const [name, text] of Object.entries(pages)) writeFileSync(path.join(dir, "server", "app", name), text);
    const hits = scanForPlaceholders(builtFiles(dir), dir);
    assert.deepEqual(
      hits.map((hit) => hit.split(":")[0]),
      ["server/app/a.html", "server/app/b.rsc", "server/app/d.html"],
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
