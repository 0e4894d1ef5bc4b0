import type { ReactNode } from "react";
import { getFormatter, getTranslations } from "next-intl/server";
import { mailtoUrl, siteConfig } from "@/lib/site-config";
import { cn } from "@/lib/utils";
import { PageHeader, pageWidth } from "./page-header";
import { promiseValues } from "@/lib/contracts/promise";

/**
 * One section of a legal text. Keys point into messages: <namespace>.sections.<id>.title, then in this
 * order .intro, .items.<key> (a bulleted list) and .paragraphs.<key>. The structure lives here, not in
 * the messages, so that a language still missing a key falls back to English for that key alone.
 */
export interface LegalSection {
  id: string;
  intro?: boolean;
  items?: readonly string[];
  paragraphs?: readonly string[];
}

/** A privacy policy or terms of service: title, effective date, contents and numbered sections. */
export async function LegalDocument({
  namespace,
  effectiveDate,
  sections,
}: {
  namespace: "privacy" | "terms";
  effectiveDate: Date;
  sections: readonly LegalSection[];
}) {
  const t = await getTranslations(namespace);
  const format = await getFormatter();
  // Every text may name the contact address: <mail>{email}</mail> becomes a mailto link.
  const text = (key: string): ReactNode =>
    t.rich(key, {
      email: siteConfig.supportEmail,
      ...promiseValues,
      mail: (chunks) => (
        <a href={mailtoUrl()} dir="ltr" className="font-medium text-primary underline underline-offset-4">
          {chunks}
        </a>
      ),
    });

  return (
    <article>
      <PageHeader title={t("title")} intro={t("intro")} width="narrow">
        <p className="mt-4 text-sm font-medium">{t("effective", { date: format.dateTime(effectiveDate, { dateStyle: "long", timeZone: "UTC" }) })}</p>
      </PageHeader>
      <div className={cn(pageWidth.narrow, "pb-16")}>
        <nav aria-label={t("contents")} className="rounded-lg border bg-card p-4">
          <h2 className="font-semibold">{t("contents")}</h2>
          <ol className="mt-2 list-decimal ps-6 text-sm">
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="inline-block py-1 text-primary hover:underline">
                  {t(`sections.${section.id}.title`)}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((section, index) => {
          const base = `sections.${section.id}`;
          return (
            <section key={section.id} id={section.id} className="mt-10 scroll-mt-20" aria-labelledby={`${section.id}-title`}>
              <h2 id={`${section.id}-title`} className="text-xl font-semibold">
                {index + 1}. {t(`${base}.title`)}
              </h2>
              {section.intro && <p className="mt-3 leading-relaxed">{text(`${base}.intro`)}</p>}
              {section.items && (
                <ul className="mt-3 list-disc space-y-2 ps-6 leading-relaxed">
                  {section.items.map((item) => (
                    <li key={item}>{text(`${base}.items.${item}`)}</li>
                  ))}
                </ul>
              )}
              {section.paragraphs?.map((paragraph) => (
                <p key={paragraph} className="mt-3 leading-relaxed">
                  {text(`${base}.paragraphs.${paragraph}`)}
                </p>
              ))}
            </section>
          );
        })}
      </div>
    </article>
  );
}
