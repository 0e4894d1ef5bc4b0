import type { ComponentProps } from "react";
import { getLocale } from "next-intl/server";
import { defaultLocale, isLocale, localizedHref, type Href } from "@/lib/i18n/locales";
import { IntentLink } from "./intent-link";

/**
 * A link for server components: the locale prefix is added on the server, so pages that need no
 * translations in the browser do not load the translation runtime just to draw links.
 * (Client components keep using Link from lib/i18n/navigation, inside PageMessages.) It prefetches on
 * intent only (IntentLink).
 */
export async function LocalizedLink({ href, locale, ...props }: Omit<ComponentProps<typeof IntentLink>, "href"> & { href: Href; locale?: string }) {
  const requested = locale ?? (await getLocale());
  return <IntentLink href={localizedHref(href, isLocale(requested) ? requested : defaultLocale)} {...props} />;
}
