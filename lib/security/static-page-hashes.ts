import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { splitLocalePath } from "@/lib/i18n/locales";

/**
 * Written by scripts/static-page-hashes.mjs after `next build`: `pages`, page path (`/en/services`) -> its
 * scripts' CSP sources; `routes`, the app's routes under a language (`/about`, `/imaging/[seriesId]`).
 */
const MANIFEST_FILE = "static-page-hashes.json";

type Build = { pages: ReadonlyMap<string, readonly string[]>; routes: readonly (readonly string[])[] } | null;

let build: Build | undefined;

/** The build's manifest, or null where there is none to follow (`next dev`, the proxy called from a test without a build). */
function builtPages(): Build {
  // `next dev` renders every page per request (and may share the folder with an older production build).
  if (process.env.NODE_ENV !== "production") return null;
  if (build === undefined) {
    const distDir = path.resolve(process.cwd(), process.env.NEXT_DIST_DIR ?? ".next");
    const file = path.join(distDir, MANIFEST_FILE);
    if (existsSync(file)) {
      const manifest = JSON.parse(readFileSync(file, "utf8")) as { pages: Record<string, string[]>; routes: string[] };
      build = { pages: new Map(Object.entries(manifest.pages)), routes: manifest.routes.map(segmentsOf) };
    } else if (existsSync(path.join(distDir, "BUILD_ID"))) {
      // A build without it would give every pre-rendered page a nonce its scripts do not carry: none would run.
      throw new Error(`${file} is missing: build with \`npm run build\` (it runs scripts/static-page-hashes.mjs after next build)`);
    } else {
      build = null;
    }
  }
  return build;
}

const segmentsOf = (route: string) => route.split("/").filter(Boolean);

/** `/fr/services` for `/fr/services/`, `/en/services` for `/services`, `/fr` for `/fr/`. */
function builtPagePath(pathname: string): string {
  const { locale, path: rest } = splitLocalePath(pathname);
  return `/${locale}${rest === "/" ? "" : rest.replace(/\/$/, "")}`;
}

/**
 * The CSP sources of the scripts of the pre-rendered page that a browser path is served from, or
 * undefined when the page is rendered per request. `/services` is served from `/en/services`.
 */
export function prerenderedScriptSources(pathname: string): readonly string[] | undefined {
  return builtPages()?.pages.get(builtPagePath(pathname));
}

/**
 * Whether a browser path matches no page or route of the build, i.e. Next would answer it with the 404 of
 * its catch-all. False without a build: every address then goes to Next, which renders that 404 itself.
 */
export function matchesNoPage(pathname: string): boolean {
  const built = builtPages();
  if (!built || built.pages.has(builtPagePath(pathname))) return false;
  const segments = segmentsOf(splitLocalePath(pathname).path).map((segment) => decodeURIComponent(segment));
  return !built.routes.some((route) => routeMatches(route, segments));
}

/** Next's matching of one route pattern: `[id]` is one segment, `[...all]` one or more, `[[...all]]` any number. */
function routeMatches(route: readonly string[], segments: readonly string[]): boolean {
  for (const [index, part] of route.entries()) {
    if (part.startsWith("[[...")) return true;
    if (part.startsWith("[...")) return segments.length > index;
    if (index >= segments.length) return false;
    if (!part.startsWith("[") && part !== segments[index]) return false;
  }
  return route.length === segments.length;
}
