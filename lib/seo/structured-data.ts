import "server-only";
import { locales, type Locale } from "@/lib/i18n/locales";
import { siteConfig, type SiteConfig } from "@/lib/site-config";
import { localizedUrl, siteOrigin } from "./metadata";

type JsonLdObject = Record<string, unknown>;

/** schema.org MedicalSpecialty values matching the specialties our partner hospitals offer. */
const medicalSpecialties = [
  "Cardiovascular",
  "Oncologic",
  "Musculoskeletal",
  "Neurologic",
  "Dermatologic",
  "Dentistry",
  "PlasticSurgery",
  "Urologic",
  "Surgical",
  "Otolaryngologic",
  "Gastroenterologic",
  "Radiography",
];

/** schema.org MedicalOrganization for the whole site, with the 24/7 support contact. */
export function medicalOrganizationJsonLd({
  locale,
  description,
  config = siteConfig,
}: {
  locale: Locale;
  description: string;
  config?: SiteConfig;
}): JsonLdObject {
  return {
    "@context": "https://schema.org",
    "@type": "MedicalOrganization",
    "@id": `${siteOrigin()}/#organization`,
    name: "AfyaBridge",
    url: localizedUrl("/", locale),
    description,
    ...(config.supportPhone ? { telephone: config.supportPhone } : {}),
    email: config.supportEmail,
    ...(config.supportAddress ? { address: config.supportAddress } : {}),
    medicalSpecialty: medicalSpecialties,
    areaServed: { "@type": "Continent", name: "Africa" },
    knowsLanguage: [...locales],
    contactPoint: {
      "@type": "ContactPoint",
      contactType: "customer support",
      ...(config.supportPhone ? { telephone: config.supportPhone } : {}),
      email: config.supportEmail,
      availableLanguage: [...locales],
      hoursAvailable: {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
        opens: "00:00",
        closes: "23:59",
      },
    },
    sameAs: config.socialLinks.map((link) => link.url),
  };
}

/** schema.org FAQPage from the questions and answers shown on the page (in the page's language). */
export function faqPageJsonLd({ locale, path, questions }: { locale: Locale; path: string; questions: { question: string; answer: string }[] }): JsonLdObject {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    url: localizedUrl(path, locale),
    inLanguage: locale,
    mainEntity: questions.map(({ question, answer }) => ({
      "@type": "Question",
      name: question,
      acceptedAnswer: { "@type": "Answer", text: answer },
    })),
  };
}

/** schema.org BreadcrumbList: the pages above this one (paths without locale), then the page itself. */
export function breadcrumbListJsonLd({
  locale,
  trail,
  current,
}: {
  locale: Locale;
  trail: readonly { path: string; name: string }[];
  current: { path: string; name: string };
}): JsonLdObject {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: [...trail, current].map(({ path, name }, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name,
      item: localizedUrl(path, locale),
    })),
  };
}
