-- A staff member's transcription upload travels through the resumable path too: it has no submission,
-- and carries the fields of the transcription to create when its last byte arrives.
ALTER TABLE "Upload" ALTER COLUMN "submissionId" DROP NOT NULL;
ALTER TABLE "Upload" ADD COLUMN "transcription" JSONB;
