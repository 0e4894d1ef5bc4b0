-- AlterTable
ALTER TABLE "ConsentRecord" ADD COLUMN     "usedAt" TIMESTAMP(3);

-- Consents already linked to an upload are used.
UPDATE "ConsentRecord" SET "usedAt" = "createdAt" WHERE "transcriptionId" IS NOT NULL;
