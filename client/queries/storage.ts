"use client";

import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/client/api";
import { storageStatusSchema } from "@/lib/contracts/storage";

export const storageKeys = { status: ["storage", "status"] as const };

/** The file store's status; a failed check is itself the answer, so it is not retried. */
export function useStorageStatus() {
  return useQuery({
    queryKey: storageKeys.status,
    queryFn: ({ signal }) => apiFetch("/api/test-google-drive", { schema: storageStatusSchema, signal }),
    retry: false,
  });
}
