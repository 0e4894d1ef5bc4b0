import "server-only";
import { z } from "zod";
import { AppError } from "@/lib/app-error";
import { audit, type AuditActor } from "@/lib/audit";
import type { SessionUser } from "@/lib/auth/session";
import { db } from "@/lib/db";
import type { Tx } from "@/lib/db/transaction";
import { type consentBody, transcriptionConsentTypes } from "@/lib/contracts/transcriptions";
import { CONSENT_WINDOW_MINUTES, TRANSCRIPTION_CONSENT_VERSION } from "./upload-rules";

/** Records one consent decision of a staff member, before the upload it is for. */
export async function recordConsent(user: SessionUser, input: z.infer<typeof consentBody>, actor: AuditActor): Promise<{ id: string }> {
  return db().$transaction(async (tx) => {
    const record = await tx.consentRecord.create({
      data: {
        userId: user.id,
        consentType: input.consentType,
        granted: input.granted,
        version: TRANSCRIPTION_CONSENT_VERSION,
        ipAddress: actor.ipAddress ?? null,
      },
      select: { id: true },
    });
    await audit(tx, actor, {
      action: "consent.record",
      entityType: "consent",
      entityId: record.id,
      metadata: { consentType: input.consentType, granted: input.granted },
    });
    return record;
  });
}

/**
 * The `consentIds` form field of an upload: the ids POST /api/consent returned for it, comma
 * separated. Anything that is not a short list of distinct uuids is refused as a missing consent.
 */
export function parseConsentIds(raw: string | undefined): string[] {
  const ids = (raw ?? "")
    .split(",")
    .map((id) => id.trim())
    .filter(Boolean);
  const valid =
    ids.length > 0 && ids.length <= transcriptionConsentTypes.length && new Set(ids).size === ids.length && ids.every((id) => z.uuid().safeParse(id).success);
  if (!valid) throw new AppError("bad_request", "transcription_consent_required");
  return ids;
}

/** The named consents an upload that started at `uploadStartedAt` may claim: the user's own, unused, and recent then. */
function claimableWhere(userId: string, ids: string[], uploadStartedAt: Date) {
  return {
    id: { in: ids },
    userId,
    usedAt: null,
    transcriptionId: null,
    consentType: { in: [...transcriptionConsentTypes] },
    // A minute's allowance for the clocks of several app instances.
    createdAt: { gte: new Date(uploadStartedAt.getTime() - CONSENT_WINDOW_MINUTES * 60_000), lte: new Date(uploadStartedAt.getTime() + 60_000) },
  };
}

/**
 * Checked before a byte of the file is read: every named consent is this user's, unused and was given
 * within the window before the upload started, and one of them is a granted recording consent.
 */
export async function checkConsents(userId: string, ids: string[], uploadStartedAt: Date): Promise<void> {
  const rows = await db().consentRecord.findMany({ where: claimableWhere(userId, ids, uploadStartedAt), select: { consentType: true, granted: true } });
  if (rows.length !== ids.length || !rows.some((row) => row.consentType === "recording" && row.granted))
    throw new AppError("bad_request", "transcription_consent_required");
}

/**
 * Claims exactly the named consents for the new transcription, inside its transaction. The
 * conditional update marks each one used once, so two uploads naming one consent cannot both
 * succeed: when any of them was claimed meanwhile, the caller's transaction rolls back.
 */
export async function claimConsents(tx: Tx, userId: string, ids: string[], uploadStartedAt: Date, transcriptionId: string): Promise<number> {
  const { count } = await tx.consentRecord.updateMany({ where: claimableWhere(userId, ids, uploadStartedAt), data: { transcriptionId, usedAt: new Date() } });
  const recording = await tx.consentRecord.count({ where: { id: { in: ids }, transcriptionId, consentType: "recording", granted: true } });
  if (count !== ids.length || recording === 0) throw new AppError("bad_request", "transcription_consent_required");
  return count;
}
