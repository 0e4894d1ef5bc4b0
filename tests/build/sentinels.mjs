/**
 * Secret values the test build is made with (scripts/test.mjs). If any of them shows up in what the
 * browser can fetch, tests/build/bundle-secrets.test.mjs fails.
 */
export const buildSecrets = {
  BETTER_AUTH_SECRET: "sentinel-auth-secret-7f3a9c1e5b2d8f4a6c0e9b7d",
  STORAGE_ENCRYPTION_KEY: Buffer.from("sentinel-storage-key-32-bytes-ok").toString("base64"),
  ADMIN_SETUP_KEY: "sentinel-admin-setup-key-4e8b2c6a0d9f1b3e",
  SMTP_URL: "smtp://mailer:sentinel-smtp-password-5d1c@localhost:2525",
  S3_ACCESS_KEY_ID: "SENTINELACCESSKEYID0001",
  S3_SECRET_ACCESS_KEY: "sentinel-s3-secret-access-key-9a7c5e3b1d",
  // Nothing listens there: `next build` opens no database (lib/db connects on first use).
  DATABASE_URL: "postgresql://afya:sentinel-db-password-8c2e4a6f@127.0.0.1:9/afya",
};

/** The parts that must never reach a browser: whole values and the passwords inside URLs. */
export const forbiddenStrings = [
  buildSecrets.BETTER_AUTH_SECRET,
  buildSecrets.STORAGE_ENCRYPTION_KEY,
  buildSecrets.ADMIN_SETUP_KEY,
  "sentinel-smtp-password-5d1c",
  buildSecrets.S3_ACCESS_KEY_ID,
  buildSecrets.S3_SECRET_ACCESS_KEY,
  "sentinel-db-password-8c2e4a6f",
];

/**
 * Secret values the end-to-end server runs with (playwright.config.ts). Most pages are rendered per request,
 * so tests/e2e/rendered-secrets.spec.ts looks for these in the HTML and scripts the running app serves.
 * The database and mail settings cannot be sentinels there (the server needs its embedded database and
 * its outbox), so the password checks of the rendered pages are the S3 secret and the users' password.
 */
export const serverSecrets = {
  BETTER_AUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-e2e-0123",
  STORAGE_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString("base64"),
  // Enables /admin-setup; tests/e2e/support.ts uses the same value.
  ADMIN_SETUP_KEY: "e2e-admin-setup-key-e2e-admin-setup-key",
  // Unused while S3_BUCKET is unset (files stay on local disk), but held in the server's environment.
  S3_ACCESS_KEY_ID: "SENTINELE2EACCESSKEY0002",
  S3_SECRET_ACCESS_KEY: "sentinel-e2e-s3-secret-access-key-4f6b8d0a2c",
};

/**
 * Public contact settings the test build is made with (scripts/test.mjs; read at build time). Fictional
 * numbers from Ofcom's drama ranges. The address and LinkedIn are left unset on purpose:
 * tests/e2e/site.spec.ts checks that an unset contact is not shown.
 */
export const buildPublicConfig = {
  NEXT_PUBLIC_SUPPORT_PHONE: "+44 20 7946 0123",
  NEXT_PUBLIC_SUPPORT_WHATSAPP: "+44 7700 900123",
  NEXT_PUBLIC_SOCIAL_FACEBOOK: "https://www.facebook.com/afyabridge",
  NEXT_PUBLIC_SOCIAL_INSTAGRAM: "https://www.instagram.com/afyabridge",
  NEXT_PUBLIC_SUPPORT_ADDRESS: "",
  NEXT_PUBLIC_SOCIAL_LINKEDIN: "",
};
