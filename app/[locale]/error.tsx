"use client";

import { UnavailablePage } from "@/components/errors/unavailable-page";

/**
 * A page that failed on the server (most often: the database is unreachable) or in the browser; the
 * header and footer stay. The HTTP status is not ours to choose: Next answers such a page request with
 * 500 before this client boundary renders, and no page API can set 503 or Retry-After (only 401, 403,
 * 404 and redirects). The API routes answer 503 with Retry-After (lib/api/handler.ts).
 */
export default function LocaleError({ retry }: { error: unknown; retry: () => void }) {
  return <UnavailablePage retry={retry} />;
}
