-- An announced imaging file carries the Study Instance UID the browser read from its header: it counts
-- against the per-study limits (3,000 images, 2 GB) instead of the case's 50 ordinary files.
ALTER TABLE "Upload" ADD COLUMN "studyUid" TEXT;

-- CreateIndex
CREATE INDEX "Upload_submissionId_studyUid_idx" ON "Upload"("submissionId", "studyUid");
