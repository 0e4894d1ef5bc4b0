import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { marketingMetadata, pageLocale, type LocaleParams, type PageMessages } from "@/components/marketing/page-setup";
import { PageHeader } from "@/components/marketing/section";
import { SpecialtyGrid } from "@/components/marketing/specialty-grid";
import { WebPageJsonLd } from "@/components/marketing/web-page-json-ld";
import { paths } from "@/content/paths";

type Props = { params: LocaleParams };

const page: PageMessages = { namespace: "specialtyPage", path: paths.specialties, prefix: "indexMeta" };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return marketingMetadata(params, page);
}

export default async function SpecialtiesPage({ params }: Props) {
  const locale = await pageLocale(params);
  setRequestLocale(locale);
  const t = await getTranslations("specialtyPage");
  return (
    <>
      <WebPageJsonLd locale={locale} {...page} type="MedicalWebPage" />
      <PageHeader title={t("indexTitle")} intro={t("indexIntro")} />
      <div className="mx-auto max-w-6xl px-4 pb-16">
        <SpecialtyGrid headingLevel="h2" />
      </div>
    </>
  );
}
