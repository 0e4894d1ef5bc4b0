-- CreateEnum
CREATE TYPE "RoutingStatus" AS ENUM ('awaiting_response', 'responded', 'declined');

-- CreateEnum
CREATE TYPE "PlanStatus" AS ENUM ('proposed', 'accepted', 'not_selected');

-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "NotificationType" ADD VALUE 'case_routed';
ALTER TYPE "NotificationType" ADD VALUE 'plan_accepted';
ALTER TYPE "NotificationType" ADD VALUE 'plan_not_selected';

-- AlterTable
ALTER TABLE "Notification" DROP COLUMN "message",
DROP COLUMN "title",
ADD COLUMN     "params" JSONB NOT NULL DEFAULT '{}',
ADD COLUMN     "submissionId" TEXT;

-- AlterTable
ALTER TABLE "Submission" ADD COLUMN     "locale" TEXT NOT NULL DEFAULT 'en';

-- CreateTable
CREATE TABLE "CaseRouting" (
    "id" TEXT NOT NULL,
    "submissionId" TEXT NOT NULL,
    "hospitalId" TEXT NOT NULL,
    "routedById" TEXT,
    "routedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "dueAt" TIMESTAMP(3) NOT NULL,
    "status" "RoutingStatus" NOT NULL DEFAULT 'awaiting_response',
    "respondedAt" TIMESTAMP(3),
    "declineReason" TEXT,
    "destinationCountry" TEXT NOT NULL,
    "transferBasis" TEXT NOT NULL,

    CONSTRAINT "CaseRouting_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TreatmentPlan" (
    "id" TEXT NOT NULL,
    "routingId" TEXT NOT NULL,
    "submissionId" TEXT NOT NULL,
    "hospitalId" TEXT NOT NULL,
    "authorId" TEXT,
    "diagnosisSummary" TEXT NOT NULL,
    "proposedTreatment" TEXT NOT NULL,
    "included" TEXT NOT NULL,
    "lengthOfStayDays" INTEGER NOT NULL,
    "priceMin" INTEGER NOT NULL,
    "priceMax" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "validUntil" DATE NOT NULL,
    "leadDoctor" TEXT NOT NULL,
    "message" TEXT,
    "status" "PlanStatus" NOT NULL DEFAULT 'proposed',
    "decidedAt" TIMESTAMP(3),
    "appointmentAt" TIMESTAMP(3),
    "appointmentNote" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TreatmentPlan_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DocumentRequest" (
    "id" TEXT NOT NULL,
    "submissionId" TEXT NOT NULL,
    "requestedById" TEXT,
    "message" TEXT NOT NULL,
    "fulfilledAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DocumentRequest_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PartnerInvitation" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "hospitalId" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "invitedById" TEXT,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "acceptedAt" TIMESTAMP(3),
    "acceptedUserId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PartnerInvitation_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "CaseRouting_hospitalId_routedAt_idx" ON "CaseRouting"("hospitalId", "routedAt");

-- CreateIndex
CREATE INDEX "CaseRouting_status_dueAt_idx" ON "CaseRouting"("status", "dueAt");

-- CreateIndex
CREATE UNIQUE INDEX "CaseRouting_submissionId_hospitalId_key" ON "CaseRouting"("submissionId", "hospitalId");

-- CreateIndex
CREATE UNIQUE INDEX "TreatmentPlan_routingId_key" ON "TreatmentPlan"("routingId");

-- CreateIndex
CREATE INDEX "TreatmentPlan_submissionId_idx" ON "TreatmentPlan"("submissionId");

-- CreateIndex
CREATE INDEX "DocumentRequest_submissionId_createdAt_idx" ON "DocumentRequest"("submissionId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "PartnerInvitation_tokenHash_key" ON "PartnerInvitation"("tokenHash");

-- CreateIndex
CREATE INDEX "PartnerInvitation_email_idx" ON "PartnerInvitation"("email");

-- CreateIndex
CREATE INDEX "Notification_userId_readAt_idx" ON "Notification"("userId", "readAt");

-- AddForeignKey
ALTER TABLE "Notification" ADD CONSTRAINT "Notification_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CaseRouting" ADD CONSTRAINT "CaseRouting_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CaseRouting" ADD CONSTRAINT "CaseRouting_hospitalId_fkey" FOREIGN KEY ("hospitalId") REFERENCES "Hospital"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TreatmentPlan" ADD CONSTRAINT "TreatmentPlan_routingId_fkey" FOREIGN KEY ("routingId") REFERENCES "CaseRouting"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TreatmentPlan" ADD CONSTRAINT "TreatmentPlan_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DocumentRequest" ADD CONSTRAINT "DocumentRequest_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PartnerInvitation" ADD CONSTRAINT "PartnerInvitation_hospitalId_fkey" FOREIGN KEY ("hospitalId") REFERENCES "Hospital"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- At most one accepted plan per case, even under concurrent approvals.
CREATE UNIQUE INDEX "TreatmentPlan_one_accepted_per_submission" ON "TreatmentPlan"("submissionId") WHERE "status" = 'accepted';
