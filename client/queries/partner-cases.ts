"use client";

import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { apiFetch } from "@/client/api";
import { partnerCasePageSchema, type PartnerCasePage } from "@/lib/contracts/partners";
import { planCreatedSchema, type appointmentSchema, type declineSchema, type extensionSchema, type planSchema } from "@/lib/contracts/plans";

/** Query keys of the partner portal: the hospital's case list, and one case. */
export const partnerCaseKeys = {
  all: ["partner-cases"] as const,
  list: () => [...partnerCaseKeys.all, "list"] as const,
  detail: (id: string) => [...partnerCaseKeys.all, "detail", id] as const,
};

type Answer =
  | { kind: "plan"; body: z.output<typeof planSchema> }
  | { kind: "decline"; body: z.output<typeof declineSchema> }
  | { kind: "appointment"; body: z.output<typeof appointmentSchema> }
  | { kind: "extension"; body: z.output<typeof extensionSchema> };

/** The hospital's answer to a case (plan, decline, appointment, a request for more time); the partner's cases are read again afterwards. */
export function usePartnerAnswer(caseId: string, onDone?: (kind: Answer["kind"]) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ kind, body }: Answer): Promise<void> => {
      if (kind === "plan") await apiFetch(`/api/partner/cases/${caseId}/plan`, { method: "POST", body, schema: planCreatedSchema });
      else await apiFetch(`/api/partner/cases/${caseId}/${kind}`, { method: "POST", body });
    },
    onSuccess: async (_answer, { kind }) => {
      await queryClient.invalidateQueries({ queryKey: partnerCaseKeys.all });
      onDone?.(kind);
    },
  });
}

/** The hospital's cases, newest routing first; the first page comes with the page, "load more" asks for the next by its cursor. */
export function usePartnerCases(initial: PartnerCasePage) {
  return useInfiniteQuery({
    queryKey: partnerCaseKeys.list(),
    queryFn: ({ pageParam, signal }) =>
      apiFetch(pageParam ? `/api/partner/cases?cursor=${encodeURIComponent(pageParam)}` : "/api/partner/cases", { schema: partnerCasePageSchema, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    initialData: { pages: [initial], pageParams: [null] },
    // The server page already holds the first page; the list changes only when the coordinator routes a case.
    staleTime: Infinity,
  });
}
