import "server-only";
import { AppError } from "@/lib/app-error";
import { audit, type AuditActor } from "@/lib/audit";
import type { SessionUser } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { log } from "@/lib/log";
import { requeueTranscription } from "./jobs";
import { findReadableTranscription } from "./queries";
import { retryRefusal } from "./retry-rules";
import { reasonColumns } from "./status-reason";

/**
 * POST /api/transcriptions/[id]/retry: whoever may read the transcription sends it back to the queue
 * (409 when it is not in a state to retry). The status change and its audit row commit together;
 * the conditional update lets one of two simultaneous presses through.
 */
export async function retryTranscription(user: SessionUser, rawId: string, actor: AuditActor): Promise<{ id: string; status: "queued" }> {
  const row = await findReadableTranscription(user, rawId, { id: true, status: true, kind: true, mimeType: true, storageKey: true, fileDeletedAt: true });
  const refusal = retryRefusal(row);
  if (refusal) throw new AppError("conflict", refusal);
  await db().$transaction(async (tx) => {
    const { count } = await tx.transcription.updateMany({
      where: { id: row.id, status: row.status, storageKey: { not: null } },
      data: { status: "queued", ...reasonColumns(null), attempts: 0, startedAt: null },
    });
    if (count === 0) throw new AppError("conflict", "transcription_changed");
    await audit(tx, actor, {
      action: "transcription.retry",
      entityType: "transcription",
      entityId: row.id,
      metadata: { previousStatus: row.status, kind: row.kind },
    });
  });
  // The row is committed as queued; a failed enqueue is logged and picked up by the worker's sweep.
  await requeueTranscription(row.id).catch((error: unknown) => log.error({ transcriptionId: row.id, err: error }, "Could not queue the transcription again"));
  return { id: row.id, status: "queued" };
}
