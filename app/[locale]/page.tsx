import type { Metadata } from "next";
import { Building2, ClipboardCheck, FileUp, LockKeyhole, MessageSquareText, Timer, Upload, Wallet } from "lucide-react";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { LocalizedLink as Link } from "@/components/i18n/localized-link";
import { ClaimList } from "@/components/marketing/claim-list";
import { CtaLinks } from "@/components/marketing/cta-links";
import { FeatureTile } from "@/components/marketing/feature-tile";
import { marketingMetadata, pageLocale, type LocaleParams, type PageMessages } from "@/components/marketing/page-setup";
import { PageHeader, Section } from "@/components/marketing/section";
import { SpecialtyGrid } from "@/components/marketing/specialty-grid";
import { WebPageJsonLd } from "@/components/marketing/web-page-json-ld";
import { featuredHospitalIds, hospitalById } from "@/content/hospitals";
import { paths } from "@/content/paths";
import { homeSpecialtySlugs } from "@/content/specialties";
import { promiseValues } from "@/lib/contracts/promise";

type Props = { params: LocaleParams };

const page: PageMessages = { namespace: "home", path: paths.home };

const benefits = [
  { id: "plans", icon: Timer },
  { id: "secure", icon: LockKeyhole },
  { id: "noPayment", icon: Wallet },
] as const;

const steps = [
  { id: "upload", icon: FileUp },
  { id: "review", icon: ClipboardCheck },
  { id: "respond", icon: MessageSquareText },
] as const;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return marketingMetadata(params, page);
}

export default async function HomePage({ params }: Props) {
  const locale = await pageLocale(params);
  setRequestLocale(locale);
  const t = await getTranslations("home");
  return (
    <>
      <WebPageJsonLd locale={locale} {...page} />
      <PageHeader title={t("heroTitle")} intro={t("heroSubtitle", promiseValues)}>
        <CtaLinks links={[{ href: paths.contact, label: t("heroCta") }]} />
      </PageHeader>

      <section aria-label={t("claimsHeading")} className="mx-auto max-w-6xl px-4">
        <ClaimList ids={["accreditedPartners", "hospitalsInTurkey", "specialties", "countriesServed"]} label={t("claimsHeading")} />
      </section>

      <Section id="benefits" title={t("benefits.heading")}>
        <div className="grid gap-4 md:grid-cols-3">
          {benefits.map(({ id, icon }) => (
            <FeatureTile key={id} icon={icon} title={t(`benefits.${id}.title`, promiseValues)} body={t(`benefits.${id}.body`, promiseValues)} />
          ))}
        </div>
      </Section>

      <Section id="how-it-works" title={t("steps.heading")} muted>
        <ol className="grid gap-4 md:grid-cols-3">
          {steps.map(({ id, icon: Icon }, index) => (
            <li key={id} className="flex gap-4 rounded-lg border bg-card p-5 shadow-sm">
              <span
                aria-hidden="true"
                className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary text-lg font-bold text-primary-foreground"
              >
                {index + 1}
              </span>
              <div>
                <h3 className="flex items-center gap-2 text-lg font-semibold">
                  <Icon aria-hidden="true" className="size-5 text-primary" />
                  {t(`steps.${id}.title`)}
                </h3>
                <p className="mt-1 text-sm text-muted-foreground">{t(`steps.${id}.body`)}</p>
              </div>
            </li>
          ))}
        </ol>
      </Section>

      <Section id="specialties" title={t("specialtiesHeading")} intro={t("specialtiesIntro", { count: homeSpecialtySlugs.length })}>
        <SpecialtyGrid />
      </Section>

      <Section id="partners" title={t("partnersHeading")} intro={t("partnersIntro")} muted>
        <ul data-testid="partner-hospitals" className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {featuredHospitalIds.map((id) => (
            <li key={id} className="flex items-center gap-2 rounded-md border bg-card px-4 py-3">
              <Building2 aria-hidden="true" className="size-5 shrink-0 text-primary" />
              {hospitalById(id)!.name}
            </li>
          ))}
        </ul>
        <p className="mt-6 text-muted-foreground">{t("partnersIndia")}</p>
        <Link href={paths.hospitals} className="mt-2 inline-flex min-h-10 items-center font-medium text-primary underline-offset-4 hover:underline">
          {t("partnersBrowse")}
        </Link>
      </Section>

      <Section id="get-started" title={t("closingHeading")} intro={t("closingBody", promiseValues)}>
        <CtaLinks
          links={[
            { href: paths.upload, label: t("closingUpload"), icon: <Upload aria-hidden="true" /> },
            { href: paths.hospitals, label: t("closingBrowse"), variant: "outline" },
          ]}
        />
      </Section>
    </>
  );
}
