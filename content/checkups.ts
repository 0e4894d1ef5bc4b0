/**
 * The six health check-up packages. Names and descriptions live in messages
 * under checkups.packages.<id>; included tests under checkups.items.<itemId>.
 * A package may build on another ("everything in Standard for men, plus ..."): `adds` holds only
 * what it adds, and checkupItems() gives the full list.
 */
const coreTests = [
  "doctorConsultation",
  "physicalExam",
  "completeBloodCount",
  "bloodSugar",
  "lipidProfile",
  "liverKidneyFunction",
  "thyroidFunction",
  "urinalysis",
  "ecg",
  "chestXray",
  "abdominalUltrasound",
] as const;
const screeningTests = ["psa", "mammography", "breastUltrasound", "cervicalSmear", "pelvicUltrasound", "boneDensity", "sexSpecificScreening"] as const;
const plusTests = ["echocardiography", "exerciseStressTest", "vitaminLevels", "tumourMarkers", "hepatitisScreening", "eyeExam"] as const;
const premiumTests = ["lowDoseLungCt", "coronaryCalciumScore", "gastroscopyColonoscopy", "brainMri", "nutritionConsultation"] as const;

export const checkupItemIds = [...coreTests, ...screeningTests, ...plusTests, ...premiumTests] as const;

export type CheckupItemId = (typeof checkupItemIds)[number];

export const checkupPackageIds = ["standardMen", "standardWomen40Plus", "standardWomenUnder40", "plusMen", "plusWomen40Plus", "premium"] as const;

export type CheckupPackageId = (typeof checkupPackageIds)[number];

export interface CheckupPackage {
  id: CheckupPackageId;
  /** The package this one includes in full. */
  extends: CheckupPackageId | null;
  adds: readonly CheckupItemId[];
}

export const checkupPackages: readonly CheckupPackage[] = [
  { id: "standardMen", extends: null, adds: [...coreTests, "psa"] },
  { id: "standardWomen40Plus", extends: null, adds: [...coreTests, "mammography", "cervicalSmear", "pelvicUltrasound"] },
  { id: "standardWomenUnder40", extends: null, adds: [...coreTests, "breastUltrasound", "cervicalSmear", "pelvicUltrasound"] },
  { id: "plusMen", extends: "standardMen", adds: plusTests },
  { id: "plusWomen40Plus", extends: "standardWomen40Plus", adds: [...plusTests, "boneDensity"] },
  {
    id: "premium",

    extends: null,
    adds: [...coreTests, ...plusTests, "sexSpecificScreening", ...premiumTests],
  },
];

export function checkupPackage(id: CheckupPackageId): CheckupPackage {
  return checkupPackages.find((item) => item.id === id)!;
}

/** Every test a package includes, those of the package it builds on first. */
export function checkupItems(pkg: CheckupPackage): CheckupItemId[] {
  return [...(pkg.extends ? checkupItems(checkupPackage(pkg.extends)) : []), ...pkg.adds];
}
