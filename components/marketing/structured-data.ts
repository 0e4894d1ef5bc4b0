import { hospitalGroup, type HospitalRef } from "@/content/hospitals";
import { schemaOrgSpecialty, type HomeSpecialtySlug } from "@/content/specialties";

/**
 * schema.org structured data for the marketing pages (rendered with components/seo/json-ld.tsx).
 * Specialties use schema.org's MedicalSpecialty enumeration where it has a member, else their name.
 */
type JsonLdObject = Record<string, unknown>;

/**
 * schema.org's Specialty is an enumeration: a specialty is named by its member's URL, and one it has no
 * member for (bariatrics) is left out rather than given as text, which is not a valid value.
 */
export function medicalSpecialty(slug: HomeSpecialtySlug): string | undefined {
  const member = schemaOrgSpecialty[slug];
  return member ? `https://schema.org/${member}` : undefined;
}

export function hospitalJsonLd(hospital: HospitalRef): JsonLdObject {
  return {
    "@context": "https://schema.org",
    "@type": "Hospital",
    name: hospital.name,
    foundingDate: String(hospital.established),
    address: { "@type": "PostalAddress", addressLocality: hospital.city, addressRegion: hospital.district, addressCountry: "TR" },
    medicalSpecialty: [...new Set(hospital.specialties.map(medicalSpecialty).filter((member) => member !== undefined))],
    parentOrganization: { "@type": "Organization", name: hospitalGroup(hospital.group).name },
  };
}

export function webPageJsonLd({
  url,
  name,
  description,
  locale,
  type = "WebPage",
}: {
  url: string;
  name: string;
  description: string;
  locale: string;
  type?: "WebPage" | "MedicalWebPage";
}): JsonLdObject {
  return { "@context": "https://schema.org", "@type": type, url, name, description, inLanguage: locale };
}

/** A specialty page: a MedicalWebPage about the specialty, mentioning its procedures. */
export function specialtyPageJsonLd({
  slug,
  specialtyName,
  treatments,
  ...page
}: {
  slug: HomeSpecialtySlug;
  specialtyName: string;
  treatments: readonly string[];
  url: string;
  name: string;
  description: string;
  locale: string;
}): JsonLdObject {
  return {
    ...webPageJsonLd({ ...page, type: "MedicalWebPage" }),
    // A specialty without a schema.org member (bariatrics) is named by `about` alone.
    ...(medicalSpecialty(slug) ? { specialty: medicalSpecialty(slug) } : {}),
    about: { "@type": "MedicalSpecialty", name: specialtyName },
    mentions: treatments.map((treatment) => ({ "@type": "MedicalProcedure", name: treatment })),
  };
}
