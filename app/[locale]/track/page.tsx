import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { TrackPage } from "@/components/patient/track-page";
import { localizedPageMetadata } from "@/lib/seo/page-metadata";
import { TRACK_PAGE_PATH } from "@/lib/tracking/track-page";
import type { Locale } from "@/lib/i18n/locales";

// Pre-rendered: the form, the same for every visitor. A visitor with the tracking cookie is answered by
// ./case (rendered per request, with a nonce) under this address: lib/tracking/track-page.ts.
type Props = { params: Promise<{ locale: Locale }> };

export function generateMetadata({ params }: Props): Promise<Metadata> {
  return localizedPageMetadata(params, { namespace: "track", path: TRACK_PAGE_PATH, titleKey: "metaTitle", descriptionKey: "metaDescription" });
}

export default async function Page({ params }: Props) {
  setRequestLocale((await params).locale);
  return <TrackPage hasTrackCookie={false} />;
}
