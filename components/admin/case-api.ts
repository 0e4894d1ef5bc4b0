"use client";

import type { AdminCase } from "@/lib/contracts/cases";
import { readError } from "./read-error";

/** A POST to one of the case's admin APIs; resolves to the updated case, or throws the server's message. */
export async function postCaseAction<T extends { case: AdminCase | null }>(caseId: string, action: "status" | "route" | "document-requests", body: unknown): Promise<T & { case: AdminCase }> {
  const response = await fetch(`/api/admin/cases/${caseId}/${action}`, {
    method: "POST",
    credentials: "include",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error((await readError(response)) ?? response.statusText);
  return (await response.json()) as T & { case: AdminCase };
}
