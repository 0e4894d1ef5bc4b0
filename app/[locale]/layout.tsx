import type { ReactNode } from "react";
import { notFound } from "next/navigation";
import { hasLocale, NextIntlClientProvider } from "next-intl";
import { getMessages, getTranslations, setRequestLocale } from "next-intl/server";
import { routing } from "@/lib/i18n/routing";
import { textDirection } from "@/lib/i18n/locales";
import { clientMessages } from "@/lib/i18n/client-messages";
import { SiteHeader } from "@/components/layout/site-header";
import { AppToaster } from "@/components/layout/app-toaster";
import { SiteFooter } from "@/components/layout/site-footer";
import { SupportWidget } from "@/components/layout/support-widget";
import { JsonLd } from "@/components/seo/json-ld";
import { medicalOrganizationJsonLd } from "@/lib/seo/structured-data";
import { inter } from "../fonts";

export function generateStaticParams() {
  return routing.locales.map((locale) => ({ locale }));
}

export default async function LocaleLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const messages = await getMessages();
  const tSeo = await getTranslations("seo");
  return (
    <html lang={locale} dir={textDirection(locale)} className={inter.variable}>
      <body className="min-h-dvh flex flex-col">
        <NextIntlClientProvider locale={locale} messages={clientMessages(messages)}>
          <SiteHeader />
          <main id="main" className="flex-1">
            {children}
          </main>
          <SiteFooter />
          <SupportWidget />
          <AppToaster />
        </NextIntlClientProvider>
        <JsonLd data={medicalOrganizationJsonLd({ locale, description: tSeo("organizationDescription") })} />
      </body>
    </html>
  );
}
