import "server-only";
import type { Prisma } from "@/lib/db/generated/client";
import type { SessionUser } from "@/lib/auth/session-user";
import { caseReadableBy, caseUploadedBy } from "./cases";

/**
 * Which files a viewer may open, as a query condition (other people's files are simply "not found"):
 * the files of a case they may read (caseReadableBy) whose bytes still exist. Deleted bytes
 * (retention, account deletion) and quarantined files cannot be opened by anyone; a file not yet
 * scanned for malware only by its uploader (the owner, or the guest tracking their own case).
 * Null when the viewer may read no case at all.
 */
export function fileReadableBy(user: SessionUser | null, trackedSubmissionId: string | null): Prisma.SubmissionFileWhereInput | null {
  const submission = caseReadableBy(user, trackedSubmissionId);
  if (!submission) return null;
  const uploader = caseUploadedBy(user, trackedSubmissionId);
  return {
    submission,
    storageKey: { not: null },
    OR: [{ scanStatus: { in: ["not_scanned", "clean"] } }, ...(uploader ? [{ scanStatus: "pending" as const, submission: uploader }] : [])],
  };
}
