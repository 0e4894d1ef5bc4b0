import { z } from "zod";
import { studyUidSchema } from "./imaging";
import { MAX_STUDIES_PER_CASE, MAX_STUDY_IMAGES } from "./imaging-limits";

/*
 * Resumable uploads (tus, at UPLOADS_PATH: ./uploads-path.ts): a submission first announces its files
 * (name and size), which answers one upload per file; each is then sent on its own, resumed from the last
 * byte the server acknowledged.
 */

/** How long an announced upload may take before it is given up (and its bytes deleted). */
export const UPLOAD_EXPIRY_HOURS = 24;

export const announcedFileSchema = z.object({
  name: z.string().trim().min(1, "file_name_required").max(255, "file_name_too_long"),
  size: z.number().int().nonnegative(),
  /**
   * An imaging (DICOM) file: the Study Instance UID the browser read from its header. Such files count
   * against the per-study limits (lib/contracts/imaging.ts) instead of the case's 50 ordinary files,
   * and the server refuses one whose first bytes are not DICOM.
   */
  study: studyUidSchema.optional(),
});
export type AnnouncedFile = z.infer<typeof announcedFileSchema>;

/** Bounded before any limit is counted: 50 ordinary files and the imaging of MAX_STUDIES_PER_CASE full studies. */
export const MAX_ANNOUNCED_FILES = 50 + MAX_STUDIES_PER_CASE * MAX_STUDY_IMAGES;
/** An announcement's JSON body may be this large (a CD's few thousand files, each with its name, size and study). */
export const MAX_ANNOUNCEMENT_JSON_BYTES = 4 * 1024 * 1024;
export const announcedFilesSchema = z.array(announcedFileSchema, "records_required").min(1, "records_required").max(MAX_ANNOUNCED_FILES, "too_many_files");

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
