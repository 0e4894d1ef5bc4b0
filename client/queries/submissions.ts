"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { createdSubmissionSchema, filesAddedSchema } from "@/lib/contracts/submissions";
import { uploadParsed } from "../upload-with-progress";

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
        { url: signedIn ? "/api/my-submissions" : "/api/medical-submissions", fields, fileField: "files", files, headers: { "Idempotency-Key": idempotencyKey }, onProgress },
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
