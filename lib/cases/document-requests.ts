import "server-only";
import { AppError } from "@/lib/app-error";
import { audit, type AuditActor } from "@/lib/audit";
import { db } from "@/lib/db";
import type { NotificationOutbox } from "@/lib/notifications/outbox";

/**
 * A coordinator asks the patient for more documents: the request is stored (and shown on the case
 * until the patient adds files), the patient is told in the bell and by e-mail, and it is audited.
 */
export async function requestDocuments(input: { submissionId: string; message: string; actor: AuditActor }, outbox: NotificationOutbox) {
  return db().$transaction(async (tx) => {
    const submission = await tx.submission.findUnique({
      where: { id: input.submissionId },
      select: { id: true, status: true, userId: true, email: true, patientName: true, locale: true, trackingNumber: true },
    });
    if (!submission) throw new AppError("not_found", "case_not_found");
    if (submission.status === "closed" || submission.status === "cancelled")
      throw new AppError("conflict", "documents_case_ended", { params: { status: submission.status } });
    const request = await tx.documentRequest.create({
      data: { submissionId: submission.id, requestedById: input.actor.id, message: input.message },
      select: { id: true, message: true, createdAt: true },
    });
    await outbox.add(tx, { kind: "patient", submission }, { type: "document_request", trackingNumber: submission.trackingNumber, request: input.message });
    await audit(tx, input.actor, {
      action: "case.document_request",
      entityType: "submission",
      entityId: submission.id,
      metadata: { documentRequestId: request.id },
    });
    return { id: request.id, message: request.message, createdAt: request.createdAt.toISOString() };
  });
}
