import "server-only";
import { PNG } from "pngjs";
import type { PixelLayout } from "./parse";

/** Neither side of a preview exceeds this (larger images are scaled down, keeping their proportions). */
export const MAX_PREVIEW_SIDE = 1024;

/**
 * The first frame of an uncompressed image as a PNG: greyscale images through their rescale and
 * window (or their own minimum and maximum when they have no window), MONOCHROME1 inverted; RGB as is.
 * `bytes` must hold the file at least up to the end of the first frame.
 */
export function renderFirstFrame(bytes: Uint8Array, layout: PixelLayout): Buffer {
  const { rows, columns } = layout;
  const scale = Math.min(1, MAX_PREVIEW_SIDE / Math.max(rows, columns));
  const width = Math.max(1, Math.round(columns * scale));
  const height = Math.max(1, Math.round(rows * scale));
  const frame = new DataView(bytes.buffer, bytes.byteOffset + layout.offset, layout.frameBytes);
  const png = new PNG({ width, height });
  const color = layout.photometric === "RGB";
  const pixel = color ? rgbReader(frame, layout) : greyReader(frame, layout);

  for (let y = 0; y < height; y++) {
    const sourceRow = Math.min(rows - 1, Math.floor(((y + 0.5) * rows) / height));
    for (let x = 0; x < width; x++) {
      const sourceColumn = Math.min(columns - 1, Math.floor(((x + 0.5) * columns) / width));
      const [r, g, b] = pixel(sourceRow * columns + sourceColumn);
      const at = (y * width + x) * 4;
      png.data[at] = r;
      png.data[at + 1] = g;
      png.data[at + 2] = b;
      png.data[at + 3] = 255;
    }
  }
  return PNG.sync.write(png, { colorType: color ? 2 : 0 });
}

type Rgb = readonly [number, number, number];

function rgbReader(frame: DataView, layout: PixelLayout): (index: number) => Rgb {
  const plane = layout.rows * layout.columns;
  return layout.planar
    ? (index) => [frame.getUint8(index), frame.getUint8(plane + index), frame.getUint8(2 * plane + index)]
    : (index) => [frame.getUint8(index * 3), frame.getUint8(index * 3 + 1), frame.getUint8(index * 3 + 2)];
}

function greyReader(frame: DataView, layout: PixelLayout): (index: number) => Rgb {
  const value = modalityValues(frame, layout);
  const toUnit =
    layout.windowCenter !== null && layout.windowWidth !== null
      ? linearWindow(layout.windowCenter, layout.windowWidth)
      : minMaxWindow(value, layout.rows * layout.columns);
  const invert = layout.photometric === "MONOCHROME1";
  return (index) => {
    const level = Math.round(Math.min(1, Math.max(0, toUnit(value(index)))) * 255);
    const grey = invert ? 255 - level : level;
    return [grey, grey, grey];
  };
}

/** Stored sample → modality value: only the stored bits count (sign-extended when signed), then slope and intercept. */
function modalityValues(frame: DataView, layout: PixelLayout): (index: number) => number {
  const { bitsAllocated, bitsStored, signed, slope, intercept, littleEndian } = layout;
  const mask = bitsStored >= 32 ? 0xffffffff : 2 ** bitsStored - 1;
  const signBit = 2 ** (bitsStored - 1);
  const read = bitsAllocated === 8 ? (index: number) => frame.getUint8(index) : (index: number) => frame.getUint16(index * 2, littleEndian);
  return (index) => {
    let stored = read(index) & mask;
    if (signed && stored >= signBit) stored -= 2 ** bitsStored;
    return stored * slope + intercept;
  };
}

/** DICOM's linear VOI function (PS3.3 C.11.2.1.2), scaled to 0..1. */
function linearWindow(center: number, width: number): (value: number) => number {
  const low = center - 0.5 - (width - 1) / 2;
  const high = center - 0.5 + (width - 1) / 2;
  return (value) => (value <= low ? 0 : value > high ? 1 : (value - (center - 0.5)) / Math.max(width - 1, 1) + 0.5);
}

function minMaxWindow(value: (index: number) => number, count: number): (value: number) => number {
  let min = Infinity;
  let max = -Infinity;
  for (let index = 0; index < count; index++) {
    const v = value(index);
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const range = max - min;
  return range > 0 ? (v) => (v - min) / range : () => 0;
}
