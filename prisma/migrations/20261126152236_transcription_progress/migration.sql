-- AlterTable
ALTER TABLE "Transcription" ADD COLUMN     "progressDone" INTEGER,
ADD COLUMN     "progressTotal" INTEGER;
