import "server-only";
import { issueSignedCookie, readSignedCookie, type SignedCookie } from "@/lib/api/signed-cookie";
import { TRACK_COOKIE } from "./track-page";

/**
 * After a guest proves they own a submission (tracking number + e-mail + one-time code), a signed,
 * HTTP-only cookie lets them see it and its files for 30 minutes.
 */
const TRACK_ACCESS_SECONDS = 30 * 60;
const trackCookie: SignedCookie = { name: TRACK_COOKIE, purpose: "track-access", maxAgeSeconds: TRACK_ACCESS_SECONDS, path: "/" };

export function issueTrackCookie(submissionId: string, now = Date.now()): string {
  return issueSignedCookie(trackCookie, submissionId, now);
}

/** The submission id the request's cookie grants access to, or null (a route's request, or a page's headers()). */
export function trackedSubmissionId(request: Pick<Request, "headers">, now = Date.now()): string | null {
  return readSignedCookie(trackCookie, request, now);
}
