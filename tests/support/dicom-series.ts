/*
 * DICOM test data made at test time (nothing large is committed): a CT-like series whose every pixel
 * is computable from its slice and position, written with dcmjs (explicit little endian) and
 * re-encoded by the real tools into each transfer syntax a viewer must decode: dcmtk's dcmconv
 * (implicit LE, big endian, deflated), dcmcjpeg (JPEG lossless SV1, JPEG baseline), dcmcjpls (JPEG-LS),
 * dcmcrle (RLE), GDCM's gdcmconv (JPEG 2000) and OpenJPH (HTJ2K, through @cornerstonejs/codec-openjph's
 * encoder, since no command-line tool here writes HTJ2K). Also a multi-frame file and the colour
 * models (MONOCHROME1, RGB, YBR_FULL, YBR_FULL_422, palette colour).
 *
 * The CT values: a 16 × 16 square in the middle of slice n (1-based) holds ctSquareHu(n) Hounsfield
 * units; elsewhere the value rises with the column (ctBackgroundHu). Stored as CT scanners store it:
 * unsigned 12 bits in 16, RescaleIntercept -1024.
 */
import { execFile } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import dcmjs from "dcmjs";

const run = promisify(execFile);
const require = createRequire(import.meta.url);

export const SIZE = 64;
export const SQUARE = { from: 24, to: 40 } as const;
const INTERCEPT = -1024;

/** Hounsfield units of the middle square of slice `n` (1-based): 500 HU on slice 150. */
export function ctSquareHu(n: number): number {
  return -1000 + 10 * n;
}
/** Hounsfield units outside the square, at column `x`. */
export function ctBackgroundHu(x: number): number {
  return -1000 + 40 * x;
}
export function ctHu(n: number, x: number, y: number): number {
  const inSquare = x >= SQUARE.from && x < SQUARE.to && y >= SQUARE.from && y < SQUARE.to;
  return inSquare ? ctSquareHu(n) : ctBackgroundHu(x);
}

/** 8-bit data (JPEG baseline, colour): the square of slice n holds (20 n) mod 256, the background 4 x. */
export function grey8(n: number, x: number, y: number): number {
  const inSquare = x >= SQUARE.from && x < SQUARE.to && y >= SQUARE.from && y < SQUARE.to;
  return inSquare ? (20 * n) % 256 : 4 * x;
}

/**
 * The display value (0 to 255) of a modality value under a window, by DICOM's linear VOI function
 * (PS3.3 C.11.2.1.2.1), as Cornerstone applies it.
 */
export function windowed(value: number, width: number, center: number): number {
  const low = center - 0.5 - (width - 1) / 2;
  const high = center - 0.5 + (width - 1) / 2;
  if (value <= low) return 0;
  if (value > high) return 255;
  return ((value - (center - 0.5)) / (width - 1) + 0.5) * 255;
}

export const TRANSFER_SYNTAXES = {
  implicitLittle: "1.2.840.10008.1.2",
  explicitLittle: "1.2.840.10008.1.2.1",
  deflated: "1.2.840.10008.1.2.1.99",
  explicitBig: "1.2.840.10008.1.2.2",
  jpegBaseline: "1.2.840.10008.1.2.4.50",
  jpegLosslessSv1: "1.2.840.10008.1.2.4.70",
  jpegLs: "1.2.840.10008.1.2.4.80",
  jpeg2000: "1.2.840.10008.1.2.4.90",
  htj2k: "1.2.840.10008.1.2.4.201",
  rle: "1.2.840.10008.1.2.5",
} as const;
export type SyntaxName = keyof typeof TRANSFER_SYNTAXES;

/** Lossy syntaxes: compare pixels with a tolerance. */
export const LOSSY: readonly SyntaxName[] = ["jpegBaseline"];

const { DicomDict, DicomMetaDictionary } = dcmjs.data;
let uidCounter = 0;
function uid(): string {
  uidCounter += 1;
  return `2.25.${BigInt(`0x${crypto.randomUUID().replaceAll("-", "")}`)}${uidCounter}`.slice(0, 64);
}

export interface SeriesFiles {
  studyInstanceUid: string;
  seriesInstanceUid: string;
  /** Files in slice order (slice 1 first). */
  files: string[];
  syntax: SyntaxName;
}

interface Dataset {
  [key: string]: unknown;
}

function baseDataset(studyInstanceUid: string, seriesInstanceUid: string, seriesNumber: number, description: string): Dataset {
  return {
    SOPClassUID: "1.2.840.10008.5.1.4.1.1.2",
    StudyInstanceUID: studyInstanceUid,
    SeriesInstanceUID: seriesInstanceUid,
    StudyDate: "20260315",
    StudyTime: "101500",
    StudyDescription: "CT CHEST",
    SeriesDescription: description,
    SeriesNumber: seriesNumber,
    Modality: "CT",
    BodyPartExamined: "CHEST",
    PatientName: "Okafor^Amaka",
    PatientID: "LAG-00417",
    PatientBirthDate: "19800101",
    PatientSex: "F",
    AccessionNumber: "",
    ReferringPhysicianName: "",
    StudyID: "1",
    Manufacturer: "AfyaBridge test data",
  };
}

async function writeDicom(file: string, dataset: Dataset, transferSyntaxUid: string): Promise<void> {
  const meta = {
    FileMetaInformationVersion: new Uint8Array([0, 1]).buffer,
    MediaStorageSOPClassUID: dataset.SOPClassUID,
    MediaStorageSOPInstanceUID: dataset.SOPInstanceUID,
    TransferSyntaxUID: transferSyntaxUid,
    ImplementationClassUID: "2.25.1337",
    ImplementationVersionName: "AFYA_TEST",
  };
  const dict = new DicomDict(DicomMetaDictionary.denaturalizeDataset(meta));
  dict.dict = DicomMetaDictionary.denaturalizeDataset(dataset);
  await writeFile(file, Buffer.from(dict.write()));
}

function ctPixels(n: number): Uint16Array {
  const pixels = new Uint16Array(SIZE * SIZE);
  for (let y = 0; y < SIZE; y++) for (let x = 0; x < SIZE; x++) pixels[y * SIZE + x] = ctHu(n, x, y) - INTERCEPT;
  return pixels;
}

function grey8Pixels(n: number): Uint8Array {
  const pixels = new Uint8Array(SIZE * SIZE);
  for (let y = 0; y < SIZE; y++) for (let x = 0; x < SIZE; x++) pixels[y * SIZE + x] = grey8(n, x, y);
  return pixels;
}

function ctImage(n: number, pixels: Uint16Array): Dataset {
  return {
    InstanceNumber: n,
    ImagePositionPatient: [-32, -32, n * 2.5],
    ImageOrientationPatient: [1, 0, 0, 0, 1, 0],
    SliceThickness: 2.5,
    PixelSpacing: [0.7, 0.7],
    SamplesPerPixel: 1,
    PhotometricInterpretation: "MONOCHROME2",
    Rows: SIZE,
    Columns: SIZE,
    BitsAllocated: 16,
    BitsStored: 12,
    HighBit: 11,
    PixelRepresentation: 0,
    RescaleIntercept: INTERCEPT,
    RescaleSlope: 1,
    RescaleType: "HU",
    WindowCenter: 40,
    WindowWidth: 400,
    PixelData: [pixels.buffer],
    _vrMap: { PixelData: "OW" },
  };
}

function grey8Image(n: number, pixels: Uint8Array, photometric: "MONOCHROME1" | "MONOCHROME2" = "MONOCHROME2"): Dataset {
  return {
    SOPClassUID: "1.2.840.10008.5.1.4.1.1.7",
    InstanceNumber: n,
    SamplesPerPixel: 1,
    PhotometricInterpretation: photometric,
    Rows: SIZE,
    Columns: SIZE,
    BitsAllocated: 8,
    BitsStored: 8,
    HighBit: 7,
    PixelRepresentation: 0,
    PixelData: [pixels.buffer],
    _vrMap: { PixelData: "OB" },
  };
}

/** Re-encodes `source` (explicit LE) into `syntax`, with the tool that real archives use. */
async function encode(source: string, target: string, syntax: SyntaxName): Promise<void> {
  switch (syntax) {
    case "explicitLittle":
      await run("cp", [source, target]);
      return;
    case "implicitLittle":
      await run("dcmconv", ["+ti", source, target]);
      return;
    case "explicitBig":
      await run("dcmconv", ["+tb", source, target]);
      return;
    case "deflated":
      await run("dcmconv", ["+td", source, target]);
      return;
    case "jpegLosslessSv1":
      await run("dcmcjpeg", ["+e1", source, target]);
      return;
    case "jpegBaseline":
      await run("dcmcjpeg", ["+eb", source, target]);
      return;
    case "jpegLs":
      await run("dcmcjpls", ["+el", source, target]);
      return;
    case "rle":
      await run("dcmcrle", [source, target]);
      return;
    case "jpeg2000":
      await run("gdcmconv", ["--j2k", source, target]);
      return;
    case "htj2k":
      throw new Error("HTJ2K is written directly (writeHtj2k)");
  }
}

type OpenJph = {
  HTJ2KEncoder: new () => {
    getDecodedBuffer(frameInfo: object): Uint8Array;
    encode(): void;
    getEncodedBuffer(): Uint8Array;
    delete(): void;
  };
};
let openJph: Promise<OpenJph> | undefined;

/** HTJ2K lossless (1.2.840.10008.1.2.4.201): OpenJPH's encoder, one fragment per frame. */
async function htj2kFrame(pixels: Uint16Array | Uint8Array, bitsPerSample: number): Promise<ArrayBuffer> {
  openJph ??= (require("@cornerstonejs/codec-openjph") as () => Promise<OpenJph>)();
  const codec = await openJph;
  const encoder = new codec.HTJ2KEncoder();
  try {
    const input = encoder.getDecodedBuffer({ width: SIZE, height: SIZE, bitsPerSample, componentCount: 1, isSigned: false, isUsingColorTransform: false });
    input.set(new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.byteLength));
    encoder.encode();
    const encoded = encoder.getEncodedBuffer();
    const copy = new Uint8Array(encoded.length + (encoded.length % 2));
    copy.set(encoded);
    return copy.buffer;
  } finally {
    encoder.delete();
  }
}

/**
 * The CT-like series of `slices` images (default 300) in `syntax`, written under `dir`. JPEG baseline
 * (8 bits only) gets the 8-bit series (grey8) instead.
 */
export async function makeCtSeries(dir: string, { slices = 300, syntax = "explicitLittle" as SyntaxName, seriesNumber = 1 } = {}): Promise<SeriesFiles> {
  await mkdir(dir, { recursive: true });
  const studyInstanceUid = uid();
  const seriesInstanceUid = uid();
  const files: string[] = [];
  const eightBit = syntax === "jpegBaseline";
  const description = `Axial ${syntax}`;
  const base = baseDataset(studyInstanceUid, seriesInstanceUid, seriesNumber, description);
  const work: Promise<void>[] = [];
  for (let n = 1; n <= slices; n++) {
    const file = path.join(dir, `IM${String(n).padStart(5, "0")}.dcm`);
    files.push(file);
    work.push(
      (async () => {
        const image = eightBit ? grey8Image(n, grey8Pixels(n)) : ctImage(n, ctPixels(n));
        const dataset = { ...base, ...image, SOPInstanceUID: uid() };
        if (syntax === "htj2k") {
          const frame = await htj2kFrame(ctPixels(n), 12);
          await writeDicom(file, { ...dataset, PixelData: [frame], _vrMap: { PixelData: "OB" } }, TRANSFER_SYNTAXES.htj2k);
          return;
        }
        if (syntax === "explicitLittle") return writeDicom(file, dataset, TRANSFER_SYNTAXES.explicitLittle);
        const source = `${file}.src`;
        await writeDicom(source, dataset, TRANSFER_SYNTAXES.explicitLittle);
        await encode(source, file, syntax);
        await run("rm", [source]);
      })(),
    );
    // A few tools at a time: the machine is shared.
    if (work.length >= 8) await Promise.all(work.splice(0));
  }
  await Promise.all(work);
  return { studyInstanceUid, seriesInstanceUid, files, syntax };
}

/** One file of `frames` frames (slice n's CT pixels as frame n), explicit LE. */
export async function makeMultiFrame(dir: string, frames = 20): Promise<SeriesFiles> {
  await mkdir(dir, { recursive: true });
  const studyInstanceUid = uid();
  const seriesInstanceUid = uid();
  const all = new Uint16Array(SIZE * SIZE * frames);
  for (let n = 1; n <= frames; n++) all.set(ctPixels(n), (n - 1) * SIZE * SIZE);
  const file = path.join(dir, "MULTIFRAME.dcm");
  // One position for the whole file would be wrong for its frames: a multi-frame file without one.
  const image = ctImage(1, all);
  delete image.ImagePositionPatient;
  await writeDicom(
    file,
    {
      ...baseDataset(studyInstanceUid, seriesInstanceUid, 9, "Multi-frame"),
      ...image,
      SOPInstanceUID: uid(),
      NumberOfFrames: frames,
      PixelData: [all.buffer],
    },
    TRANSFER_SYNTAXES.explicitLittle,
  );
  return { studyInstanceUid, seriesInstanceUid, files: [file], syntax: "explicitLittle" };
}

export type ColourModel = "MONOCHROME1" | "RGB" | "YBR_FULL" | "YBR_FULL_422" | "PALETTE";

/** The colour images' halves: columns left of the middle are pure red, the others pure blue. */
export const LEFT_COLOUR = [255, 0, 0] as const;
export const RIGHT_COLOUR = [0, 0, 255] as const;
export function colourAt(x: number): readonly [number, number, number] {
  return x < SIZE / 2 ? LEFT_COLOUR : RIGHT_COLOUR;
}
/** The palette image's indices for the two halves (its palette maps them to red and blue, every other index to grey). */
const PALETTE_INDEX = { left: 10, right: 200 } as const;

/** MONOCHROME1's stored value at column x: a gradient, 0 at the left (so drawn white) to 252 at the right (drawn nearly black). */
export function monochrome1At(x: number): number {
  return 4 * x;
}
/** MONOCHROME1's window (in the file): the whole 8-bit range. */
export const MONOCHROME1_WINDOW = { width: 256, center: 128 } as const;

/**
 * One image in a colour model, 64 × 64. MONOCHROME1: the gradient monochrome1At, with MONOCHROME1_WINDOW;
 * RGB and YBR_FULL (converted from RGB as PS3.3 C.7.6.3.1.2 gives it): colourAt; YBR_FULL_422:
 * colourAt through dcmcjpeg's baseline (lossy, chroma subsampled); PALETTE: index 10 on the left and
 * 200 on the right through a 16-bit palette that maps them to colourAt's red and blue.
 */
export async function makeColourImage(dir: string, model: ColourModel): Promise<SeriesFiles> {
  await mkdir(dir, { recursive: true });
  const studyInstanceUid = uid();
  const seriesInstanceUid = uid();
  const base = { ...baseDataset(studyInstanceUid, seriesInstanceUid, 20, model), Modality: "OT", SOPInstanceUID: uid() };
  const file = path.join(dir, `${model}.dcm`);
  const perPixel = (value: (x: number, y: number) => number) => {
    const pixels = new Uint8Array(SIZE * SIZE);
    for (let y = 0; y < SIZE; y++) for (let x = 0; x < SIZE; x++) pixels[y * SIZE + x] = value(x, y);
    return pixels;
  };
  if (model === "MONOCHROME1") {
    const image = grey8Image(1, perPixel(monochrome1At), "MONOCHROME1");
    await writeDicom(
      file,
      { ...base, ...image, WindowCenter: MONOCHROME1_WINDOW.center, WindowWidth: MONOCHROME1_WINDOW.width },
      TRANSFER_SYNTAXES.explicitLittle,
    );
  } else if (model === "PALETTE") {
    const entry = (i: number, channel: 0 | 1 | 2) =>
      (i === PALETTE_INDEX.left ? LEFT_COLOUR[channel] : i === PALETTE_INDEX.right ? RIGHT_COLOUR[channel] : i) * 257;
    const lut = (channel: 0 | 1 | 2) => new Uint16Array(256).map((_, i) => entry(i, channel));
    await writeDicom(
      file,
      {
        ...base,
        ...grey8Image(
          1,
          perPixel((x) => (x < SIZE / 2 ? PALETTE_INDEX.left : PALETTE_INDEX.right)),
        ),
        PhotometricInterpretation: "PALETTE COLOR",
        RedPaletteColorLookupTableDescriptor: [256, 0, 16],
        GreenPaletteColorLookupTableDescriptor: [256, 0, 16],
        BluePaletteColorLookupTableDescriptor: [256, 0, 16],
        RedPaletteColorLookupTableData: [lut(0).buffer],
        GreenPaletteColorLookupTableData: [lut(1).buffer],
        BluePaletteColorLookupTableData: [lut(2).buffer],
        _vrMap: {
          PixelData: "OB",
          RedPaletteColorLookupTableDescriptor: "US",
          GreenPaletteColorLookupTableDescriptor: "US",
          BluePaletteColorLookupTableDescriptor: "US",
          RedPaletteColorLookupTableData: "OW",
          GreenPaletteColorLookupTableData: "OW",
          BluePaletteColorLookupTableData: "OW",
        },
      },
      TRANSFER_SYNTAXES.explicitLittle,
    );
  } else {
    const rgb = new Uint8Array(SIZE * SIZE * 3);
    for (let y = 0; y < SIZE; y++)
      for (let x = 0; x < SIZE; x++) {
        const [r, g, b] = colourAt(x);
        const at = (y * SIZE + x) * 3;
        if (model === "YBR_FULL") {
          // PS3.3 C.7.6.3.1.2: YBR_FULL from RGB.
          rgb[at] = clampByte(0.299 * r + 0.587 * g + 0.114 * b);
          rgb[at + 1] = clampByte(-0.1687 * r - 0.3313 * g + 0.5 * b + 128);
          rgb[at + 2] = clampByte(0.5 * r - 0.4187 * g - 0.0813 * b + 128);
        } else rgb.set([r, g, b], at);
      }
    const dataset = {
      ...base,
      ...grey8Image(1, rgb),
      SamplesPerPixel: 3,
      PlanarConfiguration: 0,
      PhotometricInterpretation: model === "YBR_FULL" ? "YBR_FULL" : "RGB",
    };
    if (model === "YBR_FULL_422") {
      const source = `${file}.src`;
      await writeDicom(source, dataset, TRANSFER_SYNTAXES.explicitLittle);
      // dcmcjpeg's baseline writes colour as YBR_FULL_422 (subsampled chroma), as most converters do.
      await run("dcmcjpeg", ["+eb", "+cy", source, file]);
      await run("rm", [source]);
    } else await writeDicom(file, dataset, TRANSFER_SYNTAXES.explicitLittle);
  }
  return { studyInstanceUid, seriesInstanceUid, files: [file], syntax: model === "YBR_FULL_422" ? "jpegBaseline" : "explicitLittle" };
}

function clampByte(value: number): number {
  return Math.max(0, Math.min(255, Math.round(value)));
}

/** The transfer syntax and photometric interpretation dcmdump reads from a file (for the generator's own test). */
export async function describeFile(file: string): Promise<{ transferSyntax: string; photometric: string; frames: number }> {
  const { stdout } = await run("dcmdump", ["-Un", "+P", "0002,0010", "+P", "0028,0004", "+P", "0028,0008", file]);
  const value = (tag: string) => new RegExp(`\\(${tag}\\) \\w\\w \\[([^\\]]*)\\]`).exec(stdout)?.[1] ?? "";
  return { transferSyntax: value("0002,0010"), photometric: value("0028,0004"), frames: Number(value("0028,0008") || 1) };
}

export async function readBytes(file: string): Promise<Buffer> {
  return readFile(file);
}
