import "server-only";
import type { Prisma } from "@/lib/db/generated/client";

/**
 * The treatment plans a patient (owner or tracking guest) sees of their case: every plan a hospital
 * sent, whatever the patient decided (named, so that a plan status added later stays hidden until
 * chosen here). A hospital sees only its own plan, through its routing (lib/access/routings.ts).
 */
export const plansSeenByPatient = { status: { in: ["proposed", "accepted", "not_selected"] } } satisfies Prisma.TreatmentPlanWhereInput;
