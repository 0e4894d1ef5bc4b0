import "server-only";
import type { UploadState, UploadView } from "@/lib/contracts/uploads";

/** An Upload row as its uploader sees it (the fields to select, and the view). */
type UploadRow = { id: string; fileName: string; size: bigint; receivedBytes: bigint; completedAt: Date | null; failure: string | null; expiresAt: Date };
export const uploadViewFields = { id: true, fileName: true, size: true, receivedBytes: true, completedAt: true, failure: true, expiresAt: true } as const;

export function toUploadView(row: UploadRow): UploadView {
  const state: UploadState = row.completedAt ? "complete" : row.failure === "upload_expired" ? "expired" : row.failure ? "refused" : "waiting";
  return {
    id: row.id,
    name: row.fileName,
    size: Number(row.size),
    receivedBytes: Number(row.receivedBytes),
    state,
    expiresAt: row.expiresAt.toISOString(),
  };
}
