import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { CheckupCard } from "@/components/marketing/checkup-card";
import { CtaLinks } from "@/components/marketing/cta-links";
import { marketingMetadata, pageLocale, type LocaleParams, type PageMessages } from "@/components/marketing/page-setup";
import { PageHeader, Section } from "@/components/marketing/section";
import { WebPageJsonLd } from "@/components/marketing/web-page-json-ld";
import { checkupPackages } from "@/content/checkups";
import { paths } from "@/content/paths";

type Props = { params: LocaleParams };

const page: PageMessages = { namespace: "packages", path: paths.packages };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return marketingMetadata(params, page);
}

/** The six health check-up packages (content/checkups.ts), each with the tests it includes. */
export default async function PackagesPage({ params }: Props) {
  const locale = await pageLocale(params);
  setRequestLocale(locale);
  const t = await getTranslations();
  return (
    <>
      <WebPageJsonLd locale={locale} {...page} type="MedicalWebPage" />
      <PageHeader title={t("services.checkupsHeading")} intro={t("services.checkupsIntro")} />
      <Section id="checkups" title={t("packages.listHeading")}>
        <ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {checkupPackages.map((pkg) => (
            <CheckupCard key={pkg.id} pkg={pkg} />
          ))}
        </ul>
        <CtaLinks
          className="mt-8 flex flex-wrap gap-3"
          links={[
            { href: paths.contactFor("health-checkup"), label: t("services.checkupsCta") },
            { href: paths.services, label: t("packages.allServices"), variant: "outline" },
          ]}
        />
      </Section>
    </>
  );
}
