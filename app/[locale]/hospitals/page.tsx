import type { Metadata } from "next";
import { ArrowRight, Building2, Globe2 } from "lucide-react";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { LocalizedLink as Link } from "@/components/i18n/localized-link";
import { ClaimList } from "@/components/marketing/claim-list";
import { marketingMetadata, pageLocale, type LocaleParams, type PageMessages } from "@/components/marketing/page-setup";
import { NetworkMap } from "@/components/marketing/network-map";
import { HospitalResponseTimeList } from "@/components/marketing/hospital-response-times";
import { MIN_ANSWERED_CASES, RESPONSE_TIME_WINDOW_DAYS } from "@/lib/contracts/response-times";
import { PageHeader, Section } from "@/components/marketing/section";
import { WebPageJsonLd } from "@/components/marketing/web-page-json-ld";
import { hospitalGroups, hospitalsOfGroup } from "@/content/hospitals";
import { messageKey } from "@/content/message-keys";
import { paths } from "@/content/paths";

type Props = { params: LocaleParams };

const page: PageMessages = { namespace: "hospitals", path: paths.hospitals };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return marketingMetadata(params, page);
}

export default async function HospitalsPage({ params }: Props) {
  const locale = await pageLocale(params);
  setRequestLocale(locale);
  const t = await getTranslations();
  return (
    <>
      <WebPageJsonLd locale={locale} {...page} />
      <PageHeader title={t("hospitals.title")} intro={t("hospitals.intro")} />

      <section aria-label={t("hospitals.statsHeading")} className="mx-auto max-w-6xl px-4">
        <ClaimList ids={["networkHospitals", "networkCities", "hospitalsInTurkey", "accreditedPartners"]} label={t("hospitals.statsHeading")} />
      </section>

      <Section id="groups" title={t("hospitals.groupsHeading")}>
        <ul className="grid gap-4 md:grid-cols-3">
          {hospitalGroups.map((group) => (
            <GroupCard
              key={group.slug}
              icon={Building2}
              title={group.name}
              body={t(messageKey.hospitalGroupDescription(group.slug))}
              detail={t("hospitals.groupHospitals", { count: hospitalsOfGroup(group.slug).length })}
              link={{ href: paths.hospitalGroup(group.slug), label: t("hospitals.viewGroup", { group: group.name }) }}
            />
          ))}
          <GroupCard
            icon={Globe2}
            title={t("hospitals.indiaTitle")}
            body={t("hospitals.indiaBody")}
            link={{ href: paths.contact, label: t("hospitals.indiaCta") }}
          />
        </ul>
      </Section>

      <Section
        id="response-times"
        title={t("hospitals.responseTimesHeading")}
        intro={t("hospitals.responseTimesIntro", { days: RESPONSE_TIME_WINDOW_DAYS, min: MIN_ANSWERED_CASES })}
      >
        <HospitalResponseTimeList
          labels={{
            // "{hours}" stays for the figure, filled in the browser.
            median: t("hospitals.responseMedian", { hours: "{hours}" }),
            newPartner: t("hospitals.responseNewPartner"),
            loading: t("hospitals.responseLoading"),
            failed: t("hospitals.responseFailed"),
          }}
        />
      </Section>

      <Section id="map" title={t("hospitals.mapHeading")} intro={t("hospitals.mapIntro")} muted>
        <NetworkMap />
      </Section>
    </>
  );
}

function GroupCard({
  icon: Icon,
  title,
  body,
  detail,
  link,
}: {
  icon: LucideIcon;
  title: string;
  body: string;
  detail?: ReactNode;
  link: { href: string; label: string };
}) {
  return (
    <li data-testid="group-card" className="flex flex-col gap-3 rounded-lg border bg-card p-5 shadow-sm">
      <Icon aria-hidden="true" className="size-8 text-primary" />
      <h3 className="text-xl font-semibold">{title}</h3>
      {detail ? <p className="font-medium text-primary">{detail}</p> : null}
      <p className="flex-1 text-sm text-muted-foreground">{body}</p>
      <Link href={link.href} className="inline-flex min-h-10 items-center gap-1 font-medium text-primary underline-offset-4 hover:underline">
        {link.label}
        <ArrowRight aria-hidden="true" className="size-4 rtl:rotate-180" />
      </Link>
    </li>
  );
}
