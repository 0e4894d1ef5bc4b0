import type { HomeSpecialtySlug } from "./specialties";

/**
 * The marketing claims (partners, hospitals, specialties, countries, IVF cycles). `atLeast` claims
 * are shown with a "+" ("50+"). Labels live in messages under home.claims.<id>.
 */
export interface Claim {
  value: number;
  atLeast: boolean;
}

export const claims = {
  accreditedPartners: { value: 50, atLeast: true },
  hospitalsInTurkey: { value: 20, atLeast: true },
  specialties: { value: 16, atLeast: true },
  countriesServed: { value: 167, atLeast: false },
  networkHospitals: { value: 23, atLeast: true },
  networkCities: { value: 5, atLeast: false },
  ivfCyclesPerYear: { value: 7500, atLeast: false },
} as const satisfies Record<string, Claim>;

export type ClaimId = keyof typeof claims;

/** A claim shown on a specialty's page (7,500 IVF cycles per year on the IVF page). */
export const specialtyClaims: Partial<Record<HomeSpecialtySlug, ClaimId>> = {
  "ivf-fertility": "ivfCyclesPerYear",
};
