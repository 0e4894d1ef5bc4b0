/**
 * A tiny DICOM Part 10 writer for tests: preamble, "DICM", the file meta group (always explicit VR
 * little endian), then the data set in the chosen transfer syntax. Builds real, parseable files.
 */
export const TS = {
  implicitLittle: "1.2.840.10008.1.2",
  explicitLittle: "1.2.840.10008.1.2.1",
  explicitBig: "1.2.840.10008.1.2.2",
  jpegBaseline: "1.2.840.10008.1.2.4.50",
} as const;

type Value = string | number | number[] | Uint8Array;
/** [group, element, VR, value]: strings for text VRs, numbers for US/UL, bytes for OB/OW. */
export type DicomElement = [number, number, string, Value];

const LONG_VRS = new Set(["OB", "OW", "OF", "OD", "OL", "SQ", "UC", "UR", "UT", "UN"]);
const UNDEFINED_LENGTH = 0xffffffff;

function encodeValue(vr: string, value: Value, littleEndian: boolean): Uint8Array {
  if (value instanceof Uint8Array) return value.length % 2 ? concat([value, new Uint8Array([0])]) : value;
  if (vr === "US" || vr === "UL") {
    const values = Array.isArray(value) ? value : [Number(value)];
    const size = vr === "US" ? 2 : 4;
    const view = new DataView(new ArrayBuffer(values.length * size));
    values.forEach((v, i) => (size === 2 ? view.setUint16(i * 2, v, littleEndian) : view.setUint32(i * 4, v, littleEndian)));
    return new Uint8Array(view.buffer);
  }
  const text = Buffer.from(String(value), "latin1");
  return text.length % 2 ? concat([text, Buffer.from(vr === "UI" ? "\0" : " ")]) : text;
}

function encodeElement([group, element, vr, value]: DicomElement, explicit: boolean, littleEndian: boolean, length?: number): Uint8Array {
  const data = encodeValue(vr, value, littleEndian);
  const valueLength = length ?? data.length;
  const long = !explicit || LONG_VRS.has(vr);
  const header = new DataView(new ArrayBuffer(explicit ? (long ? 12 : 8) : 8));
  header.setUint16(0, group, littleEndian);
  header.setUint16(2, element, littleEndian);
  if (!explicit) header.setUint32(4, valueLength, littleEndian);
  else {
    header.setUint8(4, vr.charCodeAt(0));
    header.setUint8(5, vr.charCodeAt(1));
    if (long) header.setUint32(8, valueLength, littleEndian);
    else header.setUint16(6, valueLength, littleEndian);
  }
  return concat([new Uint8Array(header.buffer), data]);
}

function concat(parts: Uint8Array[]): Uint8Array {
  return Buffer.concat(parts.map((part) => Buffer.from(part.buffer, part.byteOffset, part.byteLength)));
}

/** A Part 10 file; `tail` is appended raw after the data set (e.g. encapsulated pixel data). */
export function writeDicom(transferSyntax: string, elements: DicomElement[], tail: Uint8Array = new Uint8Array()): Buffer {
  const meta = concat([
    encodeElement([0x0002, 0x0001, "OB", new Uint8Array([0, 1])], true, true),
    encodeElement([0x0002, 0x0002, "UI", "1.2.840.10008.5.1.4.1.1.4"], true, true),
    encodeElement([0x0002, 0x0003, "UI", "1.2.826.0.1.3680043.8.498.1"], true, true),
    encodeElement([0x0002, 0x0010, "UI", transferSyntax], true, true),
    encodeElement([0x0002, 0x0012, "UI", "1.2.826.0.1.3680043.8.498"], true, true),
  ]);
  const groupLength = encodeElement([0x0002, 0x0000, "UL", meta.length], true, true);
  const explicit = transferSyntax !== TS.implicitLittle;
  const littleEndian = transferSyntax !== TS.explicitBig;
  const sorted = [...elements].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const dataSet = sorted.map((element) => encodeElement(element, explicit, littleEndian));
  return Buffer.concat([Buffer.alloc(128), Buffer.from("DICM"), groupLength, meta, ...dataSet, tail]);
}

export const patientElements: DicomElement[] = [
  [0x0008, 0x0020, "DA", "20240315"],
  [0x0008, 0x0060, "CS", "MR"],
  [0x0008, 0x0080, "LO", "Lagos University Teaching Hospital"],
  [0x0008, 0x1030, "LO", "Brain MRI"],
  [0x0008, 0x103e, "LO", "T1 axial"],
  [0x0010, 0x0010, "PN", "Doe^John"],
  [0x0010, 0x0020, "LO", "AFY-12345"],
  [0x0018, 0x0015, "CS", "HEAD"],
];

export interface ImageOptions {
  rows: number;
  columns: number;
  bitsAllocated?: 8 | 16;
  bitsStored?: number;
  signed?: boolean;
  /** MONOCHROME2 by default; RGB and YBR_FULL get three samples per pixel. */
  photometric?: string;
  transferSyntax?: string;
  extra?: DicomElement[];
  /** Sample value at (row, column, sample). Default: a left-to-right gradient over the stored range. */
  sample?: (row: number, column: number, sample: number) => number;
}

const samplesOf = (photometric = "MONOCHROME2") => (photometric === "RGB" || photometric === "YBR_FULL" ? 3 : 1);

function imageElements(options: ImageOptions, pixelVr: string, pixels: Uint8Array | null): DicomElement[] {
  const bitsAllocated = options.bitsAllocated ?? 16;
  const bitsStored = options.bitsStored ?? bitsAllocated;
  const photometric = options.photometric ?? "MONOCHROME2";
  const elements: DicomElement[] = [
    // An element given in `extra` replaces the patient's default one.
    ...patientElements.filter(([group, element]) => !options.extra?.some(([g, e]) => g === group && e === element)),
    [0x0028, 0x0002, "US", samplesOf(photometric)],
    [0x0028, 0x0004, "CS", photometric],
    [0x0028, 0x0010, "US", options.rows],
    [0x0028, 0x0011, "US", options.columns],
    [0x0028, 0x0100, "US", bitsAllocated],
    [0x0028, 0x0101, "US", bitsStored],
    [0x0028, 0x0102, "US", bitsStored - 1],
    [0x0028, 0x0103, "US", options.signed ? 1 : 0],
    ...(samplesOf(photometric) === 3 ? ([[0x0028, 0x0006, "US", 0]] as DicomElement[]) : []),
    ...(options.extra ?? []),
  ];
  if (pixels) elements.push([0x7fe0, 0x0010, pixelVr, pixels]);
  return elements;
}

/** An uncompressed image; every sample is written with the file's byte order. */
export function dicomImage(options: ImageOptions): Buffer {
  const transferSyntax = options.transferSyntax ?? TS.explicitLittle;
  const littleEndian = transferSyntax !== TS.explicitBig;
  const bitsAllocated = options.bitsAllocated ?? 16;
  const bitsStored = options.bitsStored ?? bitsAllocated;
  const samples = samplesOf(options.photometric);
  const top = 2 ** bitsStored - 1;
  const sample = options.sample ?? ((_row: number, column: number) => Math.round((column / Math.max(1, options.columns - 1)) * top));
  const bytes = bitsAllocated / 8;
  const view = new DataView(new ArrayBuffer(options.rows * options.columns * samples * bytes));
  for (let row = 0; row < options.rows; row++)
    for (let column = 0; column < options.columns; column++)
      for (let s = 0; s < samples; s++) {
        const index = (row * options.columns + column) * samples + s;
        const value = sample(row, column, s) & (2 ** bitsAllocated - 1); // two's complement for signed values
        if (bytes === 1) view.setUint8(index, value);
        else view.setUint16(index * 2, value, littleEndian);
      }
  return writeDicom(transferSyntax, imageElements(options, bitsAllocated === 8 ? "OB" : "OW", new Uint8Array(view.buffer)));
}

/**
 * Only the header of an uncompressed image, up to and including the pixel data element's header
 * (which declares the full frame length): what a reader sees of a very large file before its pixels.
 */
export function dicomImageHeader(options: ImageOptions): Buffer {
  const bitsAllocated = options.bitsAllocated ?? 16;
  const frameBytes = options.rows * options.columns * samplesOf(options.photometric) * (bitsAllocated / 8);
  const file = writeDicom(TS.explicitLittle, imageElements(options, "OW", null));
  return Buffer.concat([file, encodeElement([0x7fe0, 0x0010, "OW", new Uint8Array()], true, true, frameBytes)]);
}

/** Explicit VR little endian, 64×64, 16-bit MONOCHROME2, a left-to-right gradient (0..4095 in 12 stored bits). */
export function explicitGradient16(): Buffer {
  return dicomImage({ rows: 64, columns: 64, bitsAllocated: 16, bitsStored: 12 });
}

/** Implicit VR little endian, 8-bit MONOCHROME2, 48 rows × 32 columns. */
export function implicit8(): Buffer {
  return dicomImage({ rows: 48, columns: 32, bitsAllocated: 8, transferSyntax: TS.implicitLittle });
}

/** JPEG Baseline transfer syntax with encapsulated pixel data: an empty offset table and one fragment. */
export function jpegEncapsulated(): Buffer {
  const item = (data: Uint8Array) => {
    const header = new DataView(new ArrayBuffer(8));
    header.setUint16(0, 0xfffe, true);
    header.setUint16(2, 0xe000, true);
    header.setUint32(4, data.length, true);
    return concat([new Uint8Array(header.buffer), data]);
  };
  const fragment = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]);
  const pixelHeader = new DataView(new ArrayBuffer(12));
  pixelHeader.setUint16(0, 0x7fe0, true);
  pixelHeader.setUint16(2, 0x0010, true);
  pixelHeader.setUint8(4, "O".charCodeAt(0));
  pixelHeader.setUint8(5, "B".charCodeAt(0));
  pixelHeader.setUint32(8, UNDEFINED_LENGTH, true);
  const delimiter = new Uint8Array([0xfe, 0xff, 0xdd, 0xe0, 0, 0, 0, 0]);
  const tail = concat([new Uint8Array(pixelHeader.buffer), item(new Uint8Array()), item(fragment), delimiter]);
  return writeDicom(TS.jpegBaseline, imageElements({ rows: 64, columns: 64, bitsAllocated: 8, photometric: "MONOCHROME2" }, "OB", null), tail);
}

/** Preamble and marker, then a data set whose element claims far more bytes than the file has. */
export function malformedDicom(): Buffer {
  const broken = Buffer.from(explicitGradient16());
  // (0010,0010) PN with a 2-byte length field: its value now runs past the end of everything.
  const at = broken.indexOf(Buffer.from([0x10, 0x00, 0x10, 0x00, 0x50, 0x4e]));
  broken.writeUInt16LE(0xfff0, at + 6);
  return broken;
}

/** UIDs under a test root (2.25 is the UUID-derived arc: any decimal number is valid). */
export const testUid = (...parts: (string | number)[]) => ["2.25", ...parts].join(".");

export interface SeriesInstanceOptions {
  study: string;
  series: string;
  sop: string;
  seriesNumber?: number;
  instanceNumber?: number;
  /** Slice Location (0020,1041). */
  sliceLocation?: number;
  /** Image Position (Patient) (0020,0032): x\y\z. */
  position?: [number, number, number];
  modality?: string;
  studyDescription?: string;
  seriesDescription?: string;
  bodyPart?: string;
  studyDate?: string;
  rows?: number;
  columns?: number;
}

/** A small uncompressed image of a study's series, with its UIDs and position: what a CD holds, scaled down. */
export function seriesInstance(options: SeriesInstanceOptions): Buffer {
  const extra: DicomElement[] = [
    [0x0008, 0x0016, "UI", "1.2.840.10008.5.1.4.1.1.2"],
    [0x0008, 0x0018, "UI", options.sop],
    [0x0008, 0x0050, "SH", "ACC-77"],
    [0x0020, 0x000d, "UI", options.study],
    [0x0020, 0x000e, "UI", options.series],
    [0x0020, 0x0010, "SH", "1"],
  ];
  if (options.seriesNumber !== undefined) extra.push([0x0020, 0x0011, "IS", String(options.seriesNumber)]);
  if (options.instanceNumber !== undefined) extra.push([0x0020, 0x0013, "IS", String(options.instanceNumber)]);
  if (options.position) extra.push([0x0020, 0x0032, "DS", options.position.join("\\")]);
  if (options.sliceLocation !== undefined) extra.push([0x0020, 0x1041, "DS", String(options.sliceLocation)]);
  if (options.modality) extra.push([0x0008, 0x0060, "CS", options.modality]);
  if (options.studyDescription) extra.push([0x0008, 0x1030, "LO", options.studyDescription]);
  if (options.seriesDescription) extra.push([0x0008, 0x103e, "LO", options.seriesDescription]);
  if (options.bodyPart) extra.push([0x0018, 0x0015, "CS", options.bodyPart]);
  if (options.studyDate) extra.push([0x0008, 0x0020, "DA", options.studyDate]);
  return dicomImage({ rows: options.rows ?? 16, columns: options.columns ?? 16, bitsAllocated: 8, extra });
}
