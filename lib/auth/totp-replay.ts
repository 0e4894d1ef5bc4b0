import "server-only";
import { db } from "@/lib/db";

/** A code is accepted one 30-second step early or late, so it stays usable for at most 90 seconds. */
const CODE_LIFETIME_MS = 3 * 60 * 1000;

/**
 * ASVS 2.8.4: a TOTP code works once. The code is claimed before it is checked (one row per user and
 * code, so two requests racing with the same code cannot both pass) and released again if it was wrong.
 * False when the code was already used.
 */
export async function claimTotpCode(userId: string, code: string): Promise<boolean> {
  await db().usedTotpCode.deleteMany({ where: { usedAt: { lt: new Date(Date.now() - CODE_LIFETIME_MS) } } });
  const { count } = await db().usedTotpCode.createMany({ data: [{ userId, code }], skipDuplicates: true });
  return count === 1;
}

export async function releaseTotpCode(userId: string, code: string): Promise<void> {
  await db().usedTotpCode.deleteMany({ where: { userId, code } });
}
