import "server-only";
/**
 * DICOM for previews and transcription: header metadata (patient, study, series, transfer syntax) and
 * a PNG of the first frame of uncompressed greyscale or RGB images. Compressed pixel data (JPEG,
 * JPEG 2000, RLE...) is reported as not renderable; its metadata is still read.
 */
export { DicomFormatError, formatDicomDate, formatPersonName, MAX_RENDER_BYTES, parseDicomHeader } from "./parse";
export type { DicomHeader, DicomIdentity, DicomMetadata, NotRenderableReason, PixelLayout, PreviewSupport } from "./parse";
export { readDicomHeader } from "./read";
export { describeTransferSyntax, isUncompressed, type TransferSyntax } from "./transfer-syntax";
