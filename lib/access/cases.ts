import "server-only";
import type { Prisma } from "@/lib/db/generated/client";
import { hasAdminPower, type SessionUser } from "@/lib/auth/session-user";
import { endedStatuses } from "@/lib/contracts/cases";

/**
 * Who may read or change a case (a submission), as query conditions: every route, page, export and file
 * link puts one of these in its `where`, so anyone else's case is simply "not found".
 *
 * What a partner hospital may see of a case:
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

/** The cases of an account: what its owner sees as theirs and alone may decide on (approving a plan). */
export function casesOwnedBy(userId: string): Prisma.SubmissionWhereInput {
  return { userId };
}

/**
 * Who may read a case and its files: its owner, admins past the password gate, a guest holding a
 * tracking cookie for that case, and the partner users of a hospital the case is shared with.
 * Null when nobody of these is asking.
 */
export function caseReadableBy(user: SessionUser | null, trackedSubmissionId: string | null): Prisma.SubmissionWhereInput | null {
  if (hasAdminPower(user)) return {};
  const allowed: Prisma.SubmissionWhereInput[] = [];
  if (user) allowed.push(casesOwnedBy(user.id));
  if (user?.role === "partner" && user.hospitalId) allowed.push(sharedWithHospital(user.hospitalId));
  if (trackedSubmissionId) allowed.push({ id: trackedSubmissionId });
  return allowed.length ? { OR: allowed } : null;
}

/** Who may add files to a case: its owner, and admins past the password gate (acting for the patient). */
export function caseChangeableBy(user: SessionUser): Prisma.SubmissionWhereInput {
  return hasAdminPower(user) ? {} : casesOwnedBy(user.id);
}

/**
 * Who uploaded a case's files: its owner, or the guest tracking their own case (a case with no
 * account). They alone may open a file before its malware scan has finished.
 */
export function caseUploadedBy(user: SessionUser | null, trackedSubmissionId: string | null): Prisma.SubmissionWhereInput | null {
  const uploader: Prisma.SubmissionWhereInput[] = [
    ...(user ? [casesOwnedBy(user.id)] : []),
    ...(trackedSubmissionId ? [{ id: trackedSubmissionId, userId: null }] : []),
  ];
  return uploader.length ? { OR: uploader } : null;
}
