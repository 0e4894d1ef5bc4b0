"use client";

import { useQuery } from "@tanstack/react-query";
import { dicomMetadataSchema } from "@/lib/contracts/files";
import { apiFetch } from "../api";

/** Query keys of stored files: one file's DICOM header. */
export const fileKeys = {
  all: ["files"] as const,
  dicom: (fileId: string) => [...fileKeys.all, fileId, "dicom"] as const,
};

/** The header of a stored DICOM file (GET /api/files/[id]/dicom); a stored file never changes. */
export function useDicomMetadata(fileId: string) {
  return useQuery({
    queryKey: fileKeys.dicom(fileId),
    queryFn: ({ signal }) => apiFetch(`/api/files/${encodeURIComponent(fileId)}/dicom`, { schema: dicomMetadataSchema, signal }),
    staleTime: Infinity,
  });
}
