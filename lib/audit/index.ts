import "server-only";
import type { Prisma } from "@/lib/db/generated/client";

/** Who did something, from where. */
export interface AuditActor {
  id: string | null;
  role: string | null;
  ipAddress?: string | null;
  userAgent?: string | null;
}

export interface AuditEntry {
  action: string;
  entityType?: string;
  entityId?: string;
  metadata?: Prisma.InputJsonValue;
}

type AuditWriter = { auditEvent: { create(args: { data: Prisma.AuditEventUncheckedCreateInput }): Promise<unknown> } };

/** Writes one audit row; pass the transaction client so it commits or rolls back with the change. */
export function audit(tx: AuditWriter, actor: AuditActor, entry: AuditEntry): Promise<unknown> {
  return tx.auditEvent.create({
    data: {
      actorId: actor.id,
      actorRole: actor.role,
      ipAddress: actor.ipAddress ?? null,
      userAgent: actor.userAgent?.slice(0, 300) ?? null,
      action: entry.action,
      entityType: entry.entityType ?? null,
      entityId: entry.entityId ?? null,
      metadata: entry.metadata,
    },
  });
}

/** The system itself (CLI, scheduled jobs). */
export const systemActor: AuditActor = { id: null, role: "system" };
