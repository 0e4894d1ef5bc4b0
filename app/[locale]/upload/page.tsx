import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { ContactPage } from "@/components/patient/contact-page";
import { localizedPageMetadata } from "@/lib/seo/page-metadata";
import type { Locale } from "@/lib/i18n/locales";

type Props = { params: Promise<{ locale: Locale }> };

export function generateMetadata({ params }: Props): Promise<Metadata> {
  return localizedPageMetadata(params, { namespace: "contact", path: "/upload", titleKey: "meta.uploadTitle", descriptionKey: "meta.uploadDescription" });
}

export default async function Page({ params }: Props) {
  setRequestLocale((await params).locale);
  return <ContactPage />;
}
