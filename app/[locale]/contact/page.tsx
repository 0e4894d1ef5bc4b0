import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { ContactPage } from "@/components/patient/contact-page";
import { pageMetadata } from "@/lib/seo/metadata";
import type { Locale } from "@/lib/i18n/locales";

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "contact" });
  return pageMetadata({ locale, path: "/contact", title: t("meta.contactTitle"), description: t("meta.description") });
}

export default async function Page({ params }: Props) {
  setRequestLocale((await params).locale);
  return <ContactPage />;
}
