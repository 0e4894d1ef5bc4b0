import { z } from "zod";
import { adminCaseSchema } from "@/lib/contracts/cases";

/** Sending a case to partner hospitals (admin). */

export const MAX_HOSPITALS_PER_ROUTING = 10;

/** An active partner hospital a case can be routed to, with the number of its partner users (GET /api/admin/hospitals). */
export const routableHospitalSchema = z.object({ id: z.string(), name: z.string(), city: z.string(), country: z.string(), partnerUsers: z.number() });
export type RoutableHospital = z.infer<typeof routableHospitalSchema>;
export const routableHospitalsSchema = z.object({ hospitals: z.array(routableHospitalSchema) });

/** POST /api/admin/cases/[id]/route. */
export const routeCaseSchema = z.object({
  hospitalIds: z
    .array(z.string().trim().min(1).max(100))
    .min(1, "routing_hospitals_min")
    .max(MAX_HOSPITALS_PER_ROUTING, "routing_hospitals_max")
    .refine((ids) => new Set(ids).size === ids.length, "routing_hospitals_unique"),
  /** For the hospitals routed now: shown with the case to their partner users, never to the patient. */
  note: z.string().trim().max(1000, "too_long").optional(),
});
export type RouteCaseInput = z.input<typeof routeCaseSchema>;

/** Hospitals this call routed the case to (with their deadline), those it already had (left as they were), and the updated case. */
export const routeCaseAnswerSchema = z.object({
  routed: z.array(z.object({ hospitalId: z.string(), dueAt: z.string() })),
  skipped: z.array(z.string()),
  case: adminCaseSchema,
});
