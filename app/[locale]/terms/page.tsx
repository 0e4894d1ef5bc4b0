import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { LegalDocument, type LegalSection } from "@/components/info-pages/legal-document";
import { seoPageMetadata } from "@/lib/seo/page-metadata";

type Props = { params: Promise<{ locale: string }> };

/** In force together with the privacy policy. */
const EFFECTIVE_DATE = new Date(Date.UTC(2025, 0, 1));

const sections: readonly LegalSection[] = [
  { id: "acceptance", paragraphs: ["agree"] },
  { id: "eligibility", paragraphs: ["age", "onBehalf"] },
  { id: "service", paragraphs: ["coordination", "notProvider", "emergency"] },
  { id: "plans", paragraphs: ["response", "independent"] },
  { id: "payment", paragraphs: ["free"] },
  { id: "responsibilities", items: ["accurate", "rights", "account", "lawful"] },
  { id: "liability", paragraphs: ["limit"] },
  { id: "termination", paragraphs: ["close"] },
  { id: "changes", paragraphs: ["notice"] },
  { id: "contact", paragraphs: ["write"] },
];

export function generateMetadata({ params }: Props): Promise<Metadata> {
  return seoPageMetadata(params, "terms", "/terms");
}

export default async function TermsPage({ params }: Props) {
  setRequestLocale((await params).locale);
  return <LegalDocument namespace="terms" effectiveDate={EFFECTIVE_DATE} sections={sections} />;
}
