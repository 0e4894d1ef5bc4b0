-- DropIndex
DROP INDEX "CaseRouting_status_dueAt_idx";

-- DropIndex
DROP INDEX "Submission_status_idx";

-- CreateIndex
CREATE INDEX "CaseRouting_status_dueAt_submissionId_idx" ON "CaseRouting"("status", "dueAt", "submissionId");

-- CreateIndex
CREATE INDEX "Submission_status_id_idx" ON "Submission"("status", "id");
