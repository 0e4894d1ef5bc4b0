import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { LegalDocument, type LegalSection } from "@/components/info-pages/legal-document";
import { seoPageMetadata } from "@/lib/seo/page-metadata";

type Props = { params: Promise<{ locale: string }> };

/** The privacy policy takes effect on 1 January 2025. */
const EFFECTIVE_DATE = new Date(Date.UTC(2025, 0, 1));

const sections: readonly LegalSection[] = [
  { id: "controller", paragraphs: ["role", "contact"] },
  { id: "collected", items: ["identity", "health", "consent", "account", "messages"] },
  { id: "purposes", items: ["care", "inquiries", "security", "legal"], paragraphs: ["noSale"] },
  { id: "transfers", paragraphs: ["hospitals", "processors", "withdraw"] },
  { id: "security", items: ["encryption", "access", "audit", "links"] },
  { id: "retention", items: ["files", "audio", "account", "onRequest"] },
  { id: "rights", intro: true, items: ["informed", "access", "rectify", "erase", "restrict", "portability", "withdraw", "complain"], paragraphs: ["howTo"] },
  { id: "children", paragraphs: ["age"] },
  { id: "cookies", paragraphs: ["essential"] },
  { id: "changes", paragraphs: ["notice"] },
];

export function generateMetadata({ params }: Props): Promise<Metadata> {
  return seoPageMetadata(params, "privacy", "/privacy");
}

export default async function PrivacyPage({ params }: Props) {
  setRequestLocale((await params).locale);
  return <LegalDocument namespace="privacy" effectiveDate={EFFECTIVE_DATE} sections={sections} />;
}
