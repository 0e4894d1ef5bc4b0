-- CreateTable
CREATE TABLE "PasswordSignInLock" (
    "key" TEXT NOT NULL,
    "failures" INTEGER NOT NULL,
    "windowStart" TIMESTAMP(3) NOT NULL,
    "lockedUntil" TIMESTAMP(3),

    CONSTRAINT "PasswordSignInLock_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "PasswordSignInLock_windowStart_idx" ON "PasswordSignInLock"("windowStart");
