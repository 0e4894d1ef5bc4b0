import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { PageHeader, pageWidth } from "@/components/info-pages/page-header";
import { JsonLd } from "@/components/seo/json-ld";
import { defaultLocale, isLocale } from "@/lib/i18n/locales";
import { seoPageMetadata } from "@/lib/seo/page-metadata";
import { faqPageJsonLd } from "@/lib/seo/structured-data";
import { cn } from "@/lib/utils";
import { translateFaq } from "./faq-content";
import { FaqItem } from "./faq-item";
import { SupportOptions } from "./support-options";
import { promiseValues } from "@/lib/contracts/promise";

type Props = { params: Promise<{ locale: string }> };

export function generateMetadata({ params }: Props): Promise<Metadata> {
  return seoPageMetadata(params, "faq", "/faq");
}

export default async function FaqPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations("faq");
  const categories = translateFaq(t);
  const structuredData = faqPageJsonLd({
    locale: isLocale(locale) ? locale : defaultLocale,
    path: "/faq",
    questions: categories.flatMap((category) => category.entries),
  });

  return (
    <>
      <PageHeader title={t("title")} intro={t("intro", promiseValues)} width="narrow">
        <nav aria-label={t("categoriesLabel")} className="mt-6">
          <ul className="flex flex-wrap gap-2">
            {categories.map((category) => (
              <li key={category.id}>
                <a
                  href={`#${category.id}`}
                  className="inline-flex min-h-10 items-center rounded-full border bg-background px-4 text-sm font-medium hover:bg-muted"
                >
                  {category.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </PageHeader>
      <div className={cn(pageWidth.narrow, "pb-16")}>
        {categories.map((category) => (
          <section key={category.id} id={category.id} aria-labelledby={`${category.id}-title`} className="mt-10 scroll-mt-20">
            <h2 id={`${category.id}-title`} className="text-xl font-semibold">
              {category.title}
            </h2>
            <div className="mt-2 rounded-lg border bg-card px-4">
              {category.entries.map((entry) => (
                <FaqItem key={entry.id} entry={entry} />
              ))}
            </div>
          </section>
        ))}
        <SupportOptions />
      </div>
      <JsonLd data={structuredData} />
    </>
  );
}
