/**
 * Recognises a file's real type from its first bytes, never from the browser's claim. Returns null
 * for anything we do not accept (executables, office documents, videos, ...).
 */
export type SniffedType =
  | { kind: "pdf"; mimeType: "application/pdf" }
  | { kind: "jpeg"; mimeType: "image/jpeg" }
  | { kind: "png"; mimeType: "image/png" }
  | { kind: "heic"; mimeType: "image/heic" | "image/heif" }
  | { kind: "dicom"; mimeType: "application/dicom" }
  | { kind: "zip"; mimeType: "application/zip" }
  | { kind: "text"; mimeType: "text/plain" }
  | { kind: "audio"; mimeType: "audio/mpeg" | "audio/wav" | "audio/mp4" | "audio/ogg" | "audio/webm" };

/** How many leading bytes sniffing needs (DICOM's marker sits at offset 128). */
export const SNIFF_BYTES = 4096;

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) => signature.every((byte, i) => bytes[offset + i] === byte);
const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));

const HEIC_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis"]);
const HEIF_BRANDS = new Set(["mif1", "msf1", "heif"]);
const MP4_AUDIO_BRANDS = new Set(["M4A ", "M4B ", "mp41", "mp42", "isom", "iso2", "dash", "MSNV", "3gp4", "3gp5", "3g2a"]);

/** What a patient may send as medical records: PDF, JPEG, PNG, HEIC/HEIF, DICOM, ZIP (a CD's contents), plain text. */
export const recordKinds: ReadonlySet<SniffedType["kind"]> = new Set(["pdf", "jpeg", "png", "heic", "dicom", "zip", "text"]);

/** What the staff transcription center transcribes: audio, PDF, JPEG and PNG images, DICOM. */
export const transcriptionFileKinds: ReadonlySet<SniffedType["kind"]> = new Set(["audio", "pdf", "jpeg", "png", "dicom"]);

export function sniff(head: Uint8Array, fileName: string): SniffedType | null {
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return { kind: "pdf", mimeType: "application/pdf" }; // %PDF-
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { kind: "jpeg", mimeType: "image/jpeg" };
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { kind: "png", mimeType: "image/png" };
  if (head.length >= 132 && ascii(head, 128, 132) === "DICM") return { kind: "dicom", mimeType: "application/dicom" };
  // Old DICOM files without the 128-byte preamble start straight with a group 0002 or 0008 tag.
  if (/\.dcm$/i.test(fileName) && head.length >= 8 && (startsWith(head, [0x02, 0x00]) || startsWith(head, [0x08, 0x00])) && head[3] === 0x00)
    return { kind: "dicom", mimeType: "application/dicom" };
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) return { kind: "zip", mimeType: "application/zip" };
  if (head.length >= 12 && ascii(head, 4, 8) === "ftyp") {
    const brand = ascii(head, 8, 12);
    if (HEIC_BRANDS.has(brand)) return { kind: "heic", mimeType: "image/heic" };
    if (HEIF_BRANDS.has(brand)) return { kind: "heic", mimeType: "image/heif" };
    if (MP4_AUDIO_BRANDS.has(brand)) return { kind: "audio", mimeType: "audio/mp4" };
  }
  if (startsWith(head, [0x49, 0x44, 0x33]) || (head[0] === 0xff && (head[1] & 0xe0) === 0xe0)) return { kind: "audio", mimeType: "audio/mpeg" }; // ID3 or MPEG frame sync
  if (ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 12) === "WAVE") return { kind: "audio", mimeType: "audio/wav" };
  // Ogg (WhatsApp voice notes: Opus); which codec it carries is the speech engine's concern.
  if (ascii(head, 0, 4) === "OggS") return { kind: "audio", mimeType: "audio/ogg" };
  // WebM (a browser's MediaRecorder): an EBML header whose DocType is "webm".
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3]) && ascii(head, 4, Math.min(head.length, 64)).includes("webm"))
    return { kind: "audio", mimeType: "audio/webm" };
  if (looksLikeText(head)) return { kind: "text", mimeType: "text/plain" };
  return null;
}

/** UTF-8 without control characters other than tab, CR, LF and form feed. */
function looksLikeText(head: Uint8Array): boolean {
  if (head.length === 0) return false;
  // The sample may end in the middle of a multi-byte character: ignore up to 3 trailing bytes.
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(trimPartialCharacter(head));
  } catch {
    return false;
  }
  return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
}

function trimPartialCharacter(bytes: Uint8Array): Uint8Array {
  let end = bytes.length;
  for (let back = 1; back <= 3 && end - back >= 0; back++) {
    const byte = bytes[end - back];
    if ((byte & 0xc0) === 0x80) continue; // continuation byte
    const expected = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    if (expected > back) end -= back;
    break;
  }
  return bytes.subarray(0, end);
}

/** HEIC/HEIF photos (iPhones): most browsers cannot show them, so their previews are JPEGs made by the server. */
export const HEIC_MIME_TYPES: readonly string[] = ["image/heic", "image/heif"];
export const isHeic = (mimeType: string) => HEIC_MIME_TYPES.includes(mimeType);

/** How the admin dashboard shows a file (icon and preview), from its sniffed type. DICOM is "other" for now. */
export type FileKind = "image" | "pdf" | "text" | "other";

export function fileKind(mimeType: string): FileKind {
  if (mimeType === "image/jpeg" || mimeType === "image/png" || isHeic(mimeType)) return "image";
  if (mimeType === "application/pdf") return "pdf";
  if (mimeType === "text/plain") return "text";
  return "other";
}
