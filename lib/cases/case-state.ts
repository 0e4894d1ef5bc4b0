import "server-only";
import type { SubmissionStatus } from "@/lib/contracts/submissions";

/**
 * Statuses in which a case no longer needs any hospital's answer: a plan was chosen, or the case was
 * closed or cancelled. Entering one tells every hospital still expected to answer (lib/cases/case-end.ts).
 */
export const endedStatuses = ["plan_accepted", "closed", "cancelled"] as const satisfies readonly SubmissionStatus[];

export function isCaseEnded(status: string): boolean {
  return (endedStatuses as readonly string[]).includes(status);
}

/** A hospital's routing as stored, and as it is read: "withdrawn" when its case ended before it answered. */
export type StoredRoutingStatus = "awaiting_response" | "responded" | "declined";
export type RoutingState = StoredRoutingStatus | "withdrawn";

/**
 * The routing's state for every reader. It is derived rather than stored: a routing still awaiting an
 * answer when its case ends is no longer awaited (its hospital was told when the case ended, and answers
 * are refused from then on), so its clock stops and it is never overdue.
 */
export function routingState(status: StoredRoutingStatus, caseStatus: string): RoutingState {
  return status === "awaiting_response" && isCaseEnded(caseStatus) ? "withdrawn" : status;
}
