-- AlterTable
ALTER TABLE "CaseRouting" ADD COLUMN     "coordinatorNote" TEXT;
