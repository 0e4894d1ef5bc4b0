import "server-only";
import { z } from "zod";
import { AppError } from "@/lib/app-error";
import { audit, type AuditActor } from "@/lib/audit";
import type { SessionUser } from "@/lib/auth/session";
import { caseChangeableBy } from "@/lib/access/cases";
import { db } from "@/lib/db";
import { indexArrivedFiles } from "@/lib/imaging/index-instance";
import { receiveRecords } from "./intake";
import { toFileRow } from "./create";
import { MAX_FILES_PER_SUBMISSION } from "@/lib/contracts/submission-options";
import { scanSubmissionInBackground } from "@/lib/security/scan";

/**
 * 'Add More Files': the owner (or an admin past the password gate) adds files to an existing submission. The
 * submissionId field must come before the files, so that nothing is stored for someone else's case.
 */
export async function addFilesToSubmission(request: Request, user: SessionUser, actor: AuditActor): Promise<{ added: number }> {
  let submissionId: string | null = null;
  let room = MAX_FILES_PER_SUBMISSION;
  return receiveRecords(
    request,
    {
      folder: () => submissionId!,
      maxFiles: MAX_FILES_PER_SUBMISSION,
      beforeFirstFile: async (fields) => {
        submissionId = await authorize(fields.submissionId, user);
        room = MAX_FILES_PER_SUBMISSION - (await db().submissionFile.count({ where: { submissionId } }));
        if (room <= 0) throw new AppError("bad_request", "submission_files_full", { params: { max: MAX_FILES_PER_SUBMISSION } });
      },
    },
    async (fields, files) => {
      const id = submissionId ?? (await authorize(fields.submissionId, user));
      if (files.length > room) throw new AppError("bad_request", "submission_files_over_limit", { params: { max: MAX_FILES_PER_SUBMISSION } });
      await db().$transaction(async (tx) => {
        await tx.submissionFile.createMany({ data: files.map((file) => ({ ...toFileRow(file), submissionId: id })) });
        await tx.submission.update({ where: { id }, data: { updatedAt: new Date(), hasFiles: true } });
        // New files answer the coordinator's open requests for more documents.
        await tx.documentRequest.updateMany({ where: { submissionId: id, fulfilledAt: null }, data: { fulfilledAt: new Date() } });
        await audit(tx, actor, { action: "submission.add_files", entityType: "submission", entityId: id, metadata: { files: files.length } });
      });
      await indexArrivedFiles(
        id,
        files.map((file) => file.key),
        actor,
      );
      scanSubmissionInBackground(id);
      return { added: files.length };
    },
  );
}

async function authorize(rawId: string | undefined, user: SessionUser): Promise<string> {
  const id = z.uuid().safeParse(rawId);
  if (!id.success)
    throw rawId ? new AppError("not_found", "submission_not_found") : new AppError("bad_request", "submission_id_required", { field: "submissionId" });
  const submission = await db().submission.findFirst({
    where: { id: id.data, ...caseChangeableBy(user) },
    select: { id: true, status: true },
  });
  if (!submission) throw new AppError("not_found", "submission_not_found");
  if (submission.status === "closed" || submission.status === "cancelled") throw new AppError("conflict", "submission_closed");
  return submission.id;
}
