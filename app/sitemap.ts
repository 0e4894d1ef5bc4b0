import type { MetadataRoute } from "next";
import { locales } from "@/lib/i18n/locales";
import { publicPages } from "@/lib/seo/public-pages";
import { languageAlternates, localizedUrl } from "@/lib/seo/metadata";

/** Every public page in every locale, each entry with its hreflang alternates. Built once (APP_URL at build time). */
export default function sitemap(): MetadataRoute.Sitemap {
  return publicPages.flatMap(({ path, changeFrequency, priority }) => {
    const languages = languageAlternates(path);
    return locales.map((locale) => ({
      url: localizedUrl(path, locale),
      changeFrequency,
      priority,
      alternates: { languages },
    }));
  });
}
