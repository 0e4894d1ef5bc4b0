import { z } from "zod";

/**
 * Public contact details shown on every page: footer, floating chat button, support widget, FAQ and
 * structured data. NEXT_PUBLIC_* values are read when a page is built, so the static pages keep the
 * values they were built with: set them before `next build`, and rebuild after changing them.
 * A contact that is not configured is not shown at all (no placeholder number, account or address).
 */
export const DEFAULT_SUPPORT_EMAIL = "support@afyabridge.com";

/** An unset or empty variable counts as unset. */
const unsetAsUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const phone = z
  .string()
  .trim()
  .regex(/^\+[0-9][0-9 ()-]*[0-9]$/, "must be an international number starting with + (e.g. +234 803 123 4567)")
  .refine((value) => /^[1-9][0-9]{7,14}$/.test(digitsOf(value)), "must have 8 to 15 digits and a country code (E.164)");

const httpsUrl = (host: RegExp, example: string) =>
  z
    .string()
    .trim()
    .refine((value) => {
      if (!URL.canParse(value)) return false;
      const url = new URL(value);
      return url.protocol === "https:" && host.test(url.hostname) && url.pathname.length > 1;
    }, `must be an https:// address of the account page (e.g. ${example})`);

const optional = <T extends z.ZodType>(type: T) => z.preprocess(unsetAsUndefined, type.optional());

const schema = z.object({
  NEXT_PUBLIC_SUPPORT_PHONE: optional(phone),
  NEXT_PUBLIC_SUPPORT_WHATSAPP: optional(phone),
  NEXT_PUBLIC_SUPPORT_EMAIL: z.preprocess(unsetAsUndefined, z.email().default(DEFAULT_SUPPORT_EMAIL)),
  NEXT_PUBLIC_SUPPORT_ADDRESS: optional(z.string().trim().min(5, "must be a postal address").max(300, "must be at most 300 characters")),
  NEXT_PUBLIC_SOCIAL_FACEBOOK: optional(httpsUrl(/(^|\.)facebook\.com$/, "https://www.facebook.com/yourpage")),
  NEXT_PUBLIC_SOCIAL_INSTAGRAM: optional(httpsUrl(/(^|\.)instagram\.com$/, "https://www.instagram.com/youraccount")),
  NEXT_PUBLIC_SOCIAL_LINKEDIN: optional(httpsUrl(/(^|\.)linkedin\.com$/, "https://www.linkedin.com/company/yourcompany")),
});

export type SiteConfigSource = Partial<Record<keyof z.input<typeof schema>, string | undefined>>;

export type SocialNetwork = "facebook" | "instagram" | "linkedin";

export interface SiteConfig {
  /** The support number as people read it, e.g. "+234 803 123 4567"; null: not configured, not shown. */
  supportPhone: string | null;
  /** Country code and number, digits only, as tel: links want them. */
  supportPhoneDigits: string | null;
  /** The WhatsApp number, digits only, as wa.me wants it; null: no WhatsApp link is shown. */
  whatsappDigits: string | null;
  supportEmail: string;
  /** Postal address, one line; null: not shown. */
  supportAddress: string | null;
  /** Only the configured accounts. */
  socialLinks: readonly { network: SocialNetwork; url: string }[];
}

function digitsOf(value: string): string {
  return value.replace(/\D/g, "");
}

/** Validates the variables; exported for tests. Throws with a message naming the bad variable. */
export function parseSiteConfig(source: SiteConfigSource): SiteConfig {
  const result = schema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  - ${issue.path.join(".")} ${issue.message}`);
    throw new Error(`Invalid site configuration:\n${lines.join("\n")}\nSee .env.example and the README.`);
  }
  const data = result.data;
  const social: { network: SocialNetwork; url: string | undefined }[] = [
    { network: "facebook", url: data.NEXT_PUBLIC_SOCIAL_FACEBOOK },
    { network: "instagram", url: data.NEXT_PUBLIC_SOCIAL_INSTAGRAM },
    { network: "linkedin", url: data.NEXT_PUBLIC_SOCIAL_LINKEDIN },
  ];
  return {
    supportPhone: data.NEXT_PUBLIC_SUPPORT_PHONE ?? null,
    supportPhoneDigits: data.NEXT_PUBLIC_SUPPORT_PHONE ? digitsOf(data.NEXT_PUBLIC_SUPPORT_PHONE) : null,
    whatsappDigits: data.NEXT_PUBLIC_SUPPORT_WHATSAPP ? digitsOf(data.NEXT_PUBLIC_SUPPORT_WHATSAPP) : null,
    supportEmail: data.NEXT_PUBLIC_SUPPORT_EMAIL,
    supportAddress: data.NEXT_PUBLIC_SUPPORT_ADDRESS ?? null,
    socialLinks: social.flatMap(({ network, url }) => (url ? [{ network, url }] : [])),
  };
}

// Each variable is named in full so that Next.js can inline it if a client component imports this module.
export const siteConfig: SiteConfig = parseSiteConfig({
  NEXT_PUBLIC_SUPPORT_PHONE: process.env.NEXT_PUBLIC_SUPPORT_PHONE,
  NEXT_PUBLIC_SUPPORT_WHATSAPP: process.env.NEXT_PUBLIC_SUPPORT_WHATSAPP,
  NEXT_PUBLIC_SUPPORT_EMAIL: process.env.NEXT_PUBLIC_SUPPORT_EMAIL,
  NEXT_PUBLIC_SUPPORT_ADDRESS: process.env.NEXT_PUBLIC_SUPPORT_ADDRESS,
  NEXT_PUBLIC_SOCIAL_FACEBOOK: process.env.NEXT_PUBLIC_SOCIAL_FACEBOOK,
  NEXT_PUBLIC_SOCIAL_INSTAGRAM: process.env.NEXT_PUBLIC_SOCIAL_INSTAGRAM,
  NEXT_PUBLIC_SOCIAL_LINKEDIN: process.env.NEXT_PUBLIC_SOCIAL_LINKEDIN,
});

/** WhatsApp deep link to the support number with a prefilled message; null when no number is configured. */
export function whatsappUrl(message: string, config: SiteConfig = siteConfig): string | null {
  return config.whatsappDigits ? `https://wa.me/${config.whatsappDigits}?text=${encodeURIComponent(message)}` : null;
}

/** tel: link to the support number; null when none is configured. */
export function telephoneUrl(config: SiteConfig = siteConfig): string | null {
  return config.supportPhoneDigits ? `tel:+${config.supportPhoneDigits}` : null;
}

export function mailtoUrl(config: SiteConfig = siteConfig): string {
  return `mailto:${config.supportEmail}`;
}
