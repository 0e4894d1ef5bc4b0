-- CreateTable
CREATE TABLE "UsedTotpCode" (
    "userId" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "usedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "UsedTotpCode_pkey" PRIMARY KEY ("userId","code")
);

-- CreateIndex
CREATE INDEX "UsedTotpCode_usedAt_idx" ON "UsedTotpCode"("usedAt");
