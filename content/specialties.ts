/**
 * The medical specialties. The 16 on the home page come first (SPEC section 3); the consultation
 * form offers all 18 options of SPEC section 5 (a health check-up package, and "other").
 * Display names live in messages/<locale>.json under specialties.<slug>.
 */
export const homeSpecialtySlugs = [
  "cardiology",
  "oncology",
  "orthopedics",
  "ivf-fertility",
  "neurology",
  "bariatrics",
  "dermatology",
  "dentistry",
  "ophthalmology",
  "plastic-surgery",
  "urology",
  "general-surgery",
  "ent",
  "interventional-gastroenterology",
  "interventional-radiology",
  "parkinsons-movement-disorders",
] as const;

/** SPEC section 5's order of the consultation form's specialty options. */
export const formSpecialtySlugs = [
  "health-checkup",
  "cardiology",
  "oncology",
  "orthopedics",
  "ivf-fertility",
  "neurology",
  "bariatrics",
  "urology",
  "dermatology",
  "dentistry",
  "ophthalmology",
  "plastic-surgery",
  "general-surgery",
  "ent",
  "interventional-gastroenterology",
  "interventional-radiology",
  "parkinsons-movement-disorders",
  "other",
] as const;

export type SpecialtySlug = (typeof formSpecialtySlugs)[number];

/** English names, used for reference data in the database and in e-mails to staff. */
export const specialtyEnglishNames: Record<SpecialtySlug, string> = {
  "health-checkup": "Health Check-up Package",
  cardiology: "Cardiology",
  oncology: "Oncology",
  orthopedics: "Orthopedics",
  "ivf-fertility": "IVF & Fertility",
  neurology: "Neurology",
  bariatrics: "Bariatrics (Weight Loss Surgery)",
  urology: "Urology",
  dermatology: "Dermatology",
  dentistry: "Dentistry",
  ophthalmology: "Ophthalmology",
  "plastic-surgery": "Plastic Surgery",
  "general-surgery": "General Surgery",
  ent: "ENT (Ear, Nose, Throat)",
  "interventional-gastroenterology": "Interventional Gastroenterology",
  "interventional-radiology": "Interventional Radiology",
  "parkinsons-movement-disorders": "Parkinson's & Movement Disorders",
  other: "Other - Not Listed",
};
