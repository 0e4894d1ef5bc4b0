/** What a page shows for a query (components/ui/load-state): placeholders until the first answer, the failure only when nothing was loaded. */
export function loadStatus(query: { data: unknown; isError: boolean }): "loading" | "error" | "ready" {
  if (query.data !== undefined) return "ready";
  return query.isError ? "error" : "loading";
}
