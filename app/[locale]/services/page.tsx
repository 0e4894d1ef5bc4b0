import type { Metadata } from "next";
import { Award, FileDown, Languages, Siren, Timer, Upload, UserRound } from "lucide-react";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { Button } from "@/components/ui/button";
import { CheckupCard } from "@/components/marketing/checkup-card";
import { CtaLinks } from "@/components/marketing/cta-links";
import { DepartmentCard } from "@/components/marketing/department-card";
import { FeatureTile } from "@/components/marketing/feature-tile";
import { marketingMetadata, pageLocale, type LocaleParams, type PageMessages } from "@/components/marketing/page-setup";
import { PageHeader, Section } from "@/components/marketing/section";
import { WebPageJsonLd } from "@/components/marketing/web-page-json-ld";
import { checkupPackages } from "@/content/checkups";
import { departmentGroups } from "@/content/departments";
import { messageKey } from "@/content/message-keys";
import { paths } from "@/content/paths";
import { promiseValues } from "@/lib/contracts/promise";

type Props = { params: LocaleParams };

const page: PageMessages = { namespace: "services", path: paths.services };

const reasons = [
  { id: "accredited", icon: Award },
  { id: "fast", icon: Timer },
  { id: "coordinator", icon: UserRound },
  { id: "language", icon: Languages },
] as const;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return marketingMetadata(params, page);
}

export default async function ServicesPage({ params }: Props) {
  const locale = await pageLocale(params);
  setRequestLocale(locale);
  const t = await getTranslations();
  return (
    <>
      <WebPageJsonLd locale={locale} {...page} type="MedicalWebPage" />
      <PageHeader title={t("services.title")} intro={t("services.intro", promiseValues)}>
        <Button asChild size="lg" variant="outline">
          {/* A file download from an API route: a plain link, not client-side navigation. */}
          <a href={paths.departmentsGuide(locale)} download>
            <FileDown aria-hidden="true" />
            {t("services.downloadLabel")}
          </a>
        </Button>
        <p className="w-full text-sm text-muted-foreground">{t("services.downloadHint")}</p>
      </PageHeader>

      <Section id="departments" title={t("services.departmentsHeading")}>
        <div className="grid gap-12">
          {departmentGroups.map((group) => (
            <section key={group.id} aria-labelledby={`group-${group.id}`}>
              <h3 id={`group-${group.id}`} className="text-xl font-semibold">
                {t(messageKey.departmentGroup(group.id))}
              </h3>
              <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {group.departments.map((department) => (
                  <DepartmentCard key={department.id} department={department} kind={group.kind} />
                ))}
              </ul>
            </section>
          ))}
        </div>
      </Section>

      <Section id="checkups" title={t("services.checkupsHeading")} intro={t("services.checkupsIntro")} muted>
        <ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {checkupPackages.map((pkg) => (
            <CheckupCard key={pkg.id} pkg={pkg} />
          ))}
        </ul>
        <CtaLinks
          className="mt-8 flex flex-wrap gap-3"
          links={[
            { href: paths.contactFor("health-checkup"), label: t("services.checkupsCta") },
            { href: paths.packages, label: t("packages.allPackages"), variant: "outline" },
          ]}
        />
      </Section>

      <Section id="emergency" title={t("services.emergencyHeading")}>
        <div className="flex flex-col gap-6 rounded-lg border border-red-200 bg-red-50 p-6 sm:flex-row sm:items-center">
          <Siren aria-hidden="true" className="size-10 shrink-0 text-red-700" />
          <p className="flex-1 text-red-900">{t("services.emergencyBody")}</p>
          <CtaLinks
            links={[
              { href: paths.contact, label: t("services.emergencyContact") },
              { href: paths.upload, label: t("services.emergencyUpload"), icon: <Upload aria-hidden="true" />, variant: "outline" },
            ]}
          />
        </div>
      </Section>

      <Section id="why" title={t("services.whyHeading")} muted>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {reasons.map(({ id, icon }) => (
            <FeatureTile key={id} icon={icon} title={t(`services.why.${id}.title`, promiseValues)} body={t(`services.why.${id}.body`, promiseValues)} />
          ))}
        </div>
      </Section>
    </>
  );
}
