/**
 * Partner hospital groups and hospitals.
 * REFERENCE DATA TO BE CONFIRMED: SPEC.md gives the groups and counts (Medipol 10, Memorial 8);
 * names, cities and founding years below are publicly known facts gathered for this product and
 * must be confirmed with each hospital before launch.
 */
export type HospitalGroupSlug = "medipol" | "memorial";

export interface HospitalGroupRef {
  slug: HospitalGroupSlug;
  name: string;
  country: "Turkey";
}

export interface HospitalRef {
  id: string;
  name: string;
  group: HospitalGroupSlug;
  city: "Istanbul" | "Ankara" | "Antalya" | "Kayseri" | "Diyarbakır";
  district: string;
  country: "Turkey";
  established: number;
}

export const hospitalGroups: HospitalGroupRef[] = [
  { slug: "medipol", name: "Medipol Health Group", country: "Turkey" },
  { slug: "memorial", name: "Memorial Healthcare Group", country: "Turkey" },
];

export const hospitals: HospitalRef[] = [
  { id: "medipol-mega", name: "Medipol Mega University Hospital", group: "medipol", city: "Istanbul", district: "Bağcılar", country: "Turkey", established: 2012 },
  { id: "medipol-camlica", name: "Medipol Çamlıca University Hospital", group: "medipol", city: "Istanbul", district: "Üsküdar", country: "Turkey", established: 2019 },
  { id: "medipol-bahcelievler", name: "Medipol Bahçelievler Hospital", group: "medipol", city: "Istanbul", district: "Bahçelievler", country: "Turkey", established: 2015 },
  { id: "medipol-acibadem", name: "Medipol Acıbadem Region Hospital", group: "medipol", city: "Istanbul", district: "Kadıköy", country: "Turkey", established: 2014 },
  { id: "medipol-esenler", name: "Medipol Esenler Hospital", group: "medipol", city: "Istanbul", district: "Esenler", country: "Turkey", established: 2016 },
  { id: "medipol-kosuyolu", name: "Medipol Koşuyolu Hospital", group: "medipol", city: "Istanbul", district: "Kadıköy", country: "Turkey", established: 2015 },
  { id: "medipol-sefakoy", name: "Medipol Sefaköy Hospital", group: "medipol", city: "Istanbul", district: "Küçükçekmece", country: "Turkey", established: 2018 },
  { id: "medipol-vatan", name: "Medipol Vatan Hospital", group: "medipol", city: "Istanbul", district: "Fatih", country: "Turkey", established: 2010 },
  { id: "medipol-pendik", name: "Medipol Pendik Hospital", group: "medipol", city: "Istanbul", district: "Pendik", country: "Turkey", established: 2017 },
  { id: "medipol-bagcilar", name: "Medipol Bağcılar Hospital", group: "medipol", city: "Istanbul", district: "Bağcılar", country: "Turkey", established: 2005 },
  { id: "memorial-sisli", name: "Memorial Şişli Hospital", group: "memorial", city: "Istanbul", district: "Şişli", country: "Turkey", established: 2000 },
  { id: "memorial-atasehir", name: "Memorial Ataşehir Hospital", group: "memorial", city: "Istanbul", district: "Ataşehir", country: "Turkey", established: 2009 },
  { id: "memorial-bahcelievler", name: "Memorial Bahçelievler Hospital", group: "memorial", city: "Istanbul", district: "Bahçelievler", country: "Turkey", established: 2014 },
  { id: "memorial-antalya", name: "Memorial Antalya Hospital", group: "memorial", city: "Antalya", district: "Muratpaşa", country: "Turkey", established: 2006 },
  { id: "memorial-ankara", name: "Memorial Ankara Hospital", group: "memorial", city: "Ankara", district: "Çankaya", country: "Turkey", established: 2011 },
  { id: "memorial-kayseri", name: "Memorial Kayseri Hospital", group: "memorial", city: "Kayseri", district: "Kocasinan", country: "Turkey", established: 2013 },
  { id: "memorial-diyarbakir", name: "Memorial Diyarbakır Hospital", group: "memorial", city: "Diyarbakır", district: "Kayapınar", country: "Turkey", established: 2012 },
  { id: "memorial-dicle", name: "Memorial Dicle Hospital", group: "memorial", city: "Diyarbakır", district: "Bağlar", country: "Turkey", established: 2016 },
];
