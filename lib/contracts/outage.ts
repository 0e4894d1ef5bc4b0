/**
 * While the database is unreachable, pages answer 503 with Retry-After: PAGE_RETRY_AFTER_SECONDS and
 * the "we'll be back shortly" page, which loads itself again after that many seconds (APIs answer 503
 * with their own Retry-After, lib/api/error-response.ts).
 */
export const PAGE_RETRY_AFTER_SECONDS = 10;

/** Set by proxy.ts on the request it rewrites to the outage page; the page is a 404 without it. */
export const OUTAGE_REQUEST_HEADER = "x-afyabridge-outage";
