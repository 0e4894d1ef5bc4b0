import "server-only";

/** Version of the consent text on the form; stored with each submission. */
export const CONSENT_VERSION = "2025-01-01";

/**
 * Turns multipart text fields (the guest and the signed-in variants name some fields
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
