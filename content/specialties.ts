/**
 * The medical specialties. The 16 on the home page come first; the consultation
 * form offers all 18 options (a health check-up package, and "other").
 * Display names live in messages/<locale>.json under specialties.<slug> (a flat map of names);
 * what each treats under specialtyPage.descriptions.<slug>.
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

/** The order of the consultation form's specialty options. */
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

export type HomeSpecialtySlug = (typeof homeSpecialtySlugs)[number];

export function isHomeSpecialtySlug(value: string): value is HomeSpecialtySlug {
  return (homeSpecialtySlugs as readonly string[]).includes(value);
}

/** A specialty card on the home page shows this many example treatments. */
export const CARD_TREATMENT_COUNT = 3;

/**
 * Example treatments per home specialty, most requested first. The specialty page lists them all
 * (Cardiology and Oncology list 12); the home card shows the first three.
 */
export const specialtyTreatments = {
  cardiology: [
    "coronaryAngiography",
    "coronaryStenting",
    "coronaryBypass",
    "heartValveSurgery",
    "tavi",
    "pacemakerIcd",
    "catheterAblation",
    "congenitalHeartRepair",
    "minimallyInvasiveHeartSurgery",
    "aorticAneurysmRepair",
    "peripheralAngioplasty",
    "heartTransplant",
  ],
  oncology: [
    "chemotherapy",
    "immunotherapy",
    "targetedTherapy",
    "radiotherapy",
    "stereotacticRadiosurgery",
    "brachytherapy",
    "boneMarrowTransplant",
    "breastCancerSurgery",
    "roboticCancerSurgery",
    "hipec",
    "petCtStaging",
    "tumourBoardReview",
  ],
  orthopedics: ["kneeReplacement", "hipReplacement", "arthroscopicSurgery"],
  "ivf-fertility": ["ivfIcsi", "eggFreezing", "preimplantationGeneticTesting"],
  neurology: ["strokeTreatment", "brainTumourSurgery", "spineSurgery"],
  bariatrics: ["gastricSleeve", "gastricBypass", "gastricBalloon"],
  dermatology: ["psoriasisEczemaCare", "laserSkinTreatment", "skinCancerTreatment"],
  dentistry: ["dentalImplants", "veneersCrowns", "smileDesign"],
  ophthalmology: ["cataractSurgery", "laserVisionCorrection", "retinaSurgery"],
  "plastic-surgery": ["rhinoplasty", "hairTransplant", "liposuction"],
  urology: ["kidneyStoneTreatment", "prostateSurgery", "kidneyTransplant"],
  "general-surgery": ["herniaRepair", "gallbladderSurgery", "thyroidSurgery"],
  ent: ["cochlearImplant", "sinusSurgery", "tonsilSurgery"],
  "interventional-gastroenterology": ["endoscopyColonoscopy", "ercp", "endoscopicUltrasound"],
  "interventional-radiology": ["tumourAblation", "fibroidEmbolisation", "chemoembolisation"],
  "parkinsons-movement-disorders": ["deepBrainStimulation", "medicationReview", "botulinumToxinTherapy"],
} as const satisfies Record<HomeSpecialtySlug, readonly string[]>;

/** A treatment named on a specialty page; display names under departments.treatments.<id>. */
export type SpecialtyTreatmentId = (typeof specialtyTreatments)[HomeSpecialtySlug][number];

/** The examples a home-page card shows. */
export function cardTreatments(slug: HomeSpecialtySlug): readonly SpecialtyTreatmentId[] {
  return specialtyTreatments[slug].slice(0, CARD_TREATMENT_COUNT);
}

/**
 * The closest member of schema.org's MedicalSpecialty enumeration, for structured data; null where
 * schema.org has none (the page then names the specialty in words).
 */
export const schemaOrgSpecialty: Record<HomeSpecialtySlug, string | null> = {
  cardiology: "Cardiovascular",
  oncology: "Oncologic",
  orthopedics: "Musculoskeletal",
  "ivf-fertility": "Obstetric",
  neurology: "Neurologic",
  bariatrics: null,
  dermatology: "Dermatologic",
  dentistry: "Dentistry",
  ophthalmology: "Optometric",
  "plastic-surgery": "PlasticSurgery",
  urology: "Urologic",
  "general-surgery": "Surgical",
  ent: "Otolaryngologic",
  "interventional-gastroenterology": "Gastroenterologic",
  "interventional-radiology": "Radiography",
  "parkinsons-movement-disorders": "Neurologic",
};
