-- AlterTable
ALTER TABLE "Transcription" ADD COLUMN     "statusReasonCode" TEXT,
ADD COLUMN     "statusReasonParams" JSONB;
