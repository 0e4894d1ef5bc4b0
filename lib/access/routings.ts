import "server-only";
import type { Prisma } from "@/lib/db/generated/client";

/**
 * A partner hospital's routings: a partner user reads and answers only their own hospital's routing
 * of a case, never another hospital's (nor its plan or decline reason).
 */
export function routingsOfHospital(hospitalId: string): Prisma.CaseRoutingWhereInput {
  return { hospitalId };
}

/** The hospital's own routing of one case (unique: one routing per case and hospital). */
export function routingOfHospital(hospitalId: string, submissionId: string): Prisma.CaseRoutingWhereUniqueInput {
  return { submissionId_hospitalId: { submissionId, hospitalId } };
}
