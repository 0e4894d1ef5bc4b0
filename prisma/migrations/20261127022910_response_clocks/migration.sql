-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "NotificationType" ADD VALUE 'routing_reminder';
ALTER TYPE "NotificationType" ADD VALUE 'routing_overdue';
ALTER TYPE "NotificationType" ADD VALUE 'routing_extended';
ALTER TYPE "NotificationType" ADD VALUE 'hospital_late';

-- AlterTable
ALTER TABLE "CaseRouting" ADD COLUMN     "extendedAt" TIMESTAMP(3),
ADD COLUMN     "extensionHours" INTEGER,
ADD COLUMN     "extensionReason" TEXT,
ADD COLUMN     "overdueAt" TIMESTAMP(3),
ADD COLUMN     "reminder24At" TIMESTAMP(3),
ADD COLUMN     "reminder8At" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "HospitalResponseTime" (
    "hospitalId" TEXT NOT NULL,
    "medianMinutes" INTEGER,
    "answeredCases" INTEGER NOT NULL,
    "computedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "HospitalResponseTime_pkey" PRIMARY KEY ("hospitalId")
);

-- AddForeignKey
ALTER TABLE "HospitalResponseTime" ADD CONSTRAINT "HospitalResponseTime_hospitalId_fkey" FOREIGN KEY ("hospitalId") REFERENCES "Hospital"("id") ON DELETE CASCADE ON UPDATE CASCADE;
