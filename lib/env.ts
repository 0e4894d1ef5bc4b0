import "server-only";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { log } from "./log";
import { parseTrustedProxies } from "./api/ip";

/**
 * All configuration, validated once with zod. Read through getEnv() at run time (never at import,
 * so `next build` needs no secrets). Missing or invalid values stop the server with a message that
 * names the variable.
 */
const optionalString = z
  .string()
  .trim()
  .min(1)
  .optional()
  .or(z.literal("").transform(() => undefined));
const base64Key = z
  .string()
  .trim()
  .refine((v) => Buffer.from(v, "base64").length === 32, "must be 32 bytes encoded in base64 (openssl rand -base64 32)");

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    APP_URL: z.url().default("http://localhost:3000"),
    DATA_DIR: z.string().min(1).default(".data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgresql:// URL")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    BETTER_AUTH_SECRET: z.string().min(32, "must be at least 32 characters (openssl rand -base64 32)").optional(),
    STORAGE_ENCRYPTION_KEY: base64Key.optional(),
    S3_BUCKET: optionalString,
    S3_REGION: z.string().default("us-east-1"),
    S3_ENDPOINT: z
      .url()
      .optional()
      .or(z.literal("").transform(() => undefined)),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_FORCE_PATH_STYLE: z
      .enum(["true", "false"])
      .default("false")
      .transform((v) => v === "true"),
    S3_SERVER_SIDE_ENCRYPTION: z.enum(["AES256", "aws:kms", "none"]).default("AES256"),
    S3_KMS_KEY_ID: optionalString,
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    MAIL_FROM: z.string().min(3).default("AfyaBridge <no-reply@afyabridge.example>"),
    SIGNED_URL_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
    // A request body (an upload) that sends no byte for this long is given up (lib/api/request-body.ts).
    REQUEST_IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(60),
    ADMIN_SETUP_KEY: z
      .string()
      .trim()
      .min(24, "must be at least 24 characters (openssl rand -base64 32)")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    // Transcription center: audio goes to Google Cloud Speech when credentials are configured.
    GOOGLE_APPLICATION_CREDENTIALS: optionalString,
    GOOGLE_SPEECH_ENDPOINT: z
      .string()
      .regex(/^[^\s:/]+:\d{1,5}$/, "must be host:port")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    TRANSCRIPTION_WORKER: z.enum(["on", "off"]).default("on"),
    TRANSCRIPTION_CONCURRENCY: z.coerce.number().int().min(1).max(8).default(1),
    // Malware scanning: uploads are streamed to clamd (INSTREAM) when CLAMAV_HOST is set.
    CLAMAV_HOST: optionalString,
    CLAMAV_PORT: z.coerce.number().int().min(1).max(65535).default(3310),
    // The reverse proxies in front of the app (lib/api/client-ip.ts): X-Forwarded-For entries they added are skipped.
    TRUSTED_PROXIES: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const { entries, invalid } = parseTrustedProxies(value);
        if (invalid.length)
          ctx.addIssue({
            code: "custom",
            message: `must be a comma-separated list of IP addresses or CIDR ranges (e.g. 127.0.0.1,10.0.0.0/8); not valid: ${invalid.join(", ")}`,
          });
        return entries;
      }),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production") {
      if (!env.BETTER_AUTH_SECRET) ctx.addIssue({ code: "custom", path: ["BETTER_AUTH_SECRET"], message: "is required in production" });
      if (!env.S3_BUCKET && !env.STORAGE_ENCRYPTION_KEY)
        ctx.addIssue({ code: "custom", path: ["STORAGE_ENCRYPTION_KEY"], message: "is required in production when files are kept on local disk" });
    }
    if (env.S3_BUCKET && !env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY)
      ctx.addIssue({ code: "custom", path: ["S3_ACCESS_KEY_ID"], message: "and S3_SECRET_ACCESS_KEY must be set together" });
  });

export type Env = z.infer<typeof schema> & { BETTER_AUTH_SECRET: string };

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Validates a plain environment object; exported for tests. */
export function parseEnv(source: NodeJS.ProcessEnv): z.infer<typeof schema> {
  const result = schema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  - ${issue.path.join(".") || "environment"} ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}\nSee .env.example and the README.`);
  }
  return result.data;
}

/**
 * In development a missing secret is generated once into DATA_DIR, with a warning, so that
 * `npm run dev` works on a fresh clone and restarts keep the same keys.
 */
function developmentSecret(dataDir: string, file: string, variable: string): string {
  const target = path.join(dataDir, file);
  if (existsSync(target)) return readFileSync(target, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const value = randomBytes(32).toString("base64");
  writeFileSync(target, value + "\n", { mode: 0o600 });
  log.warn(`[config] ${variable} is not set: generated a development value into ${target}. Set it explicitly in production.`);
  return value;
}

let cached: Env | undefined;

export function getEnv(): Env {
  if (cached) return cached;
  const env = parseEnv(process.env);
  const dataDir = path.resolve(env.DATA_DIR);
  cached = {
    ...env,
    DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: env.BETTER_AUTH_SECRET ?? developmentSecret(dataDir, "auth-secret", "BETTER_AUTH_SECRET"),
    STORAGE_ENCRYPTION_KEY: env.STORAGE_ENCRYPTION_KEY ?? (env.S3_BUCKET ? undefined : developmentSecret(dataDir, "storage.key", "STORAGE_ENCRYPTION_KEY")),
  };
  return cached;
}

/** For tests that change process.env between cases. */
export function resetEnvForTests(): void {
  cached = undefined;
}
