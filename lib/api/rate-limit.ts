import "server-only";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { AppError } from "@/lib/app-error";
import { ipv6Network64 } from "./ip";

export interface RateRule {
  /** What is limited, e.g. "submission". */
  name: string;
  max: number;
  windowSeconds: number;
}

/**
 * An IPv6 client address (clientIp), alone or after a "name:" prefix, counts for its /64 network:
 * otherwise a client holding a /64 would have 2^64 fresh addresses to escape a limit with.
 */
function bucketOf(subject: string): string {
  const network = ipv6Network64(subject);
  if (network) return network;
  const prefixed = /^([a-z-]+):(.+)$/.exec(subject);
  const prefixedNetwork = prefixed ? ipv6Network64(prefixed[2]) : null;
  return prefixed && prefixedNetwork ? `${prefixed[1]}:${prefixedNetwork}` : subject;
}

/**
 * Fixed-window counters in the database (the table Better Auth also uses), so limits hold across
 * several app instances. Throws a 429 with Retry-After once `max` is passed within the window.
 */
export async function enforceRateLimit(rule: RateRule, subject: string): Promise<void> {
  const now = Date.now();
  const windowStart = now - rule.windowSeconds * 1000;
  const key = `afya:${rule.name}:${bucketOf(subject)}`;
  const [row] = await db().$queryRaw<{ count: number; lastRequest: bigint }[]>`
    INSERT INTO "rateLimit" (id, key, count, "lastRequest") VALUES (${randomUUID()}, ${key}, 1, ${now})
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN "rateLimit"."lastRequest" < ${windowStart} THEN 1 ELSE "rateLimit".count + 1 END,
      "lastRequest" = CASE WHEN "rateLimit"."lastRequest" < ${windowStart} THEN ${now} ELSE "rateLimit"."lastRequest" END
    RETURNING count, "lastRequest"`;
  if (row.count > rule.max) {
    const retryAfter = Math.max(1, Math.ceil((Number(row.lastRequest) + rule.windowSeconds * 1000 - now) / 1000));
    throw new AppError("rate_limited", "rate_limited", { headers: { "Retry-After": String(retryAfter) } });
  }
}

export const RATE_RULES = {
  submission: { name: "submission", max: 20, windowSeconds: 3600 },
  addFiles: { name: "add-files", max: 60, windowSeconds: 3600 },
  inquiry: { name: "inquiry", max: 10, windowSeconds: 3600 },
  trackCodeByIp: { name: "track-code-ip", max: 10, windowSeconds: 3600 },
  trackCodeBySubmission: { name: "track-code-sub", max: 5, windowSeconds: 3600 },
  trackVerify: { name: "track-verify", max: 20, windowSeconds: 3600 },
  adminSetup: { name: "admin-setup", max: 5, windowSeconds: 3600 },
  adminUnlock: { name: "admin-unlock", max: 10, windowSeconds: 900 },
  partnerInviteAccept: { name: "partner-invite-accept", max: 10, windowSeconds: 3600 },
  transcription: { name: "transcription", max: 120, windowSeconds: 3600 },
} as const satisfies Record<string, RateRule>;
