-- AlterTable
ALTER TABLE "user" ADD COLUMN     "emailLocale" TEXT NOT NULL DEFAULT 'en';
