"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/client/api";
import { notificationListSchema, unreadCountSchema } from "@/lib/contracts/notifications";
import type { Locale } from "@/lib/i18n/locales";

/** How often the bell asks for new notifications while the tab is visible (the server adds them on its own). */
export const NOTIFICATIONS_POLL_MS = 60_000;

export const notificationKeys = {
  all: ["notifications"] as const,
  list: (locale: Locale) => ["notifications", "list", locale] as const,
};

/** The bell's list and unread count, polled while the tab is visible (TanStack pauses it when hidden). */
export function useNotifications(locale: Locale) {
  return useQuery({
    queryKey: notificationKeys.list(locale),
    queryFn: ({ signal }) => apiFetch(`/api/notifications?locale=${locale}`, { schema: notificationListSchema, signal }),
    refetchInterval: NOTIFICATIONS_POLL_MS,
  });
}

/** Marks one notification read (`id`) or all of them (`"all"`); the list is fetched again afterwards. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch(id === "all" ? "/api/notifications/read-all" : `/api/notifications/${encodeURIComponent(id)}/read`, {
        method: "POST",
        schema: unreadCountSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
