import type { Metadata } from "next";
import { HandCoins, HeartHandshake, Lock, ShieldCheck, type LucideIcon } from "lucide-react";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { PageHeader, pageWidth } from "@/components/info-pages/page-header";
import { Button } from "@/components/ui/button";
import { LocalizedLink as Link } from "@/components/i18n/localized-link";
import { seoPageMetadata } from "@/lib/seo/page-metadata";
import { cn } from "@/lib/utils";
import { promiseValues } from "@/lib/contracts/promise";

type Props = { params: Promise<{ locale: string }> };

const steps = ["send", "review", "plans", "choose"] as const;

const values: readonly { key: string; icon: LucideIcon }[] = [
  { key: "transparency", icon: HandCoins },
  { key: "safety", icon: ShieldCheck },
  { key: "privacy", icon: Lock },
  { key: "care", icon: HeartHandshake },
];

/** The network's figures shown on the page. */
const stats = ["partners", "hospitalsTurkey", "specialties", "countries", "response"] as const;

const partnerLinks = [
  { href: "/medipol-hospitals", key: "medipolLink" },
  { href: "/memorial-hospitals", key: "memorialLink" },
  { href: "/hospitals", key: "allHospitalsLink" },
] as const;

const sectionClass = cn(pageWidth.wide, "py-10");
const headingClass = "text-2xl font-semibold tracking-tight";

export function generateMetadata({ params }: Props): Promise<Metadata> {
  return seoPageMetadata(params, "about", "/about");
}

export default async function AboutPage({ params }: Props) {
  setRequestLocale((await params).locale);
  const t = await getTranslations("about");
  return (
    <>
      <PageHeader title={t("title")} intro={t("intro")} />

      <section className={sectionClass} aria-labelledby="mission">
        <h2 id="mission" className={headingClass}>
          {t("missionTitle")}
        </h2>
        <p className="mt-4 max-w-3xl text-lg leading-relaxed">{t("mission", promiseValues)}</p>
      </section>

      <section className={sectionClass} aria-labelledby="how">
        <h2 id="how" className={headingClass}>
          {t("howTitle")}
        </h2>
        <ol className="mt-6 grid gap-6 sm:grid-cols-2">
          {steps.map((step, index) => (
            <li key={step} className="flex gap-4">
              <span aria-hidden className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground">
                {index + 1}
              </span>
              <div>
                <h3 className="font-semibold">{t(`steps.${step}.title`, promiseValues)}</h3>
                <p className="mt-1 text-muted-foreground">{t(`steps.${step}.body`)}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section className={sectionClass} aria-labelledby="values">
        <h2 id="values" className={headingClass}>
          {t("valuesTitle")}
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {values.map(({ key, icon: Icon }) => (
            <li key={key} className="rounded-lg border bg-card p-5">
              <Icon aria-hidden className="size-6 text-primary" />
              <h3 className="mt-3 font-semibold">{t(`values.${key}.title`)}</h3>
              <p className="mt-1 text-muted-foreground">{t(`values.${key}.body`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="bg-secondary" aria-labelledby="numbers">
        <div className={sectionClass}>
          <h2 id="numbers" className={headingClass}>
            {t("statsTitle")}
          </h2>
          <dl className="mt-6 grid grid-cols-2 gap-6 sm:grid-cols-3 lg:grid-cols-5">
            {stats.map((stat) => (
              <div key={stat} className="flex flex-col-reverse">
                <dt className="text-sm text-secondary-foreground">{t(`stats.${stat}.label`)}</dt>
                <dd className="text-3xl font-bold text-primary">{t(`stats.${stat}.value`, promiseValues)}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section className={sectionClass} aria-labelledby="partners">
        <h2 id="partners" className={headingClass}>
          {t("partnersTitle")}
        </h2>
        <p className="mt-4 max-w-3xl leading-relaxed">{t("partnersBody")}</p>
        <ul className="mt-4 flex flex-wrap gap-3">
          {partnerLinks.map((link) => (
            <li key={link.href}>
              <Button asChild variant="outline">
                <Link href={link.href}>{t(link.key)}</Link>
              </Button>
            </li>
          ))}
        </ul>
      </section>

      <section className={cn(sectionClass, "pb-16")} aria-labelledby="cta">
        <div className="rounded-lg bg-primary p-8 text-primary-foreground">
          <h2 id="cta" className={headingClass}>
            {t("ctaTitle")}
          </h2>
          <p className="mt-2">{t("ctaBody", promiseValues)}</p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Button asChild variant="secondary" size="lg">
              <Link href="/contact">{t("ctaButton")}</Link>
            </Button>
            <Button asChild variant="link" size="lg" className="text-primary-foreground">
              <Link href="/faq">{t("faqLink")}</Link>
            </Button>
          </div>
        </div>
      </section>
    </>
  );
}
