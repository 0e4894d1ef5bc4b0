import "server-only";
import * as dicomParserModule from "dicom-parser";
import type { DataSet } from "dicom-parser";
import { describeTransferSyntax, EXPLICIT_VR_BIG_ENDIAN, IMPLICIT_VR_LITTLE_ENDIAN, isUncompressed, type TransferSyntax } from "./transfer-syntax";

// dicom-parser is a UMD bundle: under Node's ESM loader its functions sit on `default`, under the bundler on the namespace.
const { parseDicom } = (dicomParserModule as unknown as { default?: typeof dicomParserModule }).default ?? dicomParserModule;

const PIXEL_DATA = "x7fe00010";
/** The first frame (and the header before it) must fit in this many bytes to be rendered. */
export const MAX_RENDER_BYTES = 64 * 1024 * 1024;

/** The bytes are not a DICOM data set we can read (missing marker, broken header, truncated elements...). */
export class DicomFormatError extends Error {
  override name = "DicomFormatError";
  constructor(readonly detail: string) {
    super("This file could not be read as DICOM.");
  }
}

export interface DicomMetadata {
  patientName: string | null;
  patientId: string | null;
  modality: string | null;
  /** ISO date (YYYY-MM-DD). */
  studyDate: string | null;
  studyDescription: string | null;
  bodyPartExamined: string | null;
  seriesDescription: string | null;
  institutionName: string | null;
  rows: number | null;
  columns: number | null;
  frames: number | null;
  photometricInterpretation: string | null;
  transferSyntax: TransferSyntax;
}

/** Why an image cannot be shown: compressed pixels need a codec we do not ship; the others are rare. */
export type NotRenderableReason = "compressed" | "unsupported_image" | "too_large" | "no_image";
export type PreviewSupport = { renderable: true; bytesNeeded: number } | { renderable: false; reason: NotRenderableReason };

/** What the renderer needs to know about the first frame's samples. */
export interface PixelLayout {
  rows: number;
  columns: number;
  samplesPerPixel: number;
  bitsAllocated: number;
  bitsStored: number;
  signed: boolean;
  photometric: string;
  planar: boolean;
  littleEndian: boolean;
  slope: number;
  intercept: number;
  windowCenter: number | null;
  windowWidth: number | null;
  /** Where the first frame starts in the file, and its length in bytes. */
  offset: number;
  frameBytes: number;
}

/**
 * Where a file sits in its study (PS3.3 C.7): the UIDs, numbers and position that index it
 * (lib/imaging/index-instance.ts). Null UIDs: the file cannot be filed as an image of a study.
 */
export interface DicomIdentity {
  studyInstanceUid: string | null;
  seriesInstanceUid: string | null;
  sopInstanceUid: string | null;
  sopClassUid: string | null;
  seriesNumber: number | null;
  instanceNumber: number | null;
  /** Slice Location, else the last value of Image Position (Patient). */
  sliceLocation: number | null;
  accessionNumber: string | null;
  /** "HHMMSS" as written (for the DICOMDIR). */
  studyTime: string | null;
  studyId: string | null;
}

export interface DicomHeader {
  metadata: DicomMetadata;
  identity: DicomIdentity;
  preview: PreviewSupport;
  layout: PixelLayout | null;
}

/**
 * Parses the header of a DICOM file from its first bytes, up to the pixel data. Returns null when
 * `bytes` is only the beginning of the file and more is needed; throws DicomFormatError when the
 * bytes cannot be DICOM (or, with the whole file, when it is broken). `fileSize` bounds what rendering may read.
 */
export function parseDicomHeader(bytes: Uint8Array, options: { complete: boolean; fileSize: number }): DicomHeader | null {
  if (bytes.length < 132 && !options.complete) return null;
  const hasPreamble = bytes.length >= 132 && String.fromCharCode(...bytes.subarray(128, 132)) === "DICM";
  if (!hasPreamble && !looksLikeRawDataSet(bytes)) throw new DicomFormatError("no DICM marker");
  let dataSet: DataSet;
  try {
    // Files without the preamble and meta header are plain data sets, which the standard encodes implicit VR little endian.
    dataSet = parseDicom(bytes, { untilTag: PIXEL_DATA, ...(hasPreamble ? {} : { TransferSyntaxUID: IMPLICIT_VR_LITTLE_ENDIAN }) });
  } catch (error) {
    if (!options.complete) return null;
    throw new DicomFormatError(describe(error));
  }
  const truncated = elementsOverrun(dataSet);
  if (truncated && !options.complete) return null;
  if (truncated) throw new DicomFormatError("an element runs past the end of the file");
  if (!dataSet.elements[PIXEL_DATA] && !options.complete) return null;

  const transferSyntax = describeTransferSyntax(hasPreamble ? (dataSet.string("x00020010") ?? "") : IMPLICIT_VR_LITTLE_ENDIAN);
  if (!transferSyntax.uid) throw new DicomFormatError("no transfer syntax");
  const metadata = readMetadata(dataSet, transferSyntax);
  const { layout, preview } = previewSupport(dataSet, transferSyntax.uid, options.fileSize);
  return { metadata, identity: readIdentity(dataSet), layout, preview };
}

function readMetadata(dataSet: DataSet, transferSyntax: TransferSyntax): DicomMetadata {
  const text = textReader(dataSet);
  return {
    patientName: formatPersonName(text("x00100010")),
    patientId: text("x00100020"),
    modality: text("x00080060"),
    studyDate: formatDicomDate(text("x00080020")),
    studyDescription: text("x00081030"),
    bodyPartExamined: text("x00180015"),
    seriesDescription: text("x0008103e"),
    institutionName: text("x00080080"),
    rows: dataSet.uint16("x00280010") ?? null,
    columns: dataSet.uint16("x00280011") ?? null,
    frames: dataSet.intString("x00280008") ?? (dataSet.elements[PIXEL_DATA] ? 1 : null),
    photometricInterpretation: dataSet.string("x00280004") ?? null,
    transferSyntax,
  };
}

function readIdentity(dataSet: DataSet): DicomIdentity {
  const text = textReader(dataSet);
  const uid = (tag: string) => text(tag)?.replace(/\0/g, "") || null;
  const integer = (tag: string) => {
    const value = Number.parseInt(text(tag) ?? "", 10);
    return Number.isSafeInteger(value) && Math.abs(value) <= 2 ** 31 - 1 ? value : null;
  };
  const decimal = (value: string | null | undefined) => {
    const number = value === null || value === undefined || value.trim() === "" ? NaN : Number(value);
    return Number.isFinite(number) ? number : null;
  };
  const position = text("x00200032")?.split("\\") ?? [];
  return {
    studyInstanceUid: uid("x0020000d"),
    seriesInstanceUid: uid("x0020000e"),
    sopInstanceUid: uid("x00080018") ?? uid("x00020003"),
    sopClassUid: uid("x00080016") ?? uid("x00020002"),
    seriesNumber: integer("x00200011"),
    instanceNumber: integer("x00200013"),
    sliceLocation: decimal(text("x00201041")) ?? (position.length === 3 ? decimal(position[2]) : null),
    accessionNumber: text("x00080050"),
    studyTime: text("x00080030"),
    studyId: text("x00200010"),
  };
}

/** Text values in the file's character set: UTF-8 when it says ISO_IR 192, else Latin-1 (the default repertoire is ASCII). */
function textReader(dataSet: DataSet) {
  const utf8 = (dataSet.string("x00080005") ?? "").includes("ISO_IR 192");
  const decoder = new TextDecoder(utf8 ? "utf-8" : "latin1");
  return (tag: string): string | null => {
    const element = dataSet.elements[tag];
    if (!element || !element.length || element.hadUndefinedLength) return null;
    const value = decoder
      .decode(dataSet.byteArray.subarray(element.dataOffset, element.dataOffset + element.length))
      .replace(/[\0\s]+$/, "")
      .trim();
    return value || null;
  };
}

/** DICOM person names are "Family^Given^Middle^Prefix^Suffix" (then "=" ideographic and phonetic forms): "Doe^John" → "John Doe". */
export function formatPersonName(value: string | null): string | null {
  if (!value) return null;
  const group = value.split("=").find((part) => part.replace(/\^/g, "").trim()) ?? "";
  const [family = "", given = "", middle = "", prefix = "", suffix = ""] = group.split("^").map((part) => part.trim());
  const name = [prefix, given, middle, family, suffix].filter(Boolean).join(" ");
  return name || null;
}

/** DICOM dates are YYYYMMDD (older files: YYYY.MM.DD); anything else that is not a real date → null. */
export function formatDicomDate(value: string | null): string | null {
  const match = value?.trim().match(/^(\d{4})\.?(\d{2})\.?(\d{2})$/);
  if (!match) return null;
  const iso = `${match[1]}-${match[2]}-${match[3]}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(iso) ? iso : null;
}

function previewSupport(dataSet: DataSet, transferSyntax: string, fileSize: number): { layout: PixelLayout | null; preview: PreviewSupport } {
  const pixels = dataSet.elements[PIXEL_DATA];
  const notRenderable = (reason: NotRenderableReason) => ({ layout: null, preview: { renderable: false as const, reason } });
  if (!pixels) return notRenderable("no_image");
  if (!isUncompressed(transferSyntax) || pixels.hadUndefinedLength) return notRenderable("compressed");

  const rows = dataSet.uint16("x00280010") ?? 0;
  const columns = dataSet.uint16("x00280011") ?? 0;
  const samplesPerPixel = dataSet.uint16("x00280002") ?? 1;
  const bitsAllocated = dataSet.uint16("x00280100") ?? 0;
  const bitsStored = dataSet.uint16("x00280101") ?? bitsAllocated;
  const photometric = (dataSet.string("x00280004") ?? "").toUpperCase();
  const monochrome = (photometric === "MONOCHROME1" || photometric === "MONOCHROME2") && samplesPerPixel === 1 && (bitsAllocated === 8 || bitsAllocated === 16);
  const rgb = photometric === "RGB" && samplesPerPixel === 3 && bitsAllocated === 8;
  if (!rows || !columns || (!monochrome && !rgb) || bitsStored < 1 || bitsStored > bitsAllocated) return notRenderable("unsupported_image");

  const frameBytes = rows * columns * samplesPerPixel * (bitsAllocated / 8);
  const bytesNeeded = pixels.dataOffset + frameBytes;
  if (pixels.length < frameBytes || bytesNeeded > fileSize) return notRenderable("no_image");
  if (bytesNeeded > MAX_RENDER_BYTES) return notRenderable("too_large");

  const slope = dataSet.floatString("x00281053");
  const windowWidth = dataSet.floatString("x00281051", 0);
  const windowCenter = dataSet.floatString("x00281050", 0);
  const hasWindow =
    windowWidth !== undefined && windowCenter !== undefined && Number.isFinite(windowWidth) && Number.isFinite(windowCenter) && windowWidth >= 1;
  const layout: PixelLayout = {
    rows,
    columns,
    samplesPerPixel,
    bitsAllocated,
    bitsStored,
    signed: dataSet.uint16("x00280103") === 1,
    photometric,
    planar: dataSet.uint16("x00280006") === 1,
    littleEndian: transferSyntax !== EXPLICIT_VR_BIG_ENDIAN,
    slope: slope !== undefined && Number.isFinite(slope) && slope !== 0 ? slope : 1,
    intercept: finiteOr(dataSet.floatString("x00281052"), 0),
    windowCenter: hasWindow ? windowCenter : null,
    windowWidth: hasWindow ? windowWidth : null,
    offset: pixels.dataOffset,
    frameBytes,
  };
  return { layout, preview: { renderable: true, bytesNeeded } };
}

const finiteOr = (value: number | undefined, fallback: number) => (value !== undefined && Number.isFinite(value) ? value : fallback);

/** An element (other than the pixel data we stop at) whose value lies beyond the bytes we have, or a sequence cut short. */
function elementsOverrun(dataSet: DataSet): boolean {
  const end = dataSet.byteArray.length;
  for (const element of Object.values(dataSet.elements)) {
    if (element.tag === PIXEL_DATA || element.hadUndefinedLength) continue;
    if (element.dataOffset + element.length > end) return true;
  }
  return dataSet.warnings.some((warning) => /eof|end of buffer|overrun/i.test(warning));
}

/** Old files without preamble or meta header start straight with a group 0008 element. */
function looksLikeRawDataSet(bytes: Uint8Array): boolean {
  return bytes.length >= 8 && bytes[0] === 0x08 && bytes[1] === 0x00 && bytes[3] === 0x00;
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === "string") return error;
  if (error && typeof error === "object" && "exception" in error) return describe((error as { exception: unknown }).exception);
  return "unreadable";
}
