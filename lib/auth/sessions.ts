import "server-only";
import { db } from "@/lib/db";
import { audit, type AuditActor } from "@/lib/audit";
import type { ActiveSession } from "@/lib/contracts/account";
import { describeDevice } from "./describe-device";
import { displayAddress } from "./display-address";

export async function listActiveSessions(userId: string, currentSessionId: string): Promise<ActiveSession[]> {
  const rows = await db().session.findMany({
    where: { userId, expiresAt: { gt: new Date() } },
    orderBy: { updatedAt: "desc" },
    select: { id: true, userAgent: true, ipAddress: true, createdAt: true, updatedAt: true },
  });
  return rows.map((row) => ({
    id: row.id,
    device: describeDevice(row.userAgent),
    address: row.ipAddress ? displayAddress(row.ipAddress) : null,
    createdAt: row.createdAt.toISOString(),
    lastActiveAt: row.updatedAt.toISOString(),
    current: row.id === currentSessionId,
  }));
}

/** Ends one of the user's own sessions; false when the id is not one of theirs. */
export async function revokeOwnSession(userId: string, sessionId: string, actor: AuditActor): Promise<boolean> {
  return db().$transaction(async (tx) => {
    const { count } = await tx.session.deleteMany({ where: { id: sessionId, userId } });
    if (count) await audit(tx, actor, { action: "session.revoked", entityType: "user", entityId: userId });
    return count > 0;
  });
}

/** Ends every session of the user except the one making the request. */
export async function revokeOtherSessions(userId: string, currentSessionId: string, actor: AuditActor): Promise<number> {
  return db().$transaction(async (tx) => {
    const { count } = await tx.session.deleteMany({ where: { userId, id: { not: currentSessionId } } });
    if (count) await audit(tx, actor, { action: "session.revoked_others", entityType: "user", entityId: userId, metadata: { count } });
    return count;
  });
}
