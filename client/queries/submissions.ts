"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { createdSubmissionSchema } from "@/lib/contracts/submissions";
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
