import "server-only";
import type { Prisma } from "@/lib/db/generated/client";
import type { PlanView } from "@/lib/contracts/plans";

/** A treatment plan's fields, as every reader (patient, partner, admin) gets them. */
export const planSelect = {
  id: true,
  diagnosisSummary: true,
  proposedTreatment: true,
  included: true,
  lengthOfStayDays: true,
  priceMin: true,
  priceMax: true,
  currency: true,
  validUntil: true,
  leadDoctor: true,
  message: true,
  status: true,
  decidedAt: true,
  appointmentAt: true,
  appointmentNote: true,
  createdAt: true,
} as const satisfies Prisma.TreatmentPlanSelect;

export type PlanRow = Prisma.TreatmentPlanGetPayload<{ select: typeof planSelect }>;

/** The plan as JSON for the pages: dates as ISO strings, validUntil as YYYY-MM-DD. */
export function toPlanView(plan: PlanRow): PlanView {
  return {
    id: plan.id,
    diagnosisSummary: plan.diagnosisSummary,
    proposedTreatment: plan.proposedTreatment,
    included: plan.included,
    lengthOfStayDays: plan.lengthOfStayDays,
    priceMin: plan.priceMin,
    priceMax: plan.priceMax,
    currency: plan.currency,
    validUntil: plan.validUntil.toISOString().slice(0, 10),
    leadDoctor: plan.leadDoctor,
    message: plan.message,
    status: plan.status,
    decidedAt: plan.decidedAt?.toISOString() ?? null,
    appointmentAt: plan.appointmentAt?.toISOString() ?? null,
    appointmentNote: plan.appointmentNote,
    createdAt: plan.createdAt.toISOString(),
  };
}

/** A plan can be approved until the end of its validity day (UTC). */
export function isPlanExpired(validUntil: Date, now = new Date()): boolean {
  return now.getTime() >= validUntil.getTime() + 24 * 60 * 60 * 1000;
}
