"use client";

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  consentRecordedSchema,
  isActiveTranscription,
  transcriptionDetailSchema,
  transcriptionPageSchema,
  transcriptionAnnouncedSchema,
  transcriptionQueuedSchema,
  type TranscriptionConsentType,
  type TranscriptionDetail,
  type TranscriptionPage,
} from "@/lib/contracts/transcriptions";
import { apiFetch } from "@/client/api";

export const transcriptionKeys = {
  all: ["transcriptions"] as const,
  list: ["transcriptions", "list"] as const,
  detail: (id: string) => ["transcriptions", "detail", id] as const,
};

/** How often a page asks again while a job it shows is queued or processing (jobs change on the server on their own). */
export const TRANSCRIPTION_POLL_MS = 5000;

const pageUrl = (cursor: string | null) => `/api/transcriptions${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`;

/**
 * The staff member's transcriptions (an admin's: everyone's), newest first, page by page, starting
 * from the page the server rendered. While any shown job is still running, every loaded page is
 * fetched again every 5 seconds (not while the tab is hidden).
 */
export function useTranscriptionList(initial: TranscriptionPage) {
  return useInfiniteQuery({
    queryKey: transcriptionKeys.list,
    queryFn: ({ pageParam, signal }) => apiFetch(pageUrl(pageParam), { schema: transcriptionPageSchema, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    initialData: { pages: [initial], pageParams: [null] },
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.items.some((item) => isActiveTranscription(item.status))) ? TRANSCRIPTION_POLL_MS : false,
  });
}

/** One transcription, from what the server rendered; followed every 5 seconds while its job runs. */
export function useTranscription(initial: TranscriptionDetail) {
  return useQuery({
    queryKey: transcriptionKeys.detail(initial.id),
    queryFn: ({ signal }) => apiFetch(`/api/transcriptions/${initial.id}`, { schema: transcriptionDetailSchema, signal }),
    initialData: initial,
    refetchInterval: (query) => (query.state.data && isActiveTranscription(query.state.data.status) ? TRANSCRIPTION_POLL_MS : false),
  });
}

/** "Try again": the transcription is queued again; its page and the list then follow its progress. */
export function useRetryTranscription(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(`/api/transcriptions/${id}/retry`, { method: "POST", schema: transcriptionQueuedSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: transcriptionKeys.all }),
  });
}

/** Deletes a transcription and its stored file. */
export function useDeleteTranscription(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(`/api/transcriptions/${id}`, { method: "DELETE" }),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: transcriptionKeys.detail(id) });
      await queryClient.invalidateQueries({ queryKey: transcriptionKeys.list });
    },
  });
}

export interface TranscriptionAnnouncement {
  file: File;
  /** The recording's fields and the patient information, as POST /api/transcriptions takes them. */
  fields: { title: string; meetingType: string; department?: string; language?: string; patientInfo?: Record<string, string> };
  consents: readonly TranscriptionConsentType[];
}

/**
 * Announces an upload: first one consent record per ticked consent (POST /api/consent), then the
 * fields, exactly those consents' ids and the file's name and size (POST /api/transcriptions, JSON),
 * which answers the file's resumable upload. The file then travels through /api/uploads
 * (client/uploads); the transcription is created when its last byte arrives.
 */
export function useAnnounceTranscription() {
  return useMutation({
    mutationFn: async ({ file, fields, consents }: TranscriptionAnnouncement) => {
      const consentIds: string[] = [];
      for (const consentType of consents) {
        const { id } = await apiFetch("/api/consent", { method: "POST", body: { consentType, granted: true }, schema: consentRecordedSchema });
        consentIds.push(id);
      }
      const { upload } = await apiFetch("/api/transcriptions", {
        method: "POST",
        body: { ...fields, consentIds, file: { name: file.name, size: file.size } },
        schema: transcriptionAnnouncedSchema,
      });
      return upload;
    },
  });
}
