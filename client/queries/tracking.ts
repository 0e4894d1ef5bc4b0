"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { codeRequestedSchema, trackedSubmissionSchema, type TrackRequestInput, type TrackVerifyInput } from "@/lib/contracts/tracking";
import { apiFetch } from "../api";

/** Query keys of /track: the case a guest verified (their tracking cookie says which). */
export const trackingKeys = {
  all: ["tracking"] as const,
  submission: ["tracking", "submission"] as const,
};

/**
 * The case a guest verified in the last 30 minutes (GET /api/track/submission), so that a reload or an
 * approved plan shows it again; a refusal (no or expired access) means: verify again. Asked only when
 * there is something to ask for (`hasAccess`: the page found a tracking cookie, or the code was just
 * verified): a first visit would otherwise get a 404, an error in the browser's console.
 */
export function useTrackedSubmission(hasAccess: boolean) {
  return useQuery({
    queryKey: trackingKeys.submission,
    queryFn: ({ signal }) => apiFetch("/api/track/submission", { schema: trackedSubmissionSchema, signal }),
    retry: false,
    enabled: hasAccess,
    // The case the verification just answered is not asked for again the moment the query is enabled.
    staleTime: 30_000,
  });
}

/** Asks for a one-time code by e-mail (the same answer whether or not the pair matches a case). */
export function useRequestTrackingCode() {
  return useMutation({
    mutationFn: (body: TrackRequestInput) => apiFetch("/api/track/request-code", { method: "POST", body, schema: codeRequestedSchema }),
  });
}

/** Checks the code; the answer is the case itself, which becomes the tracked case of the page. */
export function useVerifyTrackingCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TrackVerifyInput) => apiFetch("/api/track/verify", { method: "POST", body, schema: trackedSubmissionSchema }),
    onSuccess: (tracked) => queryClient.setQueryData(trackingKeys.submission, tracked),
  });
}
