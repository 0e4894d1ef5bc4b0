import "server-only";
/** Transfer syntaxes (how a DICOM file encodes its data set and pixels), with the names of DICOM part 6. */
export const IMPLICIT_VR_LITTLE_ENDIAN = "1.2.840.10008.1.2";
export const EXPLICIT_VR_LITTLE_ENDIAN = "1.2.840.10008.1.2.1";
export const EXPLICIT_VR_BIG_ENDIAN = "1.2.840.10008.1.2.2";

const NAMES: Record<string, string> = {
  [IMPLICIT_VR_LITTLE_ENDIAN]: "Implicit VR Little Endian",
  [EXPLICIT_VR_LITTLE_ENDIAN]: "Explicit VR Little Endian",
  "1.2.840.10008.1.2.1.99": "Deflated Explicit VR Little Endian",
  [EXPLICIT_VR_BIG_ENDIAN]: "Explicit VR Big Endian",
  "1.2.840.10008.1.2.4.50": "JPEG Baseline (Process 1)",
  "1.2.840.10008.1.2.4.51": "JPEG Extended (Process 2 & 4)",
  "1.2.840.10008.1.2.4.57": "JPEG Lossless, Non-Hierarchical (Process 14)",
  "1.2.840.10008.1.2.4.70": "JPEG Lossless, First-Order Prediction",
  "1.2.840.10008.1.2.4.80": "JPEG-LS Lossless",
  "1.2.840.10008.1.2.4.81": "JPEG-LS Lossy (Near-Lossless)",
  "1.2.840.10008.1.2.4.90": "JPEG 2000 (Lossless Only)",
  "1.2.840.10008.1.2.4.91": "JPEG 2000",
  "1.2.840.10008.1.2.4.100": "MPEG-2 Main Profile",
  "1.2.840.10008.1.2.4.102": "MPEG-4 AVC/H.264 High Profile",
  "1.2.840.10008.1.2.4.201": "High-Throughput JPEG 2000 (Lossless Only)",
  "1.2.840.10008.1.2.4.203": "High-Throughput JPEG 2000",
  "1.2.840.10008.1.2.5": "RLE Lossless",
};

export interface TransferSyntax {
  uid: string;
  name: string;
}

export function describeTransferSyntax(uid: string): TransferSyntax {
  return { uid, name: NAMES[uid] ?? "Unknown transfer syntax" };
}

/** Pixels stored as plain samples, which we can render ourselves; everything else (JPEG, RLE, deflate...) needs a codec. */
export function isUncompressed(uid: string): boolean {
  return uid === IMPLICIT_VR_LITTLE_ENDIAN || uid === EXPLICIT_VR_LITTLE_ENDIAN || uid === EXPLICIT_VR_BIG_ENDIAN;
}
