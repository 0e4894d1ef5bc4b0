import type { Metadata } from "next";
import { headers } from "next/headers";
import { setRequestLocale } from "next-intl/server";
import { TrackPage } from "@/components/patient/track-page";
import { localizedPageMetadata } from "@/lib/seo/page-metadata";
import { TRACK_PAGE_PATH } from "@/lib/tracking/track-page";
import { trackedSubmissionId } from "@/lib/tracking/access-cookie";
import type { Locale } from "@/lib/i18n/locales";

// /track for a visitor whose request carries the tracking cookie (proxy.ts answers /track with this
// page): rendered for each request, with a nonce in its Content-Security-Policy.
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ locale: Locale }> };

export function generateMetadata({ params }: Props): Promise<Metadata> {
  return localizedPageMetadata(params, { namespace: "track", path: TRACK_PAGE_PATH, titleKey: "metaTitle", descriptionKey: "metaDescription" });
}

export default async function Page({ params }: Props) {
  setRequestLocale((await params).locale);
  // A cookie that is no longer valid (forged, expired) shows the form, as on the pre-rendered page.
  return <TrackPage hasTrackCookie={trackedSubmissionId({ headers: await headers() }) !== null} />;
}
