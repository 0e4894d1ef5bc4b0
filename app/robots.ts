import type { MetadataRoute } from "next";
import { siteOrigin } from "@/lib/seo/metadata";
import { privatePathsInEveryLocale } from "@/lib/seo/public-pages";

export default function robots(): MetadataRoute.Robots {
  return {
    rules: { userAgent: "*", allow: "/", disallow: privatePathsInEveryLocale() },
    sitemap: `${siteOrigin()}/sitemap.xml`,
  };
}
