import { z } from "zod";
import { patientCaseViewSchema } from "./submissions";

/** A tracking number as we issue it: 'SUB-' + date + 10 characters of Crockford's base32. */
export const TRACKING_NUMBER_PATTERN = /^SUB-\d{8}-[0-9A-HJKMNP-TV-Z]{10}$/;

/** Accepts what people type: any case, spaces, and the letters people confuse with digits. */
export function normalizeTrackingNumber(input: string): string {
  return input.trim().toUpperCase().replace(/\s+/g, "").replace(/[IL]/g, "1").replace(/O/g, "0");
}

/** POST /api/track/request-code: a guest asks for a one-time code to see their submission. */
export const trackRequestSchema = z.object({
  trackingNumber: z.string().trim().min(1, "tracking_number_required").max(40, "tracking_number_invalid").transform(normalizeTrackingNumber),
  email: z
    .email("email_invalid")
    .max(254, "email_invalid")
    .transform((email) => email.toLowerCase()),
  locale: z.string().max(5).optional(),
});
export type TrackRequestInput = z.input<typeof trackRequestSchema>;
/** Always the same answer, whether or not the pair matches a submission. */
export const codeRequestedSchema = z.object({ success: z.literal(true) });

/** POST /api/track/verify: the same, with the e-mailed code. */
export const trackVerifySchema = trackRequestSchema.extend({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "tracking_code_format"),
});
export type TrackVerifyInput = z.input<typeof trackVerifySchema>;

/** Approving one of the plans of a case (signed-in owner, or a guest with a verified tracking code). */
export const approvePlanSchema = z.object({ planId: z.uuid("plan_id_invalid") });
export type ApprovePlanInput = z.infer<typeof approvePlanSchema>;
/** POST /api/track/approve-plan and POST /api/my-submissions/[id]/approve-plan answer with the approved plan. */
export const planApprovedSchema = z.object({ planId: z.string(), status: z.literal("plan_accepted") });

/** POST /api/track/verify and GET /api/track/submission: the case a verified guest sees, as its signed-in owner would. */
export const trackedSubmissionSchema = patientCaseViewSchema;
export type TrackedSubmission = z.infer<typeof trackedSubmissionSchema>;
