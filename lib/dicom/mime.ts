/** The type upload sniffing gives DICOM files (lib/uploads/sniff.ts); safe to import in the browser. */
export const DICOM_MIME_TYPE = "application/dicom";
