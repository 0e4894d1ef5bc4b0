import { specialtyTreatments, type SpecialtyTreatmentId } from "./specialties";

/**
 * Treatments and support services named on the marketing pages and in the departments guide:
 * every specialty's treatments (content/specialties.ts) and the language-support services.
 * Their display names live in messages/<locale>.json under departments.treatments.<id>.
 */
const supportServiceIds = ["medicalInterpreting", "reportTranslation", "patientCoordinator"] as const;

export type TreatmentId = SpecialtyTreatmentId | (typeof supportServiceIds)[number];

export const treatmentIds: readonly TreatmentId[] = [...new Set<TreatmentId>([...Object.values(specialtyTreatments).flat(), ...supportServiceIds])];
