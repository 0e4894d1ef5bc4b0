import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { AppError } from "@/lib/app-error";
import { clientIp } from "@/lib/api/client-ip";
import { enforceRateLimit, RATE_RULES } from "@/lib/api/rate-limit";
import { audit, type AuditActor } from "@/lib/audit";
import { db } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { grantAdmin } from "@/lib/users/grant-admin";

/** Whether /admin-setup may be used at all. */
export function adminSetupEnabled(): boolean {
  return !!getEnv().ADMIN_SETUP_KEY;
}

/** Constant-time comparison: both sides hashed first, so their lengths never leak. */
function keyMatches(given: string, expected: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * A signed-in user promotes the account with `email` to admin by presenting ADMIN_SETUP_KEY.
 * Rate-limited per user and per address; every attempt is audited (never the key itself).
 */
export async function setupAdmin(request: Request, actor: AuditActor & { id: string }, email: string, adminKey: string): Promise<void> {
  const expected = getEnv().ADMIN_SETUP_KEY;
  if (!expected) throw new AppError("forbidden", "setup_disabled");
  await enforceRateLimit(RATE_RULES.adminSetup, `user:${actor.id}`);
  await enforceRateLimit(RATE_RULES.adminSetup, `ip:${clientIp(request)}`);
  const target = email.trim().toLowerCase();
  const record = (outcome: string) => audit(db(), actor, { action: "admin.setup_attempt", entityType: "user", metadata: { email: target, outcome } });
  if (!keyMatches(adminKey, expected)) {
    await record("wrong_key");
    throw new AppError("forbidden", "setup_rejected");
  }
  if (!(await grantAdmin(db(), target, actor, "setup-key"))) {
    await record("no_account");
    throw new AppError("not_found", "setup_no_account", { field: "email" });
  }
  await record("granted");
}
