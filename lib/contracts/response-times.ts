import { isRecord } from "./plain-json";

/**
 * Hospitals' response times as patients see them (issue 21, ADR 025): each hospital's median time from
 * routing to treatment plan over the last RESPONSE_TIME_WINDOW_DAYS days, published only once it rests
 * on MIN_ANSWERED_CASES plans ("new partner" until then). Computed nightly (lib/partners/response-times.ts).
 */
export const RESPONSE_TIME_WINDOW_DAYS = 90;
export const MIN_ANSWERED_CASES = 10;

/** One active hospital: its median in whole hours, or null ("new partner"). */
export interface HospitalResponseTime {
  hospitalId: string;
  name: string;
  medianHours: number | null;
}

/** GET /api/hospitals/response-times. */
export interface HospitalResponseTimes {
  hospitals: HospitalResponseTime[];
}

function readHospital(value: unknown): HospitalResponseTime | null {
  if (!isRecord(value)) return null;
  const { hospitalId, name, medianHours } = value;
  if (typeof hospitalId !== "string" || typeof name !== "string") return null;
  if (medianHours !== null && (typeof medianHours !== "number" || !Number.isFinite(medianHours))) return null;
  return { hospitalId, name, medianHours };
}

/**
 * Reads an answer of GET /api/hospitals/response-times, or null when it is not one. Written out rather
 * than as a zod schema, as parseMe (lib/contracts/session.ts) is: the hospitals page is a marketing page,
 * and zod (or zod/mini with its core) would add 19 to 28 KiB of script to it (bench/js-budget.mjs).
 */
export function parseHospitalResponseTimes(json: unknown): HospitalResponseTimes | null {
  if (!isRecord(json) || !Array.isArray(json.hospitals)) return null;
  const hospitals = json.hospitals.map(readHospital);
  return hospitals.every((hospital) => hospital !== null) ? { hospitals } : null;
}
