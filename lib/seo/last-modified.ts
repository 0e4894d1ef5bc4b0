import "server-only";
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import type { Locale } from "@/lib/i18n/locales";

/**
 * When a public page's content last changed, from git at build time (the sitemap is rendered once, by
 * `next build`): the last commit that touched the page's own folder, the typed marketing content or its
 * language's messages. Undefined outside a git checkout (a sitemap then says nothing rather than a guess).
 */
const cache = new Map<string, Date | undefined>();

function lastCommitDate(path: string): Date | undefined {
  if (!cache.has(path)) {
    let date: Date | undefined;
    try {
      const output = execFileSync("git", ["log", "-1", "--format=%cI", "--", path], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
      date = output ? new Date(output) : undefined;
    } catch {
      date = undefined;
    }
    cache.set(path, date);
  }
  return cache.get(path);
}

/** app/[locale]/specialties/[slug] for "/specialties/cardiology", app/[locale]/page.tsx for "/". */
function pageSource(path: string): string {
  if (path === "/") return "app/[locale]/page.tsx";
  const own = `app/[locale]${path}`;
  return existsSync(own) ? own : own.replace(/\/[^/]+$/, "/[slug]");
}

export function pageLastModified(path: string, locale: Locale): Date | undefined {
  const dates = [pageSource(path), "content", `messages/${locale}.json`].map(lastCommitDate);
  if (dates.some((date) => date === undefined)) return undefined;
  return new Date(Math.max(...dates.map((date) => date!.getTime())));
}
