-- AlterTable
ALTER TABLE "Submission" ADD COLUMN     "hasFiles" BOOLEAN NOT NULL DEFAULT false;

-- CreateIndex
CREATE INDEX "Submission_urgency_source_hasFiles_idx" ON "Submission"("urgency", "source", "hasFiles");

-- Existing cases
UPDATE "Submission" s SET "hasFiles" = true WHERE EXISTS (SELECT 1 FROM "SubmissionFile" f WHERE f."submissionId" = s.id);
