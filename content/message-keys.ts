import { checkupItemIds, checkupPackageIds, type CheckupItemId, type CheckupPackageId } from "./checkups";
import { claims, type ClaimId } from "./claims";
import { departmentGroups } from "./departments";
import { cityKeys, hospitalFeatureIds, hospitalGroups, type City, type HospitalFeatureId, type HospitalGroupSlug } from "./hospitals";
import { formSpecialtySlugs, homeSpecialtySlugs, type HomeSpecialtySlug, type SpecialtySlug } from "./specialties";
import { treatmentIds, type TreatmentId } from "./treatments";

/**
 * Where the words of the content modules live in messages/<locale>.json. Pages and the PDF guide
 * read them through these functions (with a translator at the root namespace), and a unit test
 * checks that every key exists in English.
 */
export const messageKey = {
  specialtyName: (slug: SpecialtySlug) => `specialties.${slug}`,
  specialtyDescription: (slug: HomeSpecialtySlug) => `specialtyPage.descriptions.${slug}`,
  treatment: (id: TreatmentId) => `departments.treatments.${id}`,
  department: (id: string) => `departments.names.${id}`,
  departmentGroup: (id: string) => `departments.groups.${id}`,
  checkupPackage: (id: CheckupPackageId) => `checkups.packages.${id}.name`,
  checkupPackageDescription: (id: CheckupPackageId) => `checkups.packages.${id}.description`,
  checkupItem: (id: CheckupItemId) => `checkups.items.${id}`,
  hospitalFeature: (id: HospitalFeatureId) => `hospitalData.features.${id}`,
  hospitalGroupDescription: (slug: HospitalGroupSlug) => `hospitalData.groups.${slug}`,
  city: (city: City) => `hospitalData.cities.${cityKeys[city]}`,
  claim: (id: ClaimId) => `home.claims.${id}`,
} as const;

/** Every message key the content modules refer to. */
export function contentMessageKeys(): string[] {
  return [
    ...formSpecialtySlugs.map(messageKey.specialtyName),
    ...homeSpecialtySlugs.map(messageKey.specialtyDescription),
    ...treatmentIds.map(messageKey.treatment),
    ...departmentGroups.flatMap((group) => [
      messageKey.departmentGroup(group.id),
      ...group.departments.map((department) => messageKey.department(department.id)),
    ]),
    ...checkupPackageIds.flatMap((id) => [messageKey.checkupPackage(id), messageKey.checkupPackageDescription(id)]),
    ...checkupItemIds.map(messageKey.checkupItem),
    ...hospitalFeatureIds.map(messageKey.hospitalFeature),
    ...hospitalGroups.map((group) => messageKey.hospitalGroupDescription(group.slug)),
    ...(Object.keys(cityKeys) as City[]).map(messageKey.city),
    ...(Object.keys(claims) as ClaimId[]).map(messageKey.claim),
  ];
}
