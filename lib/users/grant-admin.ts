import "server-only";
import type { Db } from "@/lib/db/client";
import { audit, type AuditActor } from "@/lib/audit";

/** Promotes the account with this e-mail to admin; false when no such account exists. */
export async function grantAdmin(db: Db, email: string, actor: AuditActor, via: "cli" | "setup-key"): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { email: email.trim().toLowerCase() } });
    if (!user) return false;
    await tx.user.update({ where: { id: user.id }, data: { role: "admin", hospitalId: null } });
    await audit(tx, actor, { action: "user.grant_admin", entityType: "user", entityId: user.id, metadata: { via, previousRole: user.role } });
    return true;
  });
}
