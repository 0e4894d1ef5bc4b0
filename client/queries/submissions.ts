"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AnnouncedFile } from "@/lib/contracts/uploads";
import type { ApprovePlanInput } from "@/lib/contracts/tracking";
import { apiFetch, ApiError } from "../api";
import { trackingKeys } from "./tracking";

// The answers' contracts are imported with the answers, not with the records form's page
// (docs/decisions/034-validation-loaded-on-use.md).

/** Query keys of submissions: every list of the patient's own cases lives under `mine`. */
export const submissionKeys = {
  all: ["submissions"] as const,
  mine: ["submissions", "mine"] as const,
};

export interface RecordsSubmission {
  /** The records form's fields, as the server's schema names them. */
  fields: Record<string, unknown>;
  /** The files to send afterwards, announced by name and size. */
  files: AnnouncedFile[];
  idempotencyKey: string;
}

/**
 * Creates the case from the records form and announces its files (JSON): the answer gives each file
 * its resumable upload. A retry with the same idempotency key answers the same case.
 */
export function useSubmitRecords() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fields, files, idempotencyKey }: RecordsSubmission) =>
      apiFetch("/api/medical-submissions", {
        method: "POST",
        body: { ...fields, files },
        headers: { "Idempotency-Key": idempotencyKey },
        schema: async () => (await import("@/lib/contracts/submissions")).submissionWithUploadsSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: submissionKeys.mine }),
  });
}

/** Announces more files for one of the patient's cases; each is then sent through its resumable upload. */
export function useAnnounceFiles(submissionId: string) {
  return useMutation({
    mutationFn: (files: AnnouncedFile[]) =>
      apiFetch(`/api/my-submissions/${submissionId}/uploads`, {
        method: "POST",
        body: { files },
        schema: async () => (await import("@/lib/contracts/uploads")).announcedUploadsSchema,
      }),
  });
}

/** After files arrived: the patient's lists show them. */
export function useFilesArrived() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: submissionKeys.mine });
}

/**
 * The signed-in patient's own submissions (GET /api/my-submissions), once the session says who they are.
 * `unauthenticated`: the server no longer knows the session (the page sends the person to sign in).
 */
export function useOwnSubmissions(enabled: boolean) {
  const query = useQuery({
    queryKey: submissionKeys.mine,
    queryFn: ({ signal }) =>
      apiFetch("/api/my-submissions", { schema: async () => (await import("@/lib/contracts/submissions")).ownSubmissionsSchema, signal }),
    enabled,
  });
  const unauthenticated = query.error instanceof ApiError && query.error.status === 401;
  return { ...query, unauthenticated };
}

/**
 * Approves one plan of a case: `approveUrl` is the owner's (/api/my-submissions/[id]/approve-plan) or the
 * verified guest's (/api/track/approve-plan) endpoint. The patient's cases are read again afterwards.
 */
export function useApprovePlan(approveUrl: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApprovePlanInput) =>
      apiFetch(approveUrl, { method: "POST", body, schema: async () => (await import("@/lib/contracts/tracking")).planApprovedSchema }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: submissionKeys.mine }), queryClient.invalidateQueries({ queryKey: trackingKeys.all })]),
  });
}
