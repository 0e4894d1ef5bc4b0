export declare const buildSecrets: Record<
  "BETTER_AUTH_SECRET" | "STORAGE_ENCRYPTION_KEY" | "ADMIN_SETUP_KEY" | "SMTP_URL" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY" | "DATABASE_URL",
  string
>;
export declare const forbiddenStrings: string[];
export declare const serverSecrets: Record<
  "BETTER_AUTH_SECRET" | "STORAGE_ENCRYPTION_KEY" | "ADMIN_SETUP_KEY" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY",
  string
>;
