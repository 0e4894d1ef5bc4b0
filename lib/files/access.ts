import "server-only";
import type { Prisma } from "@/lib/db/generated/client";
import { hasAdminPower, type SessionUser } from "@/lib/auth/session";

/**
 * Who may read a submission's files, as a query condition (so other people's files are simply
 * "not found"): its owner, admins, a guest holding a tracking cookie for that submission, and the
 * partner users of a hospital the case is routed to.
 */
export function readableSubmissionWhere(user: SessionUser | null, trackedSubmissionId: string | null): Prisma.SubmissionWhereInput | null {
  if (hasAdminPower(user)) return {};
  const allowed: Prisma.SubmissionWhereInput[] = [];
  if (user) allowed.push({ userId: user.id });
  if (user?.role === "partner" && user.hospitalId) allowed.push({ routings: { some: { hospitalId: user.hospitalId } } });
  if (trackedSubmissionId) allowed.push({ id: trackedSubmissionId });
  return allowed.length ? { OR: allowed } : null;
}
