import type { SpecialtySlug } from "./specialties";
import type { TreatmentId } from "./treatments";

/**
 * The departments of the services page and of the downloadable guide, in groups.
 * Names live in messages under departments.groups.<groupId> and departments.names.<departmentId>.
 * Hospitals are listed by id (content/hospitals.ts), the most relevant first: the services page
 * shows the first two and "+N more hospitals".
 * REFERENCE DATA TO BE CONFIRMED: which hospital offers which department follows the hospitals'
 * public information and must be confirmed with them.
 */
export interface Department {
  id: string;
  /**
   * The consultation form's specialty that "Submit Files for {department}" preselects
   * (/contact?specialty=...); null for the language-support services, which have no such button.
   */
  specialty: SpecialtySlug | null;
  treatments: readonly TreatmentId[];
  hospitalIds: readonly string[];
}

export interface DepartmentGroup {
  id: string;
  /** "medical" groups list treatments and offer a submit button; "support" lists services only. */
  kind: "medical" | "support";
  departments: readonly Department[];
}

export const departmentGroups: readonly DepartmentGroup[] = [
  {
    id: "heartCancer",
    kind: "medical",
    departments: [
      {
        id: "cardiology",
        specialty: "cardiology",
        treatments: ["coronaryAngiography", "coronaryStenting", "tavi", "pacemakerIcd", "catheterAblation", "peripheralAngioplasty"],
        hospitalIds: ["medipol-mega", "memorial-sisli", "medipol-kosuyolu", "memorial-atasehir", "memorial-ankara", "medipol-sefakoy", "memorial-kayseri"],
      },
      {
        id: "cardiovascularSurgery",
        specialty: "cardiology",
        treatments: [
          "coronaryBypass",
          "heartValveSurgery",
          "minimallyInvasiveHeartSurgery",
          "congenitalHeartRepair",
          "aorticAneurysmRepair",
          "heartTransplant",
        ],
        hospitalIds: ["medipol-mega", "memorial-sisli", "medipol-camlica", "memorial-atasehir", "memorial-antalya", "memorial-diyarbakir"],
      },
      {
        id: "medicalOncology",
        specialty: "oncology",
        treatments: ["chemotherapy", "immunotherapy", "targetedTherapy", "boneMarrowTransplant", "petCtStaging", "tumourBoardReview"],
        hospitalIds: ["medipol-mega", "memorial-sisli", "memorial-atasehir", "medipol-bagcilar", "memorial-bahcelievler", "memorial-ankara"],
      },
      {
        id: "radiationOncology",
        specialty: "oncology",
        treatments: ["radiotherapy", "stereotacticRadiosurgery", "brachytherapy"],
        hospitalIds: ["medipol-acibadem", "memorial-sisli", "medipol-mega", "memorial-diyarbakir"],
      },
      {
        id: "surgicalOncology",
        specialty: "oncology",
        treatments: ["breastCancerSurgery", "roboticCancerSurgery", "hipec"],
        hospitalIds: ["memorial-atasehir", "medipol-camlica", "medipol-mega", "memorial-bahcelievler"],
      },
    ],
  },
  {
    id: "surgery",
    kind: "medical",
    departments: [
      {
        id: "orthopedics",
        specialty: "orthopedics",
        treatments: ["kneeReplacement", "hipReplacement", "arthroscopicSurgery", "spineSurgery"],
        hospitalIds: ["medipol-mega", "memorial-atasehir", "medipol-camlica", "memorial-sisli", "medipol-pendik", "memorial-antalya", "memorial-kayseri"],
      },
      {
        id: "generalSurgery",
        specialty: "general-surgery",
        treatments: ["herniaRepair", "gallbladderSurgery", "thyroidSurgery"],
        hospitalIds: ["medipol-camlica", "memorial-bahcelievler", "medipol-bahcelievler", "medipol-vatan", "memorial-ankara"],
      },
      {
        id: "bariatricSurgery",
        specialty: "bariatrics",
        treatments: ["gastricSleeve", "gastricBypass", "gastricBalloon"],
        hospitalIds: ["memorial-atasehir", "medipol-camlica", "medipol-sefakoy"],
      },
      {
        id: "plasticSurgery",
        specialty: "plastic-surgery",
        treatments: ["rhinoplasty", "hairTransplant", "liposuction"],
        hospitalIds: ["memorial-atasehir", "medipol-acibadem", "memorial-antalya", "medipol-camlica"],
      },
    ],
  },
  {
    id: "neuroscience",
    kind: "medical",
    departments: [
      {
        id: "neurology",
        specialty: "neurology",
        treatments: ["strokeTreatment", "medicationReview"],
        hospitalIds: ["medipol-mega", "memorial-ankara", "medipol-pendik", "memorial-diyarbakir"],
      },
      {
        id: "neurosurgery",
        specialty: "neurology",
        treatments: ["brainTumourSurgery", "spineSurgery", "stereotacticRadiosurgery"],
        hospitalIds: ["medipol-mega", "memorial-sisli", "memorial-ankara"],
      },
      {
        id: "movementDisorders",
        specialty: "parkinsons-movement-disorders",
        treatments: ["deepBrainStimulation", "medicationReview", "botulinumToxinTherapy"],
        hospitalIds: ["medipol-mega", "memorial-sisli"],
      },
    ],
  },
  {
    id: "specialisedCare",
    kind: "medical",
    departments: [
      {
        id: "ivfFertility",
        specialty: "ivf-fertility",
        treatments: ["ivfIcsi", "eggFreezing", "preimplantationGeneticTesting"],
        hospitalIds: ["memorial-sisli", "memorial-atasehir", "medipol-acibadem", "memorial-antalya", "medipol-mega", "memorial-dicle"],
      },
      {
        id: "urology",
        specialty: "urology",
        treatments: ["kidneyStoneTreatment", "prostateSurgery", "kidneyTransplant"],
        hospitalIds: ["medipol-mega", "memorial-sisli", "medipol-vatan", "memorial-kayseri", "medipol-bagcilar"],
      },
      {
        id: "ophthalmology",
        specialty: "ophthalmology",
        treatments: ["cataractSurgery", "laserVisionCorrection", "retinaSurgery"],
        hospitalIds: ["medipol-kosuyolu", "memorial-bahcelievler", "medipol-bahcelievler", "memorial-antalya"],
      },
      {
        id: "ent",
        specialty: "ent",
        treatments: ["cochlearImplant", "sinusSurgery", "tonsilSurgery"],
        hospitalIds: ["medipol-kosuyolu", "memorial-ankara", "medipol-esenler", "medipol-vatan", "memorial-dicle"],
      },
      {
        id: "dentistry",
        specialty: "dentistry",
        treatments: ["dentalImplants", "veneersCrowns", "smileDesign"],
        hospitalIds: ["medipol-bahcelievler", "memorial-antalya", "medipol-esenler", "memorial-bahcelievler", "medipol-vatan", "memorial-dicle"],
      },
      {
        id: "dermatology",
        specialty: "dermatology",
        treatments: ["psoriasisEczemaCare", "laserSkinTreatment", "skinCancerTreatment"],
        hospitalIds: ["medipol-acibadem", "memorial-bahcelievler", "medipol-kosuyolu", "medipol-bagcilar"],
      },
    ],
  },
  {
    id: "interventional",
    kind: "medical",
    departments: [
      {
        id: "interventionalGastroenterology",
        specialty: "interventional-gastroenterology",
        treatments: ["endoscopyColonoscopy", "ercp", "endoscopicUltrasound"],
        hospitalIds: ["memorial-atasehir", "medipol-sefakoy", "medipol-pendik"],
      },
      {
        id: "interventionalRadiology",
        specialty: "interventional-radiology",
        treatments: ["tumourAblation", "fibroidEmbolisation", "chemoembolisation"],
        hospitalIds: ["medipol-mega", "memorial-sisli", "memorial-kayseri"],
      },
    ],
  },
  {
    id: "languageSupport",
    kind: "support",
    departments: [
      {
        id: "languageServices",
        specialty: null,
        treatments: ["medicalInterpreting", "reportTranslation", "patientCoordinator"],
        hospitalIds: ["medipol-mega", "memorial-sisli", "medipol-camlica", "memorial-atasehir", "memorial-antalya"],
      },
    ],
  },
];

/** The services page shows this many hospitals per department, then "+N more hospitals". */
export const VISIBLE_DEPARTMENT_HOSPITALS = 2;
