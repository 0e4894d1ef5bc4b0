-- CreateEnum
CREATE TYPE "TranscriptionStatus" AS ENUM ('queued', 'processing', 'completed', 'failed', 'needs_engine');

-- CreateEnum
CREATE TYPE "TranscriptionKind" AS ENUM ('audio', 'pdf', 'image', 'dicom');

-- DropIndex
DROP INDEX "ConsentRecord_userId_idx";

-- AlterTable
ALTER TABLE "ConsentRecord" ADD COLUMN     "transcriptionId" TEXT;

-- CreateTable
CREATE TABLE "Transcription" (
    "id" TEXT NOT NULL,
    "uploadedById" TEXT,
    "title" TEXT NOT NULL,
    "meetingType" TEXT NOT NULL,
    "department" TEXT,
    "language" TEXT,
    "patientInfo" JSONB,
    "kind" "TranscriptionKind" NOT NULL,
    "fileName" TEXT NOT NULL,
    "fileSize" BIGINT NOT NULL,
    "mimeType" TEXT NOT NULL,
    "sha256" TEXT NOT NULL,
    "storageKey" TEXT,
    "status" "TranscriptionStatus" NOT NULL DEFAULT 'queued',
    "statusReason" TEXT,
    "text" TEXT,
    "segments" JSONB,
    "engine" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "startedAt" TIMESTAMP(3),
    "completedAt" TIMESTAMP(3),
    "deleteFileAfter" TIMESTAMP(3) NOT NULL,
    "fileDeletedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Transcription_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Transcription_storageKey_key" ON "Transcription"("storageKey");

-- CreateIndex
CREATE INDEX "Transcription_uploadedById_createdAt_idx" ON "Transcription"("uploadedById", "createdAt");

-- CreateIndex
CREATE INDEX "Transcription_status_createdAt_idx" ON "Transcription"("status", "createdAt");

-- CreateIndex
CREATE INDEX "Transcription_deleteFileAfter_idx" ON "Transcription"("deleteFileAfter");

-- CreateIndex
CREATE INDEX "ConsentRecord_userId_createdAt_idx" ON "ConsentRecord"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "ConsentRecord_transcriptionId_idx" ON "ConsentRecord"("transcriptionId");

-- AddForeignKey
ALTER TABLE "ConsentRecord" ADD CONSTRAINT "ConsentRecord_transcriptionId_fkey" FOREIGN KEY ("transcriptionId") REFERENCES "Transcription"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Transcription" ADD CONSTRAINT "Transcription_uploadedById_fkey" FOREIGN KEY ("uploadedById") REFERENCES "user"("id") ON DELETE SET NULL ON UPDATE CASCADE;
