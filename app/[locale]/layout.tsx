import type { ReactNode } from "react";
import { notFound } from "next/navigation";
import { hasLocale } from "next-intl";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { routing } from "@/lib/i18n/routing";
import { textDirection } from "@/lib/i18n/locales";
import { SiteHeader } from "@/components/layout/site-header";
import { SiteFooter } from "@/components/layout/site-footer";
import { SupportWidget } from "@/components/layout/support-widget";
import { OutsideStaffAreas } from "@/components/layout/outside-staff-areas";
import { JsonLd } from "@/components/seo/json-ld";
import { medicalOrganizationJsonLd } from "@/lib/seo/structured-data";
import { promiseValues } from "@/lib/contracts/promise";

export function generateStaticParams() {
  return routing.locales.map((locale) => ({ locale }));
}

export default async function LocaleLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const tSeo = await getTranslations("seo");
  return (
    <html lang={locale} dir={textDirection(locale)}>
      <body className="min-h-dvh flex flex-col">
        {/* No translation runtime here: pages whose client components need messages add them (PageMessages). */}
        <SiteHeader />
        <main id="main" className="flex-1">
          {children}
        </main>
        <SiteFooter />
        <OutsideStaffAreas>
          <SupportWidget />
        </OutsideStaffAreas>
        <JsonLd data={medicalOrganizationJsonLd({ locale, description: tSeo("organizationDescription", promiseValues) })} />
      </body>
    </html>
  );
}
