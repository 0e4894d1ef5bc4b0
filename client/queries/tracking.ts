"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TrackRequestInput, TrackVerifyInput } from "@/lib/contracts/tracking";
import { apiFetch } from "../api";

// The contract is imported with the answers, not with the page (docs/decisions/034-validation-loaded-on-use.md).
const contract = () => import("@/lib/contracts/tracking");

/** Query keys of /track: the case a guest verified (their tracking cookie says which). */
export const trackingKeys = {
  all: ["tracking"] as const,
  submission: ["tracking", "submission"] as const,
};

/**
 * Whether a code was verified since this page was loaded. /track is pre-rendered without the case
 * (docs/decisions/030-tracking-form-pre-rendered.md), and Next keeps that page for a few minutes for
 * links within the site: a guest who verified, then left /track and came back by a link, is given the
 * form page again, whose own answer says nothing of the cookie. (A reload asks the server, which sees it.)
 */
let verifiedSinceLoad = false;

/**
 * The case a guest verified in the last 30 minutes (GET /api/track/submission), so that a reload or an
 * approved plan shows it again; a refusal (no or expired access) means: verify again. Asked only when
 * there is something to ask for (`hasAccess`: the page found a tracking cookie, or the code was just
 * verified, or was since the page was loaded): a first visit would otherwise get a 404, an error in the
 * browser's console.
 */
export function useTrackedSubmission(hasAccess: boolean) {
  return useQuery({
    queryKey: trackingKeys.submission,
    queryFn: ({ signal }) => apiFetch("/api/track/submission", { schema: async () => (await contract()).trackedSubmissionSchema, signal }),
    retry: false,
    enabled: hasAccess || verifiedSinceLoad,
    // The case the verification just answered is not asked for again the moment the query is enabled.
    staleTime: 30_000,
  });
}

/** Asks for a one-time code by e-mail (the same answer whether or not the pair matches a case). */
export function useRequestTrackingCode() {
  return useMutation({
    mutationFn: (body: TrackRequestInput) =>
      apiFetch("/api/track/request-code", { method: "POST", body, schema: async () => (await contract()).codeRequestedSchema }),
  });
}

/** Checks the code; the answer is the case itself, which becomes the tracked case of the page. */
export function useVerifyTrackingCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TrackVerifyInput) =>
      apiFetch("/api/track/verify", { method: "POST", body, schema: async () => (await contract()).trackedSubmissionSchema }),
    onSuccess: (tracked) => {
      verifiedSinceLoad = true;
      queryClient.setQueryData(trackingKeys.submission, tracked);
    },
  });
}
