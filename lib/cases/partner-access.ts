import type { Prisma } from "@/lib/db/generated/client";
import { endedStatuses } from "@/lib/contracts/cases";

/**
 * What a partner hospital may see of a case, in one place (every partner query, page, file route and
 * signed link uses these conditions):
 *
 * - `routedToHospital`: the case was routed to the hospital. It keeps its own routing and its own
 *   plan (what it quoted) for as long as the case exists, whatever happened since.
 * - `sharedWithHospital`: the case's data (the patient's details, every file, files added later,
 *   signed links) while the hospital's routing awaits an answer or was answered and the case has not
 *   ended, and for good once the patient chose the hospital's plan (it treats the patient). Once the
 *   hospital declined, or its answer was no longer needed (the case closed or cancelled, or the
 *   patient chose another hospital's plan), it is no longer shared.
 */
export function routedToHospital(hospitalId: string): Prisma.SubmissionWhereInput {
  return { routings: { some: { hospitalId } } };
}

export function sharedWithHospital(hospitalId: string): Prisma.SubmissionWhereInput {
  return {
    OR: [
      { status: { notIn: [...endedStatuses] }, routings: { some: { hospitalId, status: { in: ["awaiting_response", "responded"] } } } },
      { routings: { some: { hospitalId, plan: { is: { status: "accepted" } } } } },
    ],
  };
}
