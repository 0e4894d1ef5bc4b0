import type { Metadata } from "next";
import { headers } from "next/headers";
import { setRequestLocale } from "next-intl/server";
import { PageMessages } from "@/components/patient/page-messages";
import { TrackView } from "@/components/patient/track-view";
import { localizedPageMetadata } from "@/lib/seo/page-metadata";
import { trackedSubmissionId } from "@/lib/tracking/access-cookie";
import type { Locale } from "@/lib/i18n/locales";

// Rendered for each request, with a nonce in its Content-Security-Policy: only the pages without
// personal data are pre-rendered (lib/security/static-pages.ts, docs/decisions/022-static-pages-with-script-hashes.md).
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ locale: Locale }> };

export function generateMetadata({ params }: Props): Promise<Metadata> {
  return localizedPageMetadata(params, { namespace: "track", path: "/track", titleKey: "metaTitle", descriptionKey: "metaDescription" });
}

export default async function TrackPage({ params }: Props) {
  setRequestLocale((await params).locale);
  const hasTrackCookie = trackedSubmissionId({ headers: await headers() }) !== null;
  return (
    <PageMessages namespaces={["track", "plans", "statuses", "caseFiles"]}>
      <TrackView hasTrackCookie={hasTrackCookie} />
    </PageMessages>
  );
}
