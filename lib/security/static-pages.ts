import { homeSpecialtySlugs } from "@/content/specialties";

/**
 * The pages pre-rendered at build time (paths without locale prefix; each in every locale): pages that
 * show no personal data. They are served as files, with a Content-Security-Policy of their own scripts'
 * hashes and a Cache-Control that lets a CDN and the browser keep them (proxy.ts). Every other page is
 * rendered per request with a nonce (`export const dynamic = "force-dynamic"`, or a read of the session).
 * tests/build/static-pages.test.ts fails when the build pre-renders a different set.
 */
export const staticPagePaths: readonly string[] = [
  "/",
  "/services",
  "/specialties",
  ...homeSpecialtySlugs.map((slug) => `/specialties/${slug}`),
  "/hospitals",
  "/memorial-hospitals",
  "/medipol-hospitals",
  "/packages",
  "/faq",
  "/about",
  "/contact",
  "/upload",
  // The form only: a visitor with the tracking cookie is answered per request (lib/tracking/track-page.ts).
  "/track",
  "/privacy",
  "/terms",
];

/**
 * The 404, pre-rendered in every locale (app/[locale]/page-not-found) apart from the pages above: it is in
 * no sitemap. proxy.ts answers every address that matches no page with it.
 */
export const NOT_FOUND_PAGE_PATH = "/page-not-found";
