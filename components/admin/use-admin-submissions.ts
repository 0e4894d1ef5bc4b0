"use client";

import { useCallback, useEffect, useState } from "react";
import type { AdminSubmissionPage } from "@/lib/admin/submissions";

export const ADMIN_REFRESH_MS = 30_000;

type State = { status: "loading" } | { status: "error" } | { status: "ready"; page: AdminSubmissionPage; loadingMore: boolean };

async function fetchPage(q: string, cursor?: string | null): Promise<AdminSubmissionPage> {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (cursor) params.set("cursor", cursor);
  const response = await fetch(`/api/admin/all-submissions?${params}`, { credentials: "include", cache: "no-store" });
  if (!response.ok) throw new Error(`${response.status}: ${(await response.text()) || response.statusText}`);
  return (await response.json()) as AdminSubmissionPage;
}

/** GET /api/admin/all-submissions: the first page, refreshed every 30 seconds (SPEC section 9), plus "load more". */
export function useAdminSubmissions(q: string) {
  const [state, setState] = useState<State>({ status: "loading" });
  const refresh = useCallback(async () => {
    try {
      const page = await fetchPage(q);
      setState({ status: "ready", page, loadingMore: false });
    } catch (error) {
      console.error("Could not load submissions", error);
      setState((current) => (current.status === "ready" ? current : { status: "error" }));
    }
  }, [q]);

  const loadMore = useCallback(async () => {
    if (state.status !== "ready" || !state.page.nextCursor || state.loadingMore) return;
    const current = state.page;
    setState({ ...state, loadingMore: true });
    try {
      const next = await fetchPage(q, current.nextCursor);
      setState({ status: "ready", loadingMore: false, page: { ...next, items: [...current.items, ...next.items] } });
    } catch (error) {
      console.error("Could not load more submissions", error);
      setState({ status: "ready", loadingMore: false, page: current });
    }
  }, [q, state]);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- loading data from the API when the page opens
    void refresh();
    const timer = setInterval(() => void refresh(), ADMIN_REFRESH_MS);
    return () => clearInterval(timer);
  }, [refresh]);

  return { state, refresh, loadMore };
}
