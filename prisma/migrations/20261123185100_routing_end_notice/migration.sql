-- AlterTable
ALTER TABLE "CaseRouting" ADD COLUMN     "endNoticeAt" TIMESTAMP(3);
