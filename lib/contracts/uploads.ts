import { z } from "zod";

/**
 * Resumable uploads (tus, at /api/uploads): a submission first announces its files (name and size),
 * which answers one upload per file; each is then sent on its own, resumed from the last byte the
 * server acknowledged.
 */
export const UPLOADS_PATH = "/api/uploads";

/** How long an announced upload may take before it is given up (and its bytes deleted). */
export const UPLOAD_EXPIRY_HOURS = 24;

export const announcedFileSchema = z.object({
  name: z.string().trim().min(1, "file_name_required").max(255, "file_name_too_long"),
  size: z.number().int().nonnegative(),
});
export type AnnouncedFile = z.infer<typeof announcedFileSchema>;

export const announcedFilesSchema = z.array(announcedFileSchema, "records_required").min(1, "records_required");

export const uploadStates = ["waiting", "complete", "refused", "expired"] as const;
export type UploadState = (typeof uploadStates)[number];

/** One announced file, as its uploader sees it. */
export const uploadViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number(),
  receivedBytes: z.number(),
  state: z.enum(uploadStates),
  expiresAt: z.string(),
});
export type UploadView = z.infer<typeof uploadViewSchema>;

/** POST /api/my-submissions/<id>/uploads: more files for an existing case. */
export const announceFilesBodySchema = z.object({ files: announcedFilesSchema });
export const announcedUploadsSchema = z.object({ uploads: z.array(uploadViewSchema) });

/** The metadata the browser sends with each upload's creation (tus Upload-Metadata). */
export const uploadMetadataSchema = z.object({ uploadId: z.string().regex(/^[0-9a-f]{32}$/), filename: z.string().optional() });
