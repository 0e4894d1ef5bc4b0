"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/client/api";
import {
  accountDeletedSchema,
  emailLanguageSchema,
  otherSessionsEndedSchema,
  sessionEndedSchema,
  sessionListSchema,
  type DeleteAccountInput,
  type EmailLanguageInput,
} from "@/lib/contracts/account";

export const accountKeys = {
  sessions: ["account", "sessions"] as const,
};

/** My active sessions, this one marked `current`. */
export function useSessions() {
  return useQuery({
    queryKey: accountKeys.sessions,
    queryFn: ({ signal }) => apiFetch("/api/account/sessions", { schema: sessionListSchema, signal }),
    select: (answer) => answer.sessions,
  });
}

/** Ends one session (`id`), or every session but this one (`"others"`, answering how many ended). */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      id === "others"
        ? (await apiFetch("/api/account/sessions", { method: "DELETE", schema: otherSessionsEndedSchema })).revoked
        : (await apiFetch(`/api/account/sessions/${encodeURIComponent(id)}`, { method: "DELETE", schema: sessionEndedSchema })).revoked,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

/** "Delete my account", confirmed with the account's e-mail address. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (input: DeleteAccountInput) => apiFetch("/api/account", { method: "DELETE", body: input, schema: accountDeletedSchema }),
  });
}

/** The language of the e-mails a staff member gets about their work. */
export function useSetEmailLanguage() {
  return useMutation({
    mutationFn: (input: EmailLanguageInput) => apiFetch("/api/account/email-language", { method: "PUT", body: input, schema: emailLanguageSchema }),
  });
}
