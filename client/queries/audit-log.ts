"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { apiFetch } from "@/client/api";
import { auditLogPageSchema } from "@/lib/contracts/audit-log";

/** The audit log's filters as typed: a case (tracking number or id), a user's e-mail, an action or its beginning. */
export interface AuditFilters {
  case: string;
  user: string;
  action: string;
}

export const auditKeys = { list: (filters: AuditFilters) => ["audit", "list", filters] as const };

function auditUrl(filters: AuditFilters, cursor: string | null): string {
  const params = new URLSearchParams();
  if (filters.case.trim()) params.set("case", filters.case.trim());
  if (filters.user.trim()) params.set("actorEmail", filters.user.trim());
  if (filters.action.trim()) params.set("action", filters.action.trim().toLowerCase());
  if (cursor) params.set("cursor", cursor);
  return `/api/admin/audit?${params}`;
}

/** GET /api/admin/audit, newest first, one page after another. */
export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: auditKeys.list(filters),
    queryFn: ({ pageParam, signal }) => apiFetch(auditUrl(filters, pageParam), { schema: auditLogPageSchema, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
