import { useMemo, useSyncExternalStore } from "react";
import type { UploadView } from "@/lib/contracts/uploads";

/*
 * The files of a submission still on their way, remembered in this browser so that after a reload or
 * a closed tab the page can offer to continue them: the patient picks the same files again (a web page
 * cannot reopen a file by itself), each is recognised by name, size and date, and continues from the
 * last byte the server has.
 */
const KEY = "afyabridge.pendingUploads";
const CHANGED = "afyabridge:pending-uploads";

function parse(raw: string | null): PendingSubmission | null {
  try {
    const value = JSON.parse(raw ?? "null") as PendingSubmission | null;
    return value && Array.isArray(value.files) && value.files.length > 0 ? value : null;
  } catch {
    return null;
  }
}

function write(value: PendingSubmission | null): void {
  if (value) localStorage.setItem(KEY, JSON.stringify(value));
  else localStorage.removeItem(KEY);
  window.dispatchEvent(new Event(CHANGED));
}

function subscribe(changed: () => void): () => void {
  window.addEventListener("storage", changed);
  window.addEventListener(CHANGED, changed);
  return () => {
    window.removeEventListener("storage", changed);
    window.removeEventListener(CHANGED, changed);
  };
}

/** The submission of this browser whose files have not all arrived (none while rendering on the server). */
export function usePendingSubmission(): PendingSubmission | null {
  const raw = useSyncExternalStore(
    subscribe,
    () => localStorage.getItem(KEY),
    () => null,
  );
  return useMemo(() => parse(raw), [raw]);
}

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

function readPendingSubmission(): PendingSubmission | null {
  return parse(localStorage.getItem(KEY));
}

export function rememberPendingSubmission(
  submission: { id: string; trackingNumber: string },
  uploads: UploadView[],
  files: { name: string; size: number; lastModified?: number }[],
): void {
  const pending: PendingFile[] = uploads.map((upload, index) => ({
    uploadId: upload.id,
    name: upload.name,
    size: upload.size,
    lastModified: files[index]?.lastModified,
  }));
  write({ submissionId: submission.id, trackingNumber: submission.trackingNumber, files: pending });
}

/** One file arrived (or was given up): it is no longer offered; the record goes with the last one. */
export function forgetPendingFile(uploadId: string): void {
  const pending = readPendingSubmission();
  if (!pending) return;
  const files = pending.files.filter((file) => file.uploadId !== uploadId);
  write(files.length === 0 ? null : { ...pending, files });
}

/** The pending file a newly chosen file is (same name and size, and same date when both are known). */
export function matchPendingFile(files: PendingFile[], chosen: { name: string; size: number; lastModified?: number }): PendingFile | undefined {
  return files.find(
    (file) =>
      file.name === chosen.name &&
      file.size === chosen.size &&
      (file.lastModified === undefined || chosen.lastModified === undefined || file.lastModified === chosen.lastModified),
  );
}
