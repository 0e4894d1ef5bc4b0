import type { ReactNode } from "react";
import { ArrowLeft } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { LocalizedLink as Link } from "@/components/i18n/localized-link";
import { JsonLd } from "@/components/seo/json-ld";
import { hospitalGroup, hospitalsOfGroup, type HospitalGroupSlug } from "@/content/hospitals";
import { paths } from "@/content/paths";
import { CtaLinks } from "./cta-links";
import { HospitalCard } from "./hospital-card";
import { PageHeader, Section } from "./section";
import { hospitalJsonLd } from "./structured-data";

/** /medipol-hospitals and /memorial-hospitals: the group's hospital cards, with an optional notice. */
export async function HospitalGroupPage({ group, notice }: { group: HospitalGroupSlug; notice?: ReactNode }) {
  const t = await getTranslations();
  const groupHospitals = hospitalsOfGroup(group);
  const groupName = hospitalGroup(group).name;
  return (
    <>
      <JsonLd data={groupHospitals.map((hospital) => hospitalJsonLd(hospital))} />
      <PageHeader title={t(`hospitals.${group}.title`)} intro={t(`hospitals.${group}.intro`)}>
        <CtaLinks links={[{ href: paths.contact, label: t("hospitals.groupPage.cta", { group: groupName }) }]} />
      </PageHeader>
      {notice}
      <Section id="hospitals" title={t("hospitals.groupPage.listHeading", { count: groupHospitals.length })}>
        <ul className="grid gap-4 md:grid-cols-2">
          {groupHospitals.map((hospital) => (
            <HospitalCard key={hospital.id} hospital={hospital} />
          ))}
        </ul>
        <Link href={paths.hospitals} className="mt-8 inline-flex min-h-10 items-center gap-1 font-medium text-primary underline-offset-4 hover:underline">
          <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
          {t("hospitals.groupPage.back")}
        </Link>
      </Section>
    </>
  );
}
