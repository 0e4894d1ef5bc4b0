import "server-only";
import type { Prisma } from "@/lib/db/generated/client";
import { hasAdminPower, type SessionUser } from "@/lib/auth/session";
import { sharedWithHospital } from "@/lib/cases/partner-access";

/**
 * Who may read a submission's files, as a query condition (so other people's files are simply
 * "not found"): its owner, admins past the password gate, a guest holding a tracking cookie for that
 * submission, and the partner users of a hospital the case is shared with (lib/cases/partner-access.ts).
 */
export function readableSubmissionWhere(user: SessionUser | null, trackedSubmissionId: string | null): Prisma.SubmissionWhereInput | null {
  if (hasAdminPower(user)) return {};
  const allowed: Prisma.SubmissionWhereInput[] = [];
  if (user) allowed.push({ userId: user.id });
  if (user?.role === "partner" && user.hospitalId) allowed.push(sharedWithHospital(user.hospitalId));
  if (trackedSubmissionId) allowed.push({ id: trackedSubmissionId });
  return allowed.length ? { OR: allowed } : null;
}
