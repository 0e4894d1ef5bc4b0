import "server-only";
import { z } from "zod";
import { audit, type AuditActor } from "@/lib/audit";
import type { SessionUser } from "@/lib/auth/session";
import { db } from "@/lib/db";
import type { Tx } from "@/lib/db/transaction";
import { CONSENT_WINDOW_MINUTES, TRANSCRIPTION_CONSENT_VERSION, transcriptionConsentTypes } from "./upload-rules";

/** Body of POST /api/consent (SPEC section 7). */
export const consentBody = z.object({
  consentType: z.enum(transcriptionConsentTypes, "consentType must be recording, sharing or analysis."),
  granted: z.boolean("granted must be true or false."),
});

/** Records one consent decision of a staff member, before the upload it is for (SPEC section 4). */
export async function recordConsent(user: SessionUser, input: z.infer<typeof consentBody>, actor: AuditActor): Promise<{ id: string }> {
  return db().$transaction(async (tx) => {
    const record = await tx.consentRecord.create({
      data: { userId: user.id, consentType: input.consentType, granted: input.granted, version: TRANSCRIPTION_CONSENT_VERSION, ipAddress: actor.ipAddress ?? null },
      select: { id: true },
    });
    await audit(tx, actor, { action: "consent.record", entityType: "consent", entityId: record.id, metadata: { consentType: input.consentType, granted: input.granted } });
    return record;
  });
}

/** The user's consents that an upload made now may still claim: recent, and not linked to another upload. */
function openConsentsWhere(userId: string) {
  return {
    userId,
    transcriptionId: null,
    consentType: { in: [...transcriptionConsentTypes] },
    createdAt: { gte: new Date(Date.now() - CONSENT_WINDOW_MINUTES * 60_000) },
  };
}

export async function hasOpenRecordingConsent(userId: string): Promise<boolean> {
  return (await db().consentRecord.count({ where: { ...openConsentsWhere(userId), consentType: "recording", granted: true } })) > 0;
}

/**
 * Links the user's open consents to the new transcription, inside its transaction. The conditional
 * update claims each record once, so two uploads racing for one consent cannot both succeed: the
 * caller rolls back when no granted recording consent was claimed.
 */
export async function linkOpenConsents(tx: Tx, userId: string, transcriptionId: string): Promise<{ recording: boolean; linked: number }> {
  const open = await tx.consentRecord.findMany({ where: openConsentsWhere(userId), select: { id: true } });
  if (open.length === 0) return { recording: false, linked: 0 };
  const { count } = await tx.consentRecord.updateMany({ where: { id: { in: open.map((row) => row.id) }, transcriptionId: null }, data: { transcriptionId } });
  const recording = await tx.consentRecord.count({ where: { transcriptionId, consentType: "recording", granted: true } });
  return { recording: recording > 0, linked: count };
}
