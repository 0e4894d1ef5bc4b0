import type { UploadView } from "@/lib/contracts/uploads";

/*
 * The files of a submission still on their way, remembered in this browser so that after a reload or
 * a closed tab the page can offer to continue them: the patient picks the same files again (a web page
 * cannot reopen a file by itself), each is recognised by name, size and date, and continues from the
 * last byte the server has.
 */
const KEY = "afyabridge.pendingUploads";

export interface PendingFile {
  uploadId: string;
  name: string;
  size: number;
  lastModified?: number;
}

export interface PendingSubmission {
  submissionId: string;
  trackingNumber: string;
  files: PendingFile[];
}

export function readPendingSubmission(): PendingSubmission | null {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? "null") as PendingSubmission | null;
    return value && Array.isArray(value.files) && value.files.length > 0 ? value : null;
  } catch {
    return null;
  }
}

export function rememberPendingSubmission(submission: { id: string; trackingNumber: string }, uploads: UploadView[], files: { name: string; size: number; lastModified?: number }[]): void {
  const pending: PendingFile[] = uploads.map((upload, index) => ({ uploadId: upload.id, name: upload.name, size: upload.size, lastModified: files[index]?.lastModified }));
  localStorage.setItem(KEY, JSON.stringify({ submissionId: submission.id, trackingNumber: submission.trackingNumber, files: pending }));
}

/** One file arrived (or was given up): it is no longer offered; the record goes with the last one. */
export function forgetPendingFile(uploadId: string): void {
  const pending = readPendingSubmission();
  if (!pending) return;
  const files = pending.files.filter((file) => file.uploadId !== uploadId);
  if (files.length === 0) localStorage.removeItem(KEY);
  else localStorage.setItem(KEY, JSON.stringify({ ...pending, files }));
}

/** The pending file a newly chosen file is (same name and size, and same date when both are known). */
export function matchPendingFile(files: PendingFile[], chosen: { name: string; size: number; lastModified?: number }): PendingFile | undefined {
  return files.find(
    (file) => file.name === chosen.name && file.size === chosen.size && (file.lastModified === undefined || chosen.lastModified === undefined || file.lastModified === chosen.lastModified),
  );
}
