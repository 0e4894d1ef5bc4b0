import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { getEnv } from "@/lib/env";
import { linkSigningKey } from "./keys";
import { isValidKey } from "./types";

/**
 * Signed download links of the local store: `<payload>.<signature>`, the payload being base64url JSON
 * of the object's key, the download name and type, and the expiry; the signature HMAC-SHA256 of the
 * payload under the link-signing key (lib/storage/keys.ts). Served by /api/storage/signed/<token>.
 */
export interface SignedDownload {
  key: string;
  downloadName: string;
  contentType: string;
}

/** Checks a token made by LocalStore.signedUrl with the configured STORAGE_ENCRYPTION_KEY. */
export function verifySignedToken(token: string, now: number = Date.now()): SignedDownload | null {
  const encryptionKey = getEnv().STORAGE_ENCRYPTION_KEY;
  if (!encryptionKey) return null;
  const [payloadPart, signaturePart, ...rest] = token.split(".");
  if (!payloadPart || !signaturePart || rest.length > 0) return null;

  const expected = createHmac("sha256", linkSigningKey(encryptionKey)).update(payloadPart).digest();
  const provided = Buffer.from(signaturePart, "base64url");
  // Only the one canonical spelling: Node's decoder skips stray characters and ignores padding bits.
  if (provided.toString("base64url") !== signaturePart) return null;
  if (provided.length !== expected.length || !timingSafeEqual(provided, expected)) return null;

  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payloadPart, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  const payload = tokenPayloadSchema.safeParse(decoded);
  if (!payload.success || payload.data.exp * 1000 <= now) return null;
  return { key: payload.data.key, downloadName: payload.data.name, contentType: payload.data.type };
}

const tokenPayloadSchema = z.object({
  key: z.string().refine(isValidKey),
  name: z.string(),
  type: z.string(),
  /** Seconds since the epoch. */
  exp: z.number().int(),
});

export function signToken(signingKey: Buffer, payload: z.infer<typeof tokenPayloadSchema>): string {
  const payloadPart = Buffer.from(JSON.stringify(payload), "utf8").toString("base64url");
  const signaturePart = createHmac("sha256", signingKey).update(payloadPart).digest("base64url");
  return `${payloadPart}.${signaturePart}`;
}
