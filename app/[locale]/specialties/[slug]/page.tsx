import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CheckCircle2 } from "lucide-react";
import { getFormatter, getTranslations, setRequestLocale } from "next-intl/server";
import { LocalizedLink as Link } from "@/components/i18n/localized-link";
import { isLocale, type Locale } from "@/lib/i18n/locales";
import { localizedUrl, pageMetadata } from "@/lib/seo/metadata";
import { breadcrumbListJsonLd } from "@/lib/seo/structured-data";
import { JsonLd } from "@/components/seo/json-ld";
import { Breadcrumbs } from "@/components/marketing/breadcrumbs";
import { CtaLinks } from "@/components/marketing/cta-links";
import { hospitalLocation } from "@/components/marketing/hospital-card";
import { PageHeader, Section } from "@/components/marketing/section";
import { specialtyPageJsonLd } from "@/components/marketing/structured-data";
import { claims, specialtyClaims } from "@/content/claims";
import { hospitalsOffering } from "@/content/hospitals";
import { messageKey } from "@/content/message-keys";
import { paths } from "@/content/paths";
import { homeSpecialtySlugs, isHomeSpecialtySlug, specialtyTreatments, type HomeSpecialtySlug } from "@/content/specialties";
import { promiseValues } from "@/lib/contracts/promise";

type Props = { params: Promise<{ locale: string; slug: string }> };

// Only the 16 specialties exist; any other slug is a 404.
export const dynamicParams = false;

export function generateStaticParams() {
  return homeSpecialtySlugs.map((slug) => ({ slug }));
}

async function specialtyParams(params: Props["params"]): Promise<{ locale: Locale; slug: HomeSpecialtySlug }> {
  const { locale, slug } = await params;
  if (!isLocale(locale) || !isHomeSpecialtySlug(slug)) notFound();
  return { locale, slug };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, slug } = await specialtyParams(params);
  const t = await getTranslations({ locale });
  const specialty = t(messageKey.specialtyName(slug));
  return pageMetadata({
    locale,
    path: paths.specialty(slug),
    title: t("specialtyPage.metaTitle", { specialty }),
    description: t("specialtyPage.metaDescription", { description: t(messageKey.specialtyDescription(slug)), ...promiseValues }),
  });
}

export default async function SpecialtyPage({ params }: Props) {
  const { locale, slug } = await specialtyParams(params);
  setRequestLocale(locale);
  const t = await getTranslations();
  const format = await getFormatter();
  const specialty = t(messageKey.specialtyName(slug));
  const description = t(messageKey.specialtyDescription(slug));
  const treatments = specialtyTreatments[slug].map((id) => t(messageKey.treatment(id)));
  const claim = specialtyClaims[slug];
  const breadcrumbs = [
    { href: paths.home, label: t("specialtyPage.home") },
    { href: paths.specialties, label: t("specialtyPage.specialties") },
  ];
  return (
    <>
      <JsonLd
        data={specialtyPageJsonLd({
          slug,
          specialtyName: specialty,
          treatments,
          url: localizedUrl(paths.specialty(slug), locale),
          name: t("specialtyPage.metaTitle", { specialty }),
          description,
          locale,
        })}
      />
      <JsonLd
        data={breadcrumbListJsonLd({
          locale,
          trail: breadcrumbs.map(({ href, label }) => ({ path: href, name: label })),
          current: { path: paths.specialty(slug), name: specialty },
        })}
      />
      <Breadcrumbs label={t("specialtyPage.breadcrumb")} trail={breadcrumbs} current={specialty} />
      <PageHeader title={specialty} intro={description}>
        <CtaLinks links={[{ href: paths.contactFor(slug), label: t("specialtyPage.ctaButton", { specialty }) }]} />
      </PageHeader>

      <Section id="treatments" title={t("specialtyPage.treatmentsHeading")}>
        <ul data-testid="treatment-list" className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {treatments.map((treatment) => (
            <li key={treatment} className="flex gap-2 rounded-md border bg-card px-4 py-3">
              <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              {treatment}
            </li>
          ))}
        </ul>
        {claim ? (
          <p className="mt-6 text-lg font-semibold text-primary">
            {format.number(claims[claim].value)} <span className="font-normal text-muted-foreground">{t(messageKey.claim(claim))}</span>
          </p>
        ) : null}
      </Section>

      <Section id="hospitals" title={t("specialtyPage.hospitalsHeading", { specialty })} muted>
        <ul className="grid gap-2 sm:grid-cols-2">
          {hospitalsOffering(slug).map((hospital) => (
            <li key={hospital.id} className="rounded-md border bg-card px-4 py-3">
              <Link
                href={paths.hospitalGroup(hospital.group)}
                className="inline-flex min-h-10 items-center font-medium text-primary underline-offset-4 hover:underline"
              >
                {hospital.name}
              </Link>
              <p className="text-sm text-muted-foreground">{hospitalLocation(t, hospital)}</p>
            </li>
          ))}
        </ul>
        <p className="mt-6 text-muted-foreground">{t("specialtyPage.hospitalsIndia")}</p>
      </Section>

      <Section id="get-started" title={t("specialtyPage.ctaHeading")} intro={t("specialtyPage.ctaBody", promiseValues)}>
        <CtaLinks links={[{ href: paths.contactFor(slug), label: t("specialtyPage.ctaButton", { specialty }) }]} />
      </Section>

      <Section id="other-specialties" title={t("specialtyPage.otherSpecialties")} muted>
        <ul className="flex flex-wrap gap-2">
          {homeSpecialtySlugs
            .filter((other) => other !== slug)
            .map((other) => (
              <li key={other}>
                <Link
                  href={paths.specialty(other)}
                  className="inline-flex min-h-10 items-center rounded-md border bg-card px-3 text-sm font-medium hover:bg-accent"
                >
                  {t(messageKey.specialtyName(other))}
                </Link>
              </li>
            ))}
        </ul>
      </Section>
    </>
  );
}
