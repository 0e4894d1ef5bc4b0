import type { HomeSpecialtySlug } from "./specialties";

/**
 * Partner hospital groups and hospitals.
 * REFERENCE DATA TO BE CONFIRMED: the product names the groups and counts (Medipol 10, Memorial 8) and
 * the network (23+ hospitals across Istanbul 15, Ankara 2, Antalya 2, Kayseri 2, Diyarbakır 2).
 * Names, cities, districts, founding years, specialties, features and accreditations below are
 * publicly known facts gathered for this product and must be confirmed with each hospital before
 * launch; every such record carries `referenceData: "to-confirm"`.
 * The ids are used by the database seed: never change them.
 * Words (features, city names, group descriptions) live in messages under hospitalData.
 */
export type HospitalGroupSlug = "medipol" | "memorial";

interface HospitalGroupRef {
  slug: HospitalGroupSlug;
  name: string;
  country: "Turkey";
}

export type City = "Istanbul" | "Ankara" | "Antalya" | "Kayseri" | "Diyarbakır";

/** Marks facts gathered from public sources that a hospital has not yet confirmed to us. */
type ReferenceDataStatus = "to-confirm" | "confirmed";

export const hospitalFeatureIds = [
  "universityHospital",
  "internationalPatientCentre",
  "organTransplantCentre",
  "roboticSurgery",
  "hybridOperatingRoom",
  "checkupCentre",
  "eyeCentre",
  "dentalCentre",
  "ivfCentre",
  "advancedRadiotherapy",
  "aestheticCentre",
  "emergencyCare24h",
  "heartCentre",
  "endoscopyUnit",
  "obesityCentre",
  "strokeUnit",
  "chemotherapyUnit",
  "interventionalRadiologyUnit",
] as const;
export type HospitalFeatureId = (typeof hospitalFeatureIds)[number];

/** Accreditation names are proper nouns and are shown as they are. */
type Accreditation = "JCI" | "ISO 9001";

export interface HospitalRef {
  id: string;
  name: string;
  group: HospitalGroupSlug;
  city: City;
  district: string;
  country: "Turkey";
  established: number;
  /** The hospital's main specialties among the 16 of the home page. */
  specialties: readonly HomeSpecialtySlug[];
  features: readonly HospitalFeatureId[];
  accreditations: readonly Accreditation[];
  referenceData: ReferenceDataStatus;
}

export const hospitalGroups: HospitalGroupRef[] = [
  { slug: "medipol", name: "Medipol Health Group", country: "Turkey" },
  { slug: "memorial", name: "Memorial Healthcare Group", country: "Turkey" },
];

export const hospitals: HospitalRef[] = [
  {
    id: "medipol-mega",
    name: "Medipol Mega University Hospital",
    group: "medipol",
    city: "Istanbul",
    district: "Bağcılar",
    country: "Turkey",
    established: 2012,
    specialties: [
      "cardiology",
      "oncology",
      "neurology",
      "orthopedics",
      "urology",
      "interventional-radiology",
      "parkinsons-movement-disorders",
      "ivf-fertility",
    ],
    features: ["universityHospital", "organTransplantCentre", "roboticSurgery", "internationalPatientCentre"],
    accreditations: ["JCI"],
    referenceData: "to-confirm",
  },
  {
    id: "medipol-camlica",
    name: "Medipol Çamlıca University Hospital",
    group: "medipol",
    city: "Istanbul",
    district: "Üsküdar",
    country: "Turkey",
    established: 2019,
    specialties: ["cardiology", "oncology", "orthopedics", "general-surgery", "bariatrics", "plastic-surgery"],
    features: ["universityHospital", "hybridOperatingRoom", "checkupCentre", "internationalPatientCentre"],
    accreditations: ["JCI"],
    referenceData: "to-confirm",
  },
  {
    id: "medipol-bahcelievler",
    name: "Medipol Bahçelievler Hospital",
    group: "medipol",
    city: "Istanbul",
    district: "Bahçelievler",
    country: "Turkey",
    established: 2015,
    specialties: ["cardiology", "orthopedics", "general-surgery", "ophthalmology", "dentistry"],
    features: ["checkupCentre", "eyeCentre", "dentalCentre"],
    accreditations: ["JCI"],
    referenceData: "to-confirm",
  },
  {
    id: "medipol-acibadem",
    name: "Medipol Acıbadem Region Hospital",
    group: "medipol",
    city: "Istanbul",
    district: "Kadıköy",
    country: "Turkey",
    established: 2014,
    specialties: ["oncology", "orthopedics", "ivf-fertility", "dermatology", "plastic-surgery"],
    features: ["ivfCentre", "advancedRadiotherapy", "aestheticCentre"],
    accreditations: ["ISO 9001"],
    referenceData: "to-confirm",
  },
  {
    id: "medipol-esenler",
    name: "Medipol Esenler Hospital",
    group: "medipol",
    city: "Istanbul",
    district: "Esenler",
    country: "Turkey",
    established: 2016,
    specialties: ["general-surgery", "orthopedics", "ent", "dentistry"],
    features: ["emergencyCare24h", "dentalCentre", "checkupCentre"],
    accreditations: ["ISO 9001"],
    referenceData: "to-confirm",
  },
  {
    id: "medipol-kosuyolu",
    name: "Medipol Koşuyolu Hospital",
    group: "medipol",
    city: "Istanbul",
    district: "Kadıköy",
    country: "Turkey",
    established: 2015,
    specialties: ["cardiology", "ophthalmology", "ent", "dermatology"],
    features: ["heartCentre", "eyeCentre", "checkupCentre"],
    accreditations: ["JCI"],
    referenceData: "to-confirm",
  },
  {
    id: "medipol-sefakoy",
    name: "Medipol Sefaköy Hospital",
    group: "medipol",
    city: "Istanbul",
    district: "Küçükçekmece",
    country: "Turkey",
    established: 2018,
    specialties: ["cardiology", "orthopedics", "interventional-gastroenterology", "bariatrics"],
    features: ["heartCentre", "endoscopyUnit", "obesityCentre"],
    accreditations: ["ISO 9001"],
    referenceData: "to-confirm",
  },
  {
    id: "medipol-vatan",
    name: "Medipol Vatan Hospital",
    group: "medipol",
    city: "Istanbul",
    district: "Fatih",
    country: "Turkey",
    established: 2010,
    specialties: ["general-surgery", "urology", "ent", "dentistry"],
    features: ["emergencyCare24h", "dentalCentre", "checkupCentre"],
    accreditations: ["ISO 9001"],
    referenceData: "to-confirm",
  },
  {
    id: "medipol-pendik",
    name: "Medipol Pendik Hospital",
    group: "medipol",
    city: "Istanbul",
    district: "Pendik",
    country: "Turkey",
    established: 2017,
    specialties: ["orthopedics", "neurology", "general-surgery", "interventional-gastroenterology"],
    features: ["strokeUnit", "endoscopyUnit", "emergencyCare24h"],
    accreditations: ["ISO 9001"],
    referenceData: "to-confirm",
  },
  {
    id: "medipol-bagcilar",
    name: "Medipol Bağcılar Hospital",
    group: "medipol",
    city: "Istanbul",
    district: "Bağcılar",
    country: "Turkey",
    established: 2005,
    specialties: ["oncology", "general-surgery", "urology", "dermatology"],
    features: ["chemotherapyUnit", "emergencyCare24h", "checkupCentre"],
    accreditations: ["ISO 9001"],
    referenceData: "to-confirm",
  },
  {
    id: "memorial-sisli",
    name: "Memorial Şişli Hospital",
    group: "memorial",
    city: "Istanbul",
    district: "Şişli",
    country: "Turkey",
    established: 2000,
    specialties: [
      "cardiology",
      "oncology",
      "neurology",
      "ivf-fertility",
      "orthopedics",
      "urology",
      "interventional-radiology",
      "parkinsons-movement-disorders",
    ],
    features: ["organTransplantCentre", "ivfCentre", "roboticSurgery", "internationalPatientCentre"],
    accreditations: ["JCI"],
    referenceData: "to-confirm",
  },
  {
    id: "memorial-atasehir",
    name: "Memorial Ataşehir Hospital",
    group: "memorial",
    city: "Istanbul",
    district: "Ataşehir",
    country: "Turkey",
    established: 2009,
    specialties: ["cardiology", "oncology", "orthopedics", "bariatrics", "plastic-surgery", "ivf-fertility", "interventional-gastroenterology"],
    features: ["roboticSurgery", "obesityCentre", "ivfCentre", "internationalPatientCentre"],
    accreditations: ["JCI"],
    referenceData: "to-confirm",
  },
  {
    id: "memorial-bahcelievler",
    name: "Memorial Bahçelievler Hospital",
    group: "memorial",
    city: "Istanbul",
    district: "Bahçelievler",
    country: "Turkey",
    established: 2014,
    specialties: ["oncology", "general-surgery", "ophthalmology", "dentistry", "dermatology"],
    features: ["chemotherapyUnit", "eyeCentre", "dentalCentre"],
    accreditations: ["JCI"],
    referenceData: "to-confirm",
  },
  {
    id: "memorial-antalya",
    name: "Memorial Antalya Hospital",
    group: "memorial",
    city: "Antalya",
    district: "Muratpaşa",
    country: "Turkey",
    established: 2006,
    specialties: ["cardiology", "ivf-fertility", "orthopedics", "plastic-surgery", "dentistry", "ophthalmology"],
    features: ["ivfCentre", "internationalPatientCentre", "aestheticCentre", "dentalCentre"],
    accreditations: ["JCI"],
    referenceData: "to-confirm",
  },
  {
    id: "memorial-ankara",
    name: "Memorial Ankara Hospital",
    group: "memorial",
    city: "Ankara",
    district: "Çankaya",
    country: "Turkey",
    established: 2011,
    specialties: ["cardiology", "oncology", "neurology", "general-surgery", "ent"],
    features: ["heartCentre", "strokeUnit", "chemotherapyUnit"],
    accreditations: ["JCI"],
    referenceData: "to-confirm",
  },
  {
    id: "memorial-kayseri",
    name: "Memorial Kayseri Hospital",
    group: "memorial",
    city: "Kayseri",
    district: "Kocasinan",
    country: "Turkey",
    established: 2013,
    specialties: ["cardiology", "orthopedics", "urology", "interventional-radiology"],
    features: ["heartCentre", "interventionalRadiologyUnit", "emergencyCare24h"],
    accreditations: ["JCI"],
    referenceData: "to-confirm",
  },
  {
    id: "memorial-diyarbakir",
    name: "Memorial Diyarbakır Hospital",
    group: "memorial",
    city: "Diyarbakır",
    district: "Kayapınar",
    country: "Turkey",
    established: 2012,
    specialties: ["cardiology", "oncology", "general-surgery", "neurology"],
    features: ["heartCentre", "chemotherapyUnit", "strokeUnit"],
    accreditations: ["JCI"],
    referenceData: "to-confirm",
  },
  {
    id: "memorial-dicle",
    name: "Memorial Dicle Hospital",
    group: "memorial",
    city: "Diyarbakır",
    district: "Bağlar",
    country: "Turkey",
    established: 2016,
    specialties: ["ivf-fertility", "urology", "ent", "dentistry"],
    features: ["ivfCentre", "dentalCentre", "emergencyCare24h"],
    accreditations: ["ISO 9001"],
    referenceData: "to-confirm",
  },
];

/** Ten partner hospitals named on the home page, from both groups. */
export const featuredHospitalIds = [
  "medipol-mega",
  "memorial-sisli",
  "medipol-camlica",
  "memorial-atasehir",
  "medipol-bahcelievler",
  "memorial-antalya",
  "medipol-acibadem",
  "memorial-ankara",
  "medipol-kosuyolu",
  "memorial-bahcelievler",
] as const;

/** Message keys of the cities (hospitalData.cities.<key>). */
export const cityKeys: Record<City, string> = {
  Istanbul: "istanbul",
  Ankara: "ankara",
  Antalya: "antalya",
  Kayseri: "kayseri",
  Diyarbakır: "diyarbakir",
};

/**
 * The partner network by city, as the map labels it (23+ hospitals across 5 cities);
 * it counts every partner hospital, not only the 18 cards. Coordinates place the city on the map.
 */
export const networkCities: readonly { city: City; hospitals: number; latitude: number; longitude: number }[] = [
  { city: "Istanbul", hospitals: 15, latitude: 41.01, longitude: 28.98 },
  { city: "Ankara", hospitals: 2, latitude: 39.93, longitude: 32.86 },
  { city: "Antalya", hospitals: 2, latitude: 36.9, longitude: 30.7 },
  { city: "Kayseri", hospitals: 2, latitude: 38.72, longitude: 35.49 },
  { city: "Diyarbakır", hospitals: 2, latitude: 37.91, longitude: 40.22 },
];

type FoundingYearColour = "green" | "blue" | "purple";

/** The founding-year badge is green from 2015, blue for 2010 to 2014, purple before. */
export function foundingYearColour(year: number): FoundingYearColour {
  if (year >= 2015) return "green";
  if (year >= 2010) return "blue";
  return "purple";
}

const hospitalsById = new Map(hospitals.map((hospital) => [hospital.id, hospital]));

export function hospitalById(id: string): HospitalRef | undefined {
  return hospitalsById.get(id);
}

export function hospitalsOfGroup(group: HospitalGroupSlug): HospitalRef[] {
  return hospitals.filter((hospital) => hospital.group === group);
}

export function hospitalGroup(slug: HospitalGroupSlug): HospitalGroupRef {
  return hospitalGroups.find((group) => group.slug === slug)!;
}

/** The partner hospitals that list a specialty among their main ones. */
export function hospitalsOffering(slug: HomeSpecialtySlug): HospitalRef[] {
  return hospitals.filter((hospital) => hospital.specialties.includes(slug));
}
