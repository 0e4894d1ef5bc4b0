import "server-only";
import { randomBytes } from "node:crypto";

// Crockford's base32: no I, L, O or U, so a number read aloud over the phone is not misheard.
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** 'SUB-' + date + 10 random characters (50 bits): unique in practice and not guessable. */
export function newTrackingNumber(now = new Date()): string {
  const date = now.toISOString().slice(0, 10).replace(/-/g, "");
  const bytes = randomBytes(10);
  const suffix = Array.from(bytes, (byte) => ALPHABET[byte & 31]).join("");
  return `SUB-${date}-${suffix}`;
}

export { normalizeTrackingNumber, TRACKING_NUMBER_PATTERN } from "@/lib/contracts/tracking";
