-- AlterTable
ALTER TABLE "Submission" ALTER COLUMN "consentVersion" DROP DEFAULT;
