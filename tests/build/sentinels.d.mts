export declare const buildSecrets: Record<
  "BETTER_AUTH_SECRET" | "STORAGE_ENCRYPTION_KEY" | "ADMIN_SETUP_KEY" | "SMTP_URL" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY" | "DATABASE_URL",
  string
>;
export declare const forbiddenStrings: string[];
export declare const serverSecrets: Record<
  "BETTER_AUTH_SECRET" | "STORAGE_ENCRYPTION_KEY" | "ADMIN_SETUP_KEY" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY",
  string
>;
export declare const buildPublicConfig: Record<
  | "NEXT_PUBLIC_SUPPORT_PHONE"
  | "NEXT_PUBLIC_SUPPORT_WHATSAPP"
  | "NEXT_PUBLIC_SOCIAL_FACEBOOK"
  | "NEXT_PUBLIC_SOCIAL_INSTAGRAM"
  | "NEXT_PUBLIC_SUPPORT_ADDRESS"
  | "NEXT_PUBLIC_SOCIAL_LINKEDIN",
  string
>;
