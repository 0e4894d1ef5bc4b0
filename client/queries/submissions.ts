"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createdSubmissionSchema, filesAddedSchema, ownSubmissionsSchema } from "@/lib/contracts/submissions";
import { planApprovedSchema, type ApprovePlanInput } from "@/lib/contracts/tracking";
import { apiFetch, ApiError } from "../api";
import { uploadParsed } from "../upload-with-progress";
import { trackingKeys } from "./tracking";

/** Query keys of submissions: every list of the patient's own cases lives under `mine`. */
export const submissionKeys = {
  all: ["submissions"] as const,
  mine: ["submissions", "mine"] as const,
};

export interface RecordsUpload {
  /** A signed-in patient's submission goes to their account. */
  signedIn: boolean;
  fields: Record<string, string>;
  files: File[];
  idempotencyKey: string;
  onProgress: (perFile: number[]) => void;
}

/** Sends the records form (multipart, with progress per file); the patient's lists are refetched after it. */
export function useSubmitRecords() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ signedIn, fields, files, idempotencyKey, onProgress }: RecordsUpload) =>
      uploadParsed(
        {
          url: signedIn ? "/api/my-submissions" : "/api/medical-submissions",
          fields,
          fileField: "files",
          files,
          headers: { "Idempotency-Key": idempotencyKey },
          onProgress,
        },
        createdSubmissionSchema,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: submissionKeys.mine }),
  });
}

/** Adds files to one of the patient's submissions (multipart: the id first, then the files). */
export function useAddFiles(submissionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ files, onProgress }: { files: File[]; onProgress: (perFile: number[]) => void }) =>
      uploadParsed({ url: "/api/add-files-to-submission", fields: { submissionId }, fileField: "files", files, onProgress }, filesAddedSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: submissionKeys.mine }),
  });
}

/**
 * The signed-in patient's own submissions (GET /api/my-submissions), once the session says who they are.
 * `unauthenticated`: the server no longer knows the session (the page sends the person to sign in).
 */
export function useOwnSubmissions(enabled: boolean) {
  const query = useQuery({
    queryKey: submissionKeys.mine,
    queryFn: ({ signal }) => apiFetch("/api/my-submissions", { schema: ownSubmissionsSchema, signal }),
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
    mutationFn: (body: ApprovePlanInput) => apiFetch(approveUrl, { method: "POST", body, schema: planApprovedSchema }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: submissionKeys.mine }), queryClient.invalidateQueries({ queryKey: trackingKeys.all })]),
  });
}
