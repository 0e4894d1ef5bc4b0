"use client";

import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/client/api";
import { caseImagingSchema, imagingPaths } from "@/lib/contracts/imaging";

export const imagingKeys = {
  case: (caseId: string) => ["imaging", "case", caseId] as const,
};

/** A case's imaging as studies and series (GET /api/cases/[id]/imaging). */
export function useCaseImaging(caseId: string) {
  return useQuery({
    queryKey: imagingKeys.case(caseId),
    queryFn: ({ signal }) => apiFetch(imagingPaths.caseImaging(caseId), { schema: caseImagingSchema, signal }),
  });
}
