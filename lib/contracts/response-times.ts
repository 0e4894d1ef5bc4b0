import { z } from "zod";

/**
 * Hospitals' response times as patients see them (issue 21, ADR 025): each hospital's median time from
 * routing to treatment plan over the last RESPONSE_TIME_WINDOW_DAYS days, published only once it rests
 * on MIN_ANSWERED_CASES plans ("new partner" until then). Computed nightly (lib/partners/response-times.ts).
 */
export const RESPONSE_TIME_WINDOW_DAYS = 90;
export const MIN_ANSWERED_CASES = 10;

/** GET /api/hospitals/response-times: every active hospital, its median in whole hours or null ("new partner"). */
export const hospitalResponseTimesSchema = z.object({
  hospitals: z.array(z.object({ hospitalId: z.string(), name: z.string(), medianHours: z.number().nullable() })),
});
export type HospitalResponseTimes = z.infer<typeof hospitalResponseTimesSchema>;
