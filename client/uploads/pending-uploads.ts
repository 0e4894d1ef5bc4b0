import { useMemo, useSyncExternalStore } from "react";
import type { UploadView } from "@/lib/contracts/uploads";

/*
 * The files of a submission still on their way, remembered in this browser so that after a reload or
 * a closed tab the page can offer to continue them: the patient picks the same files again (a web page
 * cannot reopen a file by itself), each is recognised by name, size and date, and continues from the
 * last byte the server has.
 */
export const PENDING_UPLOADS_KEY = "afyabridge.pendingUploads";
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
  if (value) localStorage.setItem(PENDING_UPLOADS_KEY, JSON.stringify(value));
  else localStorage.removeItem(PENDING_UPLOADS_KEY);
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
    () => localStorage.getItem(PENDING_UPLOADS_KEY),
    () => null,
  );
  return useMemo(() => parse(raw), [raw]);
}

export interface PendingFile {
  uploadId: string;
  name: string;
  size: number;
  lastModified?: number;
  /** SHA-256 of the file's first 64 KiB (where the browser can compute it): the same name and size is not enough. */
  fingerprint?: string;
  /** The series an image belongs to, so that a CD's missing images are offered as their series, not one by one. */
  group?: { key: string; label: string };
}

export interface PendingSubmission {
  submissionId: string;
  trackingNumber: string;
  files: PendingFile[];
}

function readPendingSubmission(): PendingSubmission | null {
  return parse(localStorage.getItem(PENDING_UPLOADS_KEY));
}

const FINGERPRINT_BYTES = 64 * 1024;

/** The fingerprint of a file, or undefined where the browser has no Web Crypto (a page not served over https). */
export async function fingerprintOf(file: Blob): Promise<string | undefined> {
  if (typeof crypto === "undefined" || !crypto.subtle) return undefined;
  const digest = await crypto.subtle.digest("SHA-256", await file.slice(0, FINGERPRINT_BYTES).arrayBuffer());
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Remembers the announced files of a new case (in the order announced), each with its date, fingerprint and series, until they arrive. */
export async function rememberPendingSubmission(
  submission: { id: string; trackingNumber: string },
  uploads: UploadView[],
  items: { file: File; group?: PendingFile["group"] }[],
): Promise<void> {
  const pending: PendingFile[] = await Promise.all(
    uploads.map(async (upload, index) => {
      const item = items[index];
      return {
        uploadId: upload.id,
        // The name as the browser gives it (the server keeps a cleaned one), so that picking the file again matches.
        name: item?.file.name ?? upload.name,
        size: upload.size,
        lastModified: item?.file.lastModified,
        fingerprint: item ? await fingerprintOf(item.file) : undefined,
        group: item?.group,
      };
    }),
  );
  write({ submissionId: submission.id, trackingNumber: submission.trackingNumber, files: pending });
}

/** One file arrived (or was given up): it is no longer offered; the record goes with the last one. */
export function forgetPendingFile(uploadId: string): void {
  const pending = readPendingSubmission();
  if (!pending) return;
  const files = pending.files.filter((file) => file.uploadId !== uploadId);
  write(files.length === 0 ? null : { ...pending, files });
}

/** The pending file a newly chosen file is: same name and size, and same date and fingerprint where they are known. */
export async function matchPendingFile(files: PendingFile[], chosen: File): Promise<PendingFile | undefined> {
  const candidates = files.filter(
    (file) => file.name === chosen.name && file.size === chosen.size && (file.lastModified === undefined || file.lastModified === chosen.lastModified),
  );
  if (!candidates.some((file) => file.fingerprint)) return candidates[0];
  const fingerprint = await fingerprintOf(chosen);
  return candidates.find((file) => !file.fingerprint || !fingerprint || file.fingerprint === fingerprint);
}
