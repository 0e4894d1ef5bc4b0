import { z } from "zod";
import { formSpecialtySlugs } from "@/content/specialties";
import { personName } from "@/lib/contracts/people";

/**
 * The consultation form's rules (SPEC sections 5 and 9), shared by the browser and the server.
 * Messages are SPEC's texts where it has one.
 */
export const urgencies = ["urgent", "standard", "flexible"] as const;
export const preferredCountryOptions = ["Turkey", "India", "Both"] as const;
export const budgets = ["under-5k", "5k-15k", "15k-30k", "30k-50k", "50k-plus"] as const;

export const MAX_FILE_BYTES = 500 * 1024 * 1024;
export const MAX_FILES_PER_SUBMISSION = 50;
/** Version of the consent text on the form; stored with each submission. */
export const CONSENT_VERSION = "2025-01-01";

export const MESSAGES = {
  specialtyRequired: "Specialty Required - Please select a medical specialty for your consultation.",
} as const;

const text = (max: number) => z.string().trim().max(max, `Please keep this under ${max} characters.`);
const optionalText = (max: number) =>
  text(max)
    .optional()
    .transform((value) => (value ? value : undefined));

export const submissionFieldsSchema = z.object({
  patientName: personName({ required: "Please enter the patient's name." }),
  email: z.email("Please enter a valid email address.").max(254),
  phone: optionalText(40),
  country: optionalText(100),
  medicalCondition: optionalText(2000),
  title: optionalText(300),
  specialty: z.enum(formSpecialtySlugs, MESSAGES.specialtyRequired),
  urgency: z.enum(urgencies, "Please choose how urgent your case is: urgent, standard or flexible.").default("standard"),
  preferredCountries: z
    .array(z.enum(preferredCountryOptions, "Preferred treatment countries are Turkey, India or Both."))
    .min(1, "Please choose at least one preferred treatment country.")
    .max(3)
    .transform((list) => [...new Set(list.flatMap((c) => (c === "Both" ? ["Turkey", "India"] : [c])))]),
  budget: z.enum(budgets, "Please choose one of the budget ranges.").optional(),
  message: optionalText(5000),
  homeCountry: text(100).min(1, "Please enter your home country."),
  consent: z.literal(true, "Consent is required: please tick the consent box."),
  consentFullName: personName({ required: "Please type your full name to give consent." }),
  consentEmail: z.email("Please enter a valid consent email address.").max(254),
  consentDate: z.iso.date("Please enter the consent date as YYYY-MM-DD."),
});

export type SubmissionFields = z.infer<typeof submissionFieldsSchema>;

/**
 * Turns multipart text fields (SPEC section 7: the guest and the signed-in variants name some fields
 * differently) into the object the schema checks. JSON fields that do not parse are left as text,
 * so the schema reports them.
 */
export function normalizeSubmissionFields(raw: Readonly<Record<string, string>>): Record<string, unknown> {
  const patientInfo = parseJsonObject(raw.patientInfo);
  const pick = (...values: (string | undefined)[]) => values.find((value) => value !== undefined && value.trim() !== "");
  return {
    patientName: pick(raw.patientName, raw.name, patientInfo.name),
    email: pick(raw.email, patientInfo.email),
    phone: pick(raw.phone, patientInfo.phone),
    country: pick(raw.country, patientInfo.country),
    medicalCondition: raw.medicalCondition,
    title: raw.title,
    specialty: raw.specialty || undefined,
    urgency: raw.urgency || undefined,
    preferredCountries: parsePreferredCountries(raw.preferredCountries),
    budget: raw.budget || undefined,
    message: raw.message,
    homeCountry: raw.homeCountry,
    consent: ["true", "on", "1", "yes"].includes((raw.consent ?? "").toLowerCase()),
    consentFullName: raw.consentFullName,
    consentEmail: raw.consentEmail,
    consentDate: raw.consentDate,
  };
}

function parseJsonObject(value: string | undefined): Record<string, string | undefined> {
  if (!value) return {};
  try {
    const parsed: unknown = JSON.parse(value);
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, typeof v === "string" ? v : undefined]));
  } catch {
    return {};
  }
}

function parsePreferredCountries(value: string | undefined): unknown {
  if (value === undefined || value === "") return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed : [parsed];
  } catch {
    return [value];
  }
}
