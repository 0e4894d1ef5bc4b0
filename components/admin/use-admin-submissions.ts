"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { AdminSubmissionPage } from "@/lib/admin/submissions";

export const ADMIN_REFRESH_MS = 30_000;

/** The dashboard's search and filters, as GET /api/admin/all-submissions takes them ("" = any). */
export interface AdminListFilters {
  q: string;
  status: string;
  urgency: string;
  specialty: string;
  source: string;
}

type State = { status: "loading" } | { status: "error" } | { status: "ready"; page: AdminSubmissionPage; loadingMore: boolean };

function listUrl(filters: AdminListFilters, cursor?: string | null): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  if (cursor) params.set("cursor", cursor);
  return `/api/admin/all-submissions?${params}`;
}

async function fetchPage(url: string): Promise<AdminSubmissionPage> {
  const response = await fetch(url, { credentials: "include", cache: "no-store" });
  if (!response.ok) throw new Error(`${response.status}: ${(await response.text()) || response.statusText}`);
  return (await response.json()) as AdminSubmissionPage;
}

/**
 * GET /api/admin/all-submissions with the given search and filters: the first page, refreshed every
 * 30 seconds (SPEC section 9) while the dashboard is mounted, i.e. while the gate is unlocked; plus "load more".
 */
export function useAdminSubmissions(filters: AdminListFilters) {
  const [state, setState] = useState<State>({ status: "loading" });
  const { q, status, urgency, specialty, source } = filters;
  // Only the newest request may set the list (an older filter's answer can arrive last).
  const latest = useRef(0);
  const refresh = useCallback(async () => {
    const ticket = ++latest.current;
    try {
      const page = await fetchPage(listUrl({ q, status, urgency, specialty, source }));
      if (ticket !== latest.current) return;
      setState({ status: "ready", page, loadingMore: false });
    } catch (error) {
      console.error("Could not load submissions", error);
      setState((current) => (current.status === "ready" ? current : { status: "error" }));
    }
  }, [q, status, urgency, specialty, source]);

  const loadMore = useCallback(async () => {
    if (state.status !== "ready" || !state.page.nextCursor || state.loadingMore) return;
    const current = state.page;
    setState({ ...state, loadingMore: true });
    try {
      const ticket = latest.current;
      const next = await fetchPage(listUrl({ q, status, urgency, specialty, source }, current.nextCursor));
      if (ticket !== latest.current) return;
      setState({ status: "ready", loadingMore: false, page: { ...next, counts: current.counts, items: [...current.items, ...next.items] } });
    } catch (error) {
      console.error("Could not load more submissions", error);
      setState({ status: "ready", loadingMore: false, page: current });
    }
  }, [q, status, urgency, specialty, source, state]);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- loading data from the API when the page opens or the filters change
    void refresh();
    const timer = setInterval(() => void refresh(), ADMIN_REFRESH_MS);
    return () => clearInterval(timer);
  }, [refresh]);

  return { state, refresh, loadMore };
}
