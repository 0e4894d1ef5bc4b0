import { notFound } from "next/navigation";
import { hasLocale } from "next-intl";
import { getTranslations } from "next-intl/server";
import { homeSpecialtySlugs, isHomeSpecialtySlug } from "@/content/specialties";
import { messageKey } from "@/content/message-keys";
import { routing } from "@/lib/i18n/routing";
import { OG_IMAGE_SIZE, ogImagePng } from "@/lib/seo/og-image";

/** The picture shown when a specialty page is shared: the specialty's name in the page's language. */
export const size = OG_IMAGE_SIZE;
export const contentType = "image/png";

export default async function SpecialtyImage({ params }: { params: Promise<{ locale: string; slug: string }> }) {
  const { locale, slug } = await params;
  if (!hasLocale(routing.locales, locale) || !isHomeSpecialtySlug(slug)) notFound();
  const t = await getTranslations({ locale });
  return new Response(new Uint8Array(ogImagePng(t(messageKey.specialtyName(slug)), locale)), { headers: { "Content-Type": contentType } });
}

/** Made at build time for each specialty (the locale comes from the layout's static params). */
export function generateStaticParams() {
  return homeSpecialtySlugs.map((slug) => ({ slug }));
}
