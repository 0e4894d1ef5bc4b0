import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { splitLocalePath } from "@/lib/i18n/locales";

/** Written by scripts/static-page-hashes.mjs after `next build`: page path (`/en/services`) -> its scripts' CSP sources. */
const MANIFEST_FILE = "static-page-hashes.json";

let pages: ReadonlyMap<string, readonly string[]> | undefined;

function prerenderedPages(): ReadonlyMap<string, readonly string[]> {
  // `next dev` renders every page per request (and may share the folder with an older production build).
  if (process.env.NODE_ENV !== "production") return new Map();
  if (!pages) {
    const distDir = path.resolve(process.cwd(), process.env.NEXT_DIST_DIR ?? ".next");
    const file = path.join(distDir, MANIFEST_FILE);
    if (existsSync(file)) {
      pages = new Map(Object.entries((JSON.parse(readFileSync(file, "utf8")) as { pages: Record<string, string[]> }).pages));
    } else if (existsSync(path.join(distDir, "BUILD_ID"))) {
      // A build without it would give every pre-rendered page a nonce its scripts do not carry: none would run.
      throw new Error(`${file} is missing: build with \`npm run build\` (it runs scripts/static-page-hashes.mjs after next build)`);
    } else {
      pages = new Map(); // no build here (the proxy called from a test)
    }
  }
  return pages;
}

/**
 * The CSP sources of the scripts of the pre-rendered page that a browser path is served from, or
 * undefined when the page is rendered per request. `/services` is served from `/en/services`.
 */
export function prerenderedScriptSources(pathname: string): readonly string[] | undefined {
  const { locale, path: rest } = splitLocalePath(pathname);
  return prerenderedPages().get(`/${locale}${rest === "/" ? "" : rest.replace(/\/$/, "")}`);
}
