import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { ContactPage } from "@/components/patient/contact-page";
import { localizedPageMetadata } from "@/lib/seo/page-metadata";
import type { Locale } from "@/lib/i18n/locales";

// Rendered for each request, with a nonce in its Content-Security-Policy: only the pages without
// personal data are pre-rendered (lib/security/static-pages.ts, docs/decisions/022-static-pages-with-script-hashes.md).
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ locale: Locale }> };

export function generateMetadata({ params }: Props): Promise<Metadata> {
  return localizedPageMetadata(params, { namespace: "contact", path: "/upload", titleKey: "meta.uploadTitle", descriptionKey: "meta.description" });
}

export default async function Page({ params }: Props) {
  setRequestLocale((await params).locale);
  return <ContactPage />;
}
