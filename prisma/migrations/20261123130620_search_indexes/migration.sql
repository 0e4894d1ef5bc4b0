-- Trigram indexes for the admin search (substring match in any case). pg_trgm is a trusted extension
-- (PostgreSQL 13+): the database owner may create it; the embedded database loads it in lib/db/sql.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateIndex
CREATE INDEX "Submission_patientName_trgm" ON "Submission" USING GIN ("patientName" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Submission_email_trgm" ON "Submission" USING GIN ("email" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "user_email_trgm" ON "user" USING GIN ("email" gin_trgm_ops);
