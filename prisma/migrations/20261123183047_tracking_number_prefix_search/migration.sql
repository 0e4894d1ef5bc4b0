-- CreateIndex
CREATE INDEX "Submission_trackingNumber_trgm" ON "Submission" USING GIN ("trackingNumber" gin_trgm_ops);
