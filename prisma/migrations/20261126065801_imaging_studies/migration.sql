-- CreateTable
CREATE TABLE "ImagingStudy" (
    "id" TEXT NOT NULL,
    "submissionId" TEXT NOT NULL,
    "studyInstanceUid" TEXT NOT NULL,
    "studyDate" TEXT,
    "description" TEXT,
    "accessionNumber" TEXT,
    "patientName" TEXT,
    "patientId" TEXT,
    "institutionName" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ImagingStudy_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ImagingSeries" (
    "id" TEXT NOT NULL,
    "studyId" TEXT NOT NULL,
    "seriesInstanceUid" TEXT NOT NULL,
    "seriesNumber" INTEGER,
    "modality" TEXT,
    "bodyPart" TEXT,
    "description" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ImagingSeries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ImagingInstance" (
    "id" TEXT NOT NULL,
    "seriesId" TEXT NOT NULL,
    "fileId" TEXT NOT NULL,
    "sopInstanceUid" TEXT NOT NULL,
    "instanceNumber" INTEGER,
    "frames" INTEGER NOT NULL DEFAULT 1,
    "sliceLocation" DOUBLE PRECISION,
    "transferSyntaxUid" TEXT NOT NULL,
    "rows" INTEGER,
    "columns" INTEGER,

    CONSTRAINT "ImagingInstance_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ImagingStudy_submissionId_studyInstanceUid_key" ON "ImagingStudy"("submissionId", "studyInstanceUid");

-- CreateIndex
CREATE UNIQUE INDEX "ImagingSeries_studyId_seriesInstanceUid_key" ON "ImagingSeries"("studyId", "seriesInstanceUid");

-- CreateIndex
CREATE UNIQUE INDEX "ImagingInstance_fileId_key" ON "ImagingInstance"("fileId");

-- CreateIndex
CREATE INDEX "ImagingInstance_sopInstanceUid_idx" ON "ImagingInstance"("sopInstanceUid");

-- CreateIndex
CREATE UNIQUE INDEX "ImagingInstance_seriesId_sopInstanceUid_key" ON "ImagingInstance"("seriesId", "sopInstanceUid");

-- AddForeignKey
ALTER TABLE "ImagingStudy" ADD CONSTRAINT "ImagingStudy_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ImagingSeries" ADD CONSTRAINT "ImagingSeries_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "ImagingStudy"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ImagingInstance" ADD CONSTRAINT "ImagingInstance_seriesId_fkey" FOREIGN KEY ("seriesId") REFERENCES "ImagingSeries"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ImagingInstance" ADD CONSTRAINT "ImagingInstance_fileId_fkey" FOREIGN KEY ("fileId") REFERENCES "SubmissionFile"("id") ON DELETE CASCADE ON UPDATE CASCADE;
