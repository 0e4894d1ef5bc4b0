-- AlterTable
ALTER TABLE "Submission" ADD COLUMN     "consentVersion" TEXT NOT NULL DEFAULT '2025-01-01';

-- CreateTable
CREATE TABLE "TrackingCode" (
    "id" TEXT NOT NULL,
    "submissionId" TEXT NOT NULL,
    "codeHash" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "consumedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TrackingCode_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "TrackingCode_submissionId_createdAt_idx" ON "TrackingCode"("submissionId", "createdAt");

-- AddForeignKey
ALTER TABLE "TrackingCode" ADD CONSTRAINT "TrackingCode_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission"("id") ON DELETE CASCADE ON UPDATE CASCADE;
