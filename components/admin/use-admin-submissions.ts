"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { ADMIN_MAX_PAGE_SIZE, ADMIN_PAGE_SIZE, type AdminTab, type AdminSubmission, type AdminSubmissionPage } from "@/lib/contracts/cases";

export const ADMIN_REFRESH_MS = 30_000;
/** A refresh re-reads at most this many pages: enough for anything an admin scrolls through. */
const MAX_REFRESH_PAGES = 100;
/** Rows read at a time once a refresh has as many as were loaded but new cases pushed the last one further down. */
const REFRESH_STEP = 10;

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

export type AdminCounts = NonNullable<AdminSubmissionPage["counts"]>;

type List = { items: AdminSubmission[]; nextCursor: string | null };
type State = { status: "loading" } | { status: "error" } | ({ status: "ready"; loadingMore: boolean } & List);

function listUrl(filters: AdminListFilters, tab: AdminTab, options: { cursor?: string | null; limit?: number } = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  if (tab !== "all") params.set("tab", tab);
  if (options.cursor) params.set("cursor", options.cursor);
  if (options.limit && options.limit !== ADMIN_PAGE_SIZE) params.set("limit", String(options.limit));
  return `/api/admin/all-submissions?${params}`;
}

async function fetchPage(url: string): Promise<AdminSubmissionPage> {
  const response = await fetch(url, { credentials: "include", cache: "no-store" });
  if (!response.ok) throw new Error(`${response.status}: ${(await response.text()) || response.statusText}`);
  return (await response.json()) as AdminSubmissionPage;
}

/**
 * Reads the list again from the top, as far down as the admin has loaded: at least as many rows as
 * `loaded`, and on until the last loaded row is passed (new cases at the top push it down), so that
 * a refresh never takes rows away from under the reader. Without anything loaded: the first page.
 */
async function readThrough(filters: AdminListFilters, tab: AdminTab, loaded: AdminSubmission[]): Promise<List & { counts: AdminCounts | null }> {
  const want = Math.max(loaded.length, ADMIN_PAGE_SIZE);
  const last = loaded.at(-1);
  const items: AdminSubmission[] = [];
  let cursor: string | null = null;
  let counts: AdminCounts | null = null;
  for (let pages = 0; pages < MAX_REFRESH_PAGES; pages++) {
    const limit = items.length < want ? Math.min(ADMIN_MAX_PAGE_SIZE, want - items.length) : REFRESH_STEP;
    const page: AdminSubmissionPage = await fetchPage(listUrl(filters, tab, { cursor, limit }));
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
 * GET /api/admin/all-submissions for one tab with the given search and filters: the first page,
 * "load more" (the tab's own cursor), and a refresh every 30 seconds (SPEC section 9) while the
 * dashboard is mounted, i.e. while the gate is unlocked. A refresh keeps what is loaded (new cases
 * appear at the top) and leaves the list in place: same rows, same keys, no loading state.
 * The tab counts are kept while another tab or filter loads.
 */
export function useAdminSubmissions(filters: AdminListFilters, tab: AdminTab) {
  const [state, setState] = useState<State>({ status: "loading" });
  const [counts, setCounts] = useState<AdminCounts | null>(null);
  const { q, status, urgency, specialty, source, overdue } = filters;
  // Only the newest request may set the list: an older filter's answer, or a refresh that started
  // before "load more", can arrive last.
  const latest = useRef(0);
  const loaded = useRef<AdminSubmission[]>([]);
  const loadingMore = useRef(false);

  const show = useCallback((list: List) => {
    loaded.current = list.items;
    loadingMore.current = false;
    setState({ status: "ready", loadingMore: false, ...list });
  }, []);

  const refresh = useCallback(async () => {
    const ticket = ++latest.current;
    try {
      const result = await readThrough({ q, status, urgency, specialty, source, overdue }, tab, loaded.current);
      if (ticket !== latest.current) return;
      if (result.counts) setCounts(result.counts);
      show(result);
    } catch (error) {
      console.error("Could not load submissions", error);
      if (ticket !== latest.current) return;
      loadingMore.current = false;
      setState((current) => (current.status === "ready" ? { ...current, loadingMore: false } : { status: "error" }));
    }
  }, [q, status, urgency, specialty, source, overdue, tab, show]);

  const loadMore = useCallback(async () => {
    if (state.status !== "ready" || !state.nextCursor || loadingMore.current) return;
    const current = state;
    const ticket = ++latest.current;
    loadingMore.current = true;
    setState({ ...current, loadingMore: true });
    try {
      const next = await fetchPage(listUrl({ q, status, urgency, specialty, source, overdue }, tab, { cursor: current.nextCursor }));
      if (ticket !== latest.current) return;
      const known = new Set(current.items.map((item) => item.id));
      show({ items: [...current.items, ...next.items.filter((item) => !known.has(item.id))], nextCursor: next.nextCursor });
    } catch (error) {
      console.error("Could not load more submissions", error);
      if (ticket !== latest.current) return;
      loadingMore.current = false;
      setState({ ...current, loadingMore: false });
    }
  }, [q, status, urgency, specialty, source, overdue, tab, state, show]);

  useEffect(() => {
    // Another tab or other filters: a new list, from its first page.
    loaded.current = [];
    loadingMore.current = false;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- loading data from the API when the page opens or the filters change
    setState({ status: "loading" });
    void refresh();
    const timer = setInterval(() => {
      if (!loadingMore.current) void refresh();
    }, ADMIN_REFRESH_MS);
    return () => clearInterval(timer);
  }, [refresh]);

  return { state, counts, refresh, loadMore };
}
