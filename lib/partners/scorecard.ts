import "server-only";
import type { SessionUser } from "@/lib/auth/session";
import type { Scorecard } from "@/lib/contracts/insights";
import { hospitalScorecard } from "@/lib/insights/queries";
import { partnerHospitalId } from "./cases";

/** The scorecard of the hospital the partner acts for (never another's: the hospital comes from the session). */
export function partnerScorecard(user: SessionUser): Promise<Scorecard> {
  return hospitalScorecard(partnerHospitalId(user));
}
