import { z } from "zod";

/**
 * Public contact details shown on every page: footer, floating chat button, support widget, FAQ and
 * structured data. NEXT_PUBLIC_* values are read when a page is built, so the static pages keep the
 * values they were built with: set them before `next build`, and rebuild after changing them.
 */
export const DEFAULT_SUPPORT_PHONE = "+234 800 000 0000";
export const DEFAULT_SUPPORT_EMAIL = "support@afyabridge.com";

/** An unset or empty variable takes the default. */
const unsetAsUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const phone = z
  .string()
  .trim()
  .regex(/^\+[0-9][0-9 ()-]*[0-9]$/, "must be an international number starting with + (e.g. +234 803 123 4567)")
  .refine((value) => /^[1-9][0-9]{7,14}$/.test(digitsOf(value)), "must have 8 to 15 digits and a country code (E.164)");

const schema = z.object({
  NEXT_PUBLIC_SUPPORT_PHONE: z.preprocess(unsetAsUndefined, phone.default(DEFAULT_SUPPORT_PHONE)),
  NEXT_PUBLIC_SUPPORT_EMAIL: z.preprocess(unsetAsUndefined, z.email().default(DEFAULT_SUPPORT_EMAIL)),
});

export type SocialNetwork = "facebook" | "instagram" | "linkedin";

export interface SiteConfig {
  /** The support number as people read it, e.g. "+234 803 123 4567". */
  supportPhone: string;
  /** Country code and number, digits only, as wa.me and tel: links want them. */
  supportPhoneDigits: string;
  supportEmail: string;
  /** Reference data: the accounts are to be confirmed before launch. */
  socialLinks: readonly { network: SocialNetwork; url: string }[];
}

const socialLinks = [
  { network: "facebook", url: "https://www.facebook.com/afyabridge" },
  { network: "instagram", url: "https://www.instagram.com/afyabridge" },
  { network: "linkedin", url: "https://www.linkedin.com/company/afyabridge" },
] as const satisfies SiteConfig["socialLinks"];

function digitsOf(value: string): string {
  return value.replace(/\D/g, "");
}

/** Validates the variables; exported for tests. Throws with a message naming the bad variable. */
export function parseSiteConfig(source: Record<string, string | undefined>): SiteConfig {
  const result = schema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  - ${issue.path.join(".")} ${issue.message}`);
    throw new Error(`Invalid site configuration:\n${lines.join("\n")}\nSee .env.example and the README.`);
  }
  const { NEXT_PUBLIC_SUPPORT_PHONE: supportPhone, NEXT_PUBLIC_SUPPORT_EMAIL: supportEmail } = result.data;
  return { supportPhone, supportPhoneDigits: digitsOf(supportPhone), supportEmail, socialLinks };
}

// Each variable is named in full so that Next.js can inline it if a client component imports this module.
export const siteConfig: SiteConfig = parseSiteConfig({
  NEXT_PUBLIC_SUPPORT_PHONE: process.env.NEXT_PUBLIC_SUPPORT_PHONE,
  NEXT_PUBLIC_SUPPORT_EMAIL: process.env.NEXT_PUBLIC_SUPPORT_EMAIL,
});

/** WhatsApp deep link to the support number with a prefilled message. */
export function whatsappUrl(message: string, config: SiteConfig = siteConfig): string {
  return `https://wa.me/${config.supportPhoneDigits}?text=${encodeURIComponent(message)}`;
}

export function telephoneUrl(config: SiteConfig = siteConfig): string {
  return `tel:+${config.supportPhoneDigits}`;
}

export function mailtoUrl(config: SiteConfig = siteConfig): string {
  return `mailto:${config.supportEmail}`;
}
