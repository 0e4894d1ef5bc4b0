import "server-only";
import { db } from "@/lib/db";
import { MIN_ANSWERED_CASES, RESPONSE_TIME_WINDOW_DAYS, type HospitalResponseTimes } from "@/lib/contracts/response-times";

/**
 * Each partner hospital's median time to a treatment plan: from the routing of a case to the plan,
 * over the plans sent in the last RESPONSE_TIME_WINDOW_DAYS days. One SQL aggregate (percentile_cont,
 * the same on PGlite and PostgreSQL), written nightly into HospitalResponseTime; patients see a figure
 * only once it rests on MIN_ANSWERED_CASES plans, otherwise "new partner". Declines are not plans and
 * do not count.
 */

/** Whether a stored figure may be shown: enough plans behind it. */
export function publishedMedianHours(row: { medianMinutes: number | null; answeredCases: number } | null | undefined): number | null {
  if (!row || row.medianMinutes === null || row.answeredCases < MIN_ANSWERED_CASES) return null;
  return Math.max(1, Math.round(row.medianMinutes / 60));
}

/**
 * Recomputes every hospital's figure as of `now` (the nightly job; safe to repeat and to run beside
 * another: one upsert per hospital, last writer wins with the same figures). Answers how many hospitals.
 */
export async function computeHospitalResponseTimes(now = new Date()): Promise<{ hospitals: number }> {
  const since = new Date(now.getTime() - RESPONSE_TIME_WINDOW_DAYS * 24 * 60 * 60 * 1000);
  const hospitals = await db().$executeRaw`
    INSERT INTO "HospitalResponseTime" ("hospitalId", "medianMinutes", "answeredCases", "computedAt")
    SELECT h.id,
           round(percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM (r."respondedAt" - r."routedAt")) / 60))::int,
           count(r.id)::int,
           ${now}::timestamp(3)
    FROM "Hospital" h
    LEFT JOIN "CaseRouting" r
      ON r."hospitalId" = h.id AND r.status = 'responded' AND r."respondedAt" >= ${since}::timestamp(3) AND r."respondedAt" < ${now}::timestamp(3)
    GROUP BY h.id
    ON CONFLICT ("hospitalId") DO UPDATE
      SET "medianMinutes" = EXCLUDED."medianMinutes", "answeredCases" = EXCLUDED."answeredCases", "computedAt" = EXCLUDED."computedAt"`;
  return { hospitals };
}

/** The published figure of every active hospital (the hospitals page), by name. */
export async function listHospitalResponseTimes(): Promise<HospitalResponseTimes> {
  const hospitals = await db().hospital.findMany({
    where: { active: true },
    orderBy: { name: "asc" },
    select: { id: true, name: true, responseTime: { select: { medianMinutes: true, answeredCases: true } } },
  });
  return {
    hospitals: hospitals.map((hospital) => ({ hospitalId: hospital.id, name: hospital.name, medianHours: publishedMedianHours(hospital.responseTime) })),
  };
}
