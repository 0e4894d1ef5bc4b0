import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { PageMessages } from "@/components/patient/page-messages";
import { JourneyView } from "@/components/patient/journey-view";
import type { Locale } from "@/lib/i18n/locales";

// Rendered for each request, with a nonce in its Content-Security-Policy: only the pages without
// personal data are pre-rendered (lib/security/static-pages.ts, docs/decisions/022-static-pages-with-script-hashes.md).
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: "journey" });
  return { title: t("metaTitle"), robots: { index: false } };
}

/** The shell is static; the patient's data is fetched by the browser from the authorized API. */
export default async function JourneyPage({ params }: Props) {
  setRequestLocale((await params).locale);
  return (
    <PageMessages namespaces={["journey", "plans", "uploads", "specialties", "statuses", "caseFiles"]}>
      <JourneyView />
    </PageMessages>
  );
}
