-- An upload whose instance the case already holds (same SOP Instance UID) completes pointing at the
-- existing file: several uploads may now point at one file.
DROP INDEX "Upload_fileId_key";

-- CreateIndex
CREATE INDEX "Upload_fileId_idx" ON "Upload"("fileId");

-- The SOP Class of each instance, for the DICOMDIR of a study's zip.
ALTER TABLE "ImagingInstance" ADD COLUMN "sopClassUid" TEXT;
