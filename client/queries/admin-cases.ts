"use client";

import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/client/api";
import {
  ADMIN_MAX_PAGE_SIZE,
  ADMIN_PAGE_SIZE,
  adminCaseAnswerSchema,
  adminCaseSchema,
  adminSubmissionPageSchema,
  type AdminCase,
  type AdminSubmission,
  type AdminSubmissionPage,
  type AdminTab,
  type CaseStatusChange,
  type DocumentRequestInput,
} from "@/lib/contracts/cases";
import { routableHospitalsSchema, routeCaseAnswerSchema, type RouteCaseInput } from "@/lib/contracts/routings";

/**
 * The coordinator's cases: the dashboard list (per tab and filters), one case, the hospitals a case can
 * be routed to, and the changes to a case. Hospitals answer and patients submit on their own, so the
 * list and the open case are read again every 30 seconds while the tab is visible.
 */
export const ADMIN_REFRESH_MS = 30_000;

/** The dashboard's search and filters, as GET /api/admin/all-submissions takes them ("" = any). */
export interface AdminListFilters {
  q: string;
  status: string;
  urgency: string;
  specialty: string;
  source: string;
  /** "true": only cases with a hospital past its 72 hours. */
  overdue: string;
}

export const adminCaseKeys = {
  all: ["admin-cases"] as const,
  lists: () => [...adminCaseKeys.all, "list"] as const,
  list: (filters: AdminListFilters, tab: AdminTab) => [...adminCaseKeys.lists(), tab, filters] as const,
  detail: (id: string) => [...adminCaseKeys.all, "detail", id] as const,
  hospitals: ["hospitals", "routable"] as const,
};

export type AdminCounts = NonNullable<AdminSubmissionPage["counts"]>;
type List = { items: AdminSubmission[]; nextCursor: string | null };

/** A refresh re-reads at most this many pages: enough for anything an admin scrolls through. */
const MAX_REFRESH_PAGES = 100;
/** Rows read at a time once a refresh has as many as were loaded but new cases pushed the last one further down. */
const REFRESH_STEP = 10;

function listUrl(filters: AdminListFilters, tab: AdminTab, options: { cursor?: string | null; limit?: number } = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  if (tab !== "all") params.set("tab", tab);
  if (options.cursor) params.set("cursor", options.cursor);
  if (options.limit && options.limit !== ADMIN_PAGE_SIZE) params.set("limit", String(options.limit));
  return `/api/admin/all-submissions?${params}`;
}

const fetchPage = (url: string, signal?: AbortSignal) => apiFetch(url, { schema: adminSubmissionPageSchema, signal });

/**
 * Reads the list again from the top, as far down as the admin has loaded: at least as many rows as
 * `loaded`, and on until the last loaded row is passed (new cases at the top push it down), so that
 * a refresh never takes rows away from under the reader. Without anything loaded: the first page.
 */
async function readThrough(
  filters: AdminListFilters,
  tab: AdminTab,
  loaded: AdminSubmission[],
  signal?: AbortSignal,
): Promise<List & { counts: AdminCounts | null }> {
  const want = Math.max(loaded.length, ADMIN_PAGE_SIZE);
  const last = loaded.at(-1);
  const items: AdminSubmission[] = [];
  let cursor: string | null = null;
  let counts: AdminCounts | null = null;
  for (let pages = 0; pages < MAX_REFRESH_PAGES; pages++) {
    const limit = items.length < want ? Math.min(ADMIN_MAX_PAGE_SIZE, want - items.length) : REFRESH_STEP;
    const page: AdminSubmissionPage = await fetchPage(listUrl(filters, tab, { cursor, limit }), signal);
    counts ??= page.counts;
    items.push(...page.items);
    cursor = page.nextCursor;
    if (!cursor) break;
    const passedLast = !last || items.some((item) => item.id === last.id) || items[items.length - 1].createdAt < last.createdAt;
    if (items.length >= want && passedLast) break;
  }
  return { items, nextCursor: cursor, counts };
}

/**
 * One tab of the dashboard with the given search and filters: the first page, "load more" (the tab's
 * own cursor), and a refresh every 30 seconds that keeps what is loaded (new cases appear at the top)
 * and leaves the list in place: same rows, same keys, no loading state. The tab counts are kept while
 * another tab or filter loads.
 */
export function useAdminSubmissions(filters: AdminListFilters, tab: AdminTab) {
  const queryClient = useQueryClient();
  const [counts, setCounts] = useState<AdminCounts | null>(null);
  const key = adminCaseKeys.list(filters, tab);
  const moreKey = [...key, "more"];

  const list = useQuery({
    queryKey: key,
    queryFn: async ({ signal }): Promise<List> => {
      const { counts: found, ...result } = await readThrough(filters, tab, queryClient.getQueryData<List>(key)?.items ?? [], signal);
      if (found) setCounts(found);
      return result;
    },
    // Not while "load more" runs: a refresh that started before it would drop the page it adds.
    refetchInterval: () => (queryClient.isMutating({ mutationKey: moreKey }) ? false : ADMIN_REFRESH_MS),
    refetchOnWindowFocus: false,
  });

  const more = useMutation({
    mutationKey: moreKey,
    mutationFn: async (cursor: string) => {
      await queryClient.cancelQueries({ queryKey: key });
      return fetchPage(listUrl(filters, tab, { cursor }));
    },
    onSuccess: (next) =>
      queryClient.setQueryData<List>(key, (current) => {
        const items = current?.items ?? [];
        const known = new Set(items.map((item) => item.id));
        return { items: [...items, ...next.items.filter((item) => !known.has(item.id))], nextCursor: next.nextCursor };
      }),
    onError: (error) => console.error("Could not load more submissions", error),
  });

  return {
    list,
    counts,
    refresh: () => list.refetch(),
    loadMore: () => {
      if (list.data?.nextCursor && !more.isPending) more.mutate(list.data.nextCursor);
    },
    loadingMore: more.isPending,
  };
}

/** One case for the coordinator; hospitals' answers arrive on their own, so it is read again every 30 seconds. */
export function useAdminCase(caseId: string) {
  return useQuery({
    queryKey: adminCaseKeys.detail(caseId),
    queryFn: ({ signal }) => apiFetch(`/api/admin/cases/${caseId}`, { schema: adminCaseSchema, signal }),
    refetchInterval: ADMIN_REFRESH_MS,
  });
}

/** The active partner hospitals a case can be routed to. */
export function useRoutableHospitals() {
  return useQuery({
    queryKey: adminCaseKeys.hospitals,
    queryFn: ({ signal }) => apiFetch("/api/admin/hospitals", { schema: routableHospitalsSchema, signal }),
    select: (answer) => answer.hospitals,
  });
}

/** Every change answers the updated case: it replaces the cached one, and the dashboard lists are read again. */
function useCaseChange<Input, Answer extends { case: AdminCase }>(caseId: string, send: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (answer) => {
      queryClient.setQueryData(adminCaseKeys.detail(caseId), answer.case);
      void queryClient.invalidateQueries({ queryKey: adminCaseKeys.lists() });
    },
  });
}

export const useCaseStatusChange = (caseId: string) =>
  useCaseChange(caseId, (body: CaseStatusChange) => apiFetch(`/api/admin/cases/${caseId}/status`, { method: "POST", body, schema: adminCaseAnswerSchema }));

export const useDocumentRequest = (caseId: string) =>
  useCaseChange(caseId, (body: DocumentRequestInput) =>
    apiFetch(`/api/admin/cases/${caseId}/document-requests`, { method: "POST", body, schema: adminCaseAnswerSchema }),
  );

export const useRouteCase = (caseId: string) =>
  useCaseChange(caseId, (body: RouteCaseInput) => apiFetch(`/api/admin/cases/${caseId}/route`, { method: "POST", body, schema: routeCaseAnswerSchema }));
