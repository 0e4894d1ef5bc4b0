import "server-only";
import type { MetadataRoute } from "next";
import { homeSpecialtySlugs } from "@/content/specialties";
import { locales } from "@/lib/i18n/locales";

/**
 * The one list of public, indexable pages (paths without locale prefix). The sitemap lists each in
 * every locale; add a page here when you add it to the site.
 */
export interface PublicPage {
  path: string;
  changeFrequency: NonNullable<MetadataRoute.Sitemap[number]["changeFrequency"]>;
  priority: number;
}

const page = (path: string, priority: number, changeFrequency: PublicPage["changeFrequency"] = "monthly"): PublicPage => ({
  path,
  priority,
  changeFrequency,
});

export const publicPages: readonly PublicPage[] = [
  page("/", 1, "weekly"),
  page("/services", 0.9, "weekly"),
  page("/packages", 0.8),
  page("/hospitals", 0.9, "weekly"),
  page("/medipol-hospitals", 0.8),
  page("/memorial-hospitals", 0.8),
  page("/specialties", 0.9),
  ...homeSpecialtySlugs.map((slug) => page(`/specialties/${slug}`, 0.8)),
  page("/about", 0.7),
  page("/faq", 0.7),
  page("/contact", 0.8),
  page("/upload", 0.8),
  page("/track", 0.5),
  page("/privacy", 0.3, "yearly"),
  page("/terms", 0.3, "yearly"),
];

/** Areas that are private or useless to search engines. robots.txt disallows them in every locale. */
export const privatePaths: readonly string[] = [
  "/api/",
  "/journey",
  "/dashboard",
  "/patient-dashboard",
  "/admin-dashboard",
  "/admin-setup",
  "/google-drive-setup",
  "/partner",
  "/account",
];

/** "/journey" plus "/fr/journey", "/ar/journey", ... The API is not localized. */
export function privatePathsInEveryLocale(): string[] {
  return privatePaths.flatMap((path) => (path.startsWith("/api/") ? [path] : [path, ...locales.map((locale) => `/${locale}${path}`)]));
}
