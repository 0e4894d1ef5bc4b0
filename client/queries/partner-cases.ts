"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { apiFetch } from "@/client/api";
import { planCreatedSchema, type appointmentSchema, type declineSchema, type planSchema } from "@/lib/contracts/plans";

/** Query keys of the partner portal: the hospital's case list, and one case. */
export const partnerCaseKeys = {
  all: ["partner-cases"] as const,
  list: () => [...partnerCaseKeys.all, "list"] as const,
  detail: (id: string) => [...partnerCaseKeys.all, "detail", id] as const,
};

type Answer =
  | { kind: "plan"; body: z.output<typeof planSchema> }
  | { kind: "decline"; body: z.output<typeof declineSchema> }
  | { kind: "appointment"; body: z.output<typeof appointmentSchema> };

/** The hospital's answer to a case (plan, decline, appointment); the partner's cases are read again afterwards. */
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
