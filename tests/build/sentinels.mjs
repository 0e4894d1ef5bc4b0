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
};

/** The parts that must never reach a browser: whole values and the passwords inside URLs. */
export const forbiddenStrings = [
  buildSecrets.BETTER_AUTH_SECRET,
  buildSecrets.STORAGE_ENCRYPTION_KEY,
  buildSecrets.ADMIN_SETUP_KEY,
  "sentinel-smtp-password-5d1c",
  buildSecrets.S3_ACCESS_KEY_ID,
  buildSecrets.S3_SECRET_ACCESS_KEY,
];
