-- AlterEnum
ALTER TYPE "NotificationType" ADD VALUE 'case_ended';
