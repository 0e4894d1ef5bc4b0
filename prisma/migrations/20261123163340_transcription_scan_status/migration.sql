-- AlterTable
ALTER TABLE "Transcription" ADD COLUMN     "scanSignature" TEXT,
ADD COLUMN     "scanStatus" "ScanStatus" NOT NULL DEFAULT 'not_scanned',
ADD COLUMN     "scannedAt" TIMESTAMP(3);

-- Rows scanned before this column existed kept their state in the status reason and storage key.
UPDATE "Transcription" SET "scanStatus" = 'pending'
  WHERE "status" = 'queued' AND "statusReason" = 'Waiting for the malware scan before transcription.' AND "storageKey" IS NOT NULL;
UPDATE "Transcription" SET "scanStatus" = 'infected' WHERE "storageKey" LIKE 'quarantine/%';
