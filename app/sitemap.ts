import type { MetadataRoute } from "next";
import { locales } from "@/lib/i18n/locales";
import { publicPages } from "@/lib/seo/public-pages";
import { pageLastModified } from "@/lib/seo/last-modified";
import { languageAlternates, localizedUrl } from "@/lib/seo/metadata";

/**
 * Every public page in every locale, each with its hreflang alternates and the date its content last
 * changed. Rendered once by `next build` (APP_URL and git history at build time).
 */
export default function sitemap(): MetadataRoute.Sitemap {
  return publicPages.flatMap(({ path, changeFrequency, priority }) => {
    const languages = languageAlternates(path);
    return locales.map((locale) => ({
      url: localizedUrl(path, locale),
      lastModified: pageLastModified(path, locale),
      changeFrequency,
      priority,
      alternates: { languages },
    }));
  });
}
