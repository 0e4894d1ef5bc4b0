import { z } from "zod";

/** How the admin dashboard shows a file (icon and preview), from its sniffed type. DICOM is "other" for now. */
export type FileKind = "image" | "pdf" | "text" | "other";

export function fileKind(mimeType: string): FileKind {
  if (mimeType === "image/jpeg" || mimeType === "image/png") return "image";
  if (mimeType === "application/pdf") return "pdf";
  if (mimeType === "text/plain") return "text";
  return "other";
}
/** The type upload sniffing gives DICOM files (lib/uploads/sniff.ts); safe to import in the browser. */
export const DICOM_MIME_TYPE = "application/dicom";

/** Answer of POST /api/files/{id}/signed-link: a short-lived link to the file and its lifetime in seconds. */
export const signedLinkSchema = z.object({ url: z.string(), expiresIn: z.number() });
export type SignedLink = z.infer<typeof signedLinkSchema>;
