import type { HospitalGroupSlug } from "./hospitals";
import type { HomeSpecialtySlug } from "./specialties";

/** The query parameter that chooses the consultation form's specialty (by its slug). */
export const SPECIALTY_PARAM = "specialty";

/** Paths (without locale prefix) of the public pages that marketing content links to. */
export const paths = {
  home: "/",
  services: "/services",
  /** The health check-up packages. */
  packages: "/packages",
  hospitals: "/hospitals",
  contact: "/contact",
  upload: "/upload",
  specialties: "/specialties",
  specialty: (slug: HomeSpecialtySlug) => `/specialties/${slug}`,
  hospitalGroup: (group: HospitalGroupSlug) => `/${group}-hospitals`,
  /** The consultation form with a specialty preselected (by its slug). */
  contactFor: (specialty: string) => `/contact?${SPECIALTY_PARAM}=${encodeURIComponent(specialty)}`,
  /** The departments guide (PDF) in a language. Not localized: an API route. */
  departmentsGuide: (locale: string) => `/api/download/medical-departments?locale=${encodeURIComponent(locale)}`,
} as const;
