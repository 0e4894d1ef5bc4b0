"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/client/api";
import {
  acceptInvitationAnswerSchema,
  invitationCreatedSchema,
  partnerDirectorySchema,
  type AcceptInvitationInput,
  type InviteInput,
} from "@/lib/contracts/partners";
import type { Locale } from "@/lib/i18n/locales";

/** Query keys of the partner users and their invitations (admin). */
export const partnerKeys = { directory: ["partners", "directory"] as const };

/** The partner users and open invitations (admin). */
export function usePartnerDirectory() {
  return useQuery({ queryKey: partnerKeys.directory, queryFn: ({ signal }) => apiFetch("/api/admin/partners", { schema: partnerDirectorySchema, signal }) });
}

/** Invites a partner user for one hospital (the e-mail in `locale`); the directory is read again. */
export function useInvitePartner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteInput & { locale: Locale }) => apiFetch("/api/admin/partners", { method: "POST", body, schema: invitationCreatedSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.directory }),
  });
}

/** The invitee creates their partner account (and is signed in). */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (body: AcceptInvitationInput) => apiFetch("/api/partner/invitations/accept", { method: "POST", body, schema: acceptInvitationAnswerSchema }),
  });
}
