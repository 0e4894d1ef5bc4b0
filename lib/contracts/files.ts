import { z } from "zod";
import { isHeic } from "./file-types";

/** Where a browser shows the file itself (a tab, a frame, an img): HEIC as its JPEG preview, the rest as stored. */
export function inlineFileUrl(file: { id: string; mimeType: string }): string {
  return isHeic(file.mimeType) ? `/api/files/${file.id}/heic-preview` : `/api/files/${file.id}?disposition=inline`;
}

/** The type upload sniffing gives DICOM files (lib/contracts/file-types.ts); safe to import in the browser. */
export const DICOM_MIME_TYPE = "application/dicom";

/** A stored file as every case reader gets it (admin, partner, patient). */
export const fileViewSchema = z.object({
  id: z.string(),
  originalName: z.string(),
  size: z.number(),
  mimeType: z.string(),
  createdAt: z.string(),
  /** The bytes were deleted (retention after 180 days): listed, but no longer downloadable. */
  deleted: z.boolean().optional(),
});
export type FileView = z.infer<typeof fileViewSchema>;

/** GET /api/files/[id]/dicom: the header of a stored DICOM file, and whether its first image can be previewed. */
export const dicomNotRenderableReasons = ["compressed", "unsupported_image", "too_large", "no_image"] as const;
export const dicomMetadataSchema = z.object({
  fileId: z.string(),
  name: z.string(),
  patientName: z.string().nullable(),
  patientId: z.string().nullable(),
  modality: z.string().nullable(),
  /** ISO date (YYYY-MM-DD). */
  studyDate: z.string().nullable(),
  studyDescription: z.string().nullable(),
  bodyPartExamined: z.string().nullable(),
  seriesDescription: z.string().nullable(),
  institutionName: z.string().nullable(),
  rows: z.number().nullable(),
  columns: z.number().nullable(),
  frames: z.number().nullable(),
  photometricInterpretation: z.string().nullable(),
  transferSyntax: z.object({ uid: z.string(), name: z.string() }),
  preview: z.discriminatedUnion("renderable", [
    z.object({ renderable: z.literal(true) }),
    z.object({ renderable: z.literal(false), reason: z.enum(dicomNotRenderableReasons) }),
  ]),
});
export type StoredDicomMetadata = z.infer<typeof dicomMetadataSchema>;

/** POST /api/files/[id]/signed-link: a short-lived link to the file that works without a session. */
export const signedLinkSchema = z.object({ url: z.string(), expiresIn: z.number() });
export type SignedLink = z.infer<typeof signedLinkSchema>;
