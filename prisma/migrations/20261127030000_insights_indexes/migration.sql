-- CreateIndex
CREATE INDEX "CaseRouting_routedAt_idx" ON "CaseRouting"("routedAt");
