"use client";

import { UnavailablePage } from "@/components/errors/unavailable-page";

/**
 * A page that failed on the server or in the browser; the header and footer stay. While the database
 * is unreachable the proxy answers pages 503 with the outage page before they render
 * (app/[locale]/unavailable); this boundary is for what still fails (a render that lost the database
 * after the proxy's check, a failed navigation in the browser), which Next answers with 500: an error
 * boundary cannot choose its status (docs/decisions/023-outage-pages-answer-503.md).
 */
export default function LocaleError({ retry }: { error: unknown; retry: () => void }) {
  return <UnavailablePage retry={retry} />;
}
