/** @jest-environment node */
import { PNG } from "pngjs";
import { parseDicomHeader, renderFirstFrame } from "@/lib/dicom";
import { dicomImage, explicitGradient16, implicit8, TS, type ImageOptions } from "@/tests/support/dicom-fixtures";

function render(file: Buffer) {
  const header = parseDicomHeader(file, { complete: true, fileSize: file.length })!;
  expect(header.preview.renderable).toBe(true);
  return PNG.sync.read(renderFirstFrame(file, header.layout!));
}

const image = (options: Partial<ImageOptions>) => render(dicomImage({ rows: 16, columns: 16, ...options }));
const grey = (png: PNG, x: number, y = 0) => png.data[(y * png.width + x) * 4];
const row = (png: PNG, y = 0) => Array.from({ length: png.width }, (_, x) => grey(png, x, y));
const isIncreasing = (values: number[]) => values.every((value, i) => i === 0 || value >= values[i - 1]);

describe("DICOM rendering", () => {
  test("16-bit MONOCHROME2 gradient (explicit VR LE): 64×64, black to white, monotonic on every row", () => {
    const png = render(explicitGradient16());
    expect([png.width, png.height]).toEqual([64, 64]);
    for (let y = 0; y < 64; y += 9) {
      const values = row(png, y);
      expect(isIncreasing(values)).toBe(true);
      expect(values[0]).toBe(0);
      expect(values[63]).toBe(255);
    }
    expect(grey(png, 10, 0)).toBe(grey(png, 10, 63)); // same column, same grey
  });

  test("8-bit implicit VR LE and 16-bit big endian render the same gradient", () => {
    const small = render(implicit8());
    expect([small.width, small.height]).toEqual([32, 48]);
    expect(isIncreasing(row(small, 20))).toBe(true);
    const big = image({ transferSyntax: TS.explicitBig, bitsStored: 16 });
    const little = image({ bitsStored: 16 });
    expect(row(big)).toEqual(row(little));
    expect(row(big)[0]).toBe(0);
    expect(row(big)[15]).toBe(255);
  });

  test("MONOCHROME1 is inverted", () => {
    const values = row(image({ photometric: "MONOCHROME1" }));
    expect(values[0]).toBe(255);
    expect(values[15]).toBe(0);
    expect(isIncreasing(values.map((v) => -v))).toBe(true);
  });

  test("signed samples with rescale and a window: CT-like values through the window, clamped outside", () => {
    // Stored −1000..1000 (signed 16 bit), slope 1 intercept −24 → −1024..976 HU; window 0 ± 200.
    const png = image({
      signed: true,
      sample: (_r, column) => Math.round(-1000 + (column / 15) * 2000),
      extra: [
        [0x0028, 0x1050, "DS", "0"],
        [0x0028, 0x1051, "DS", "400\\800"],
        [0x0028, 0x1052, "DS", "-24"],
        [0x0028, 0x1053, "DS", "1"],
      ],
    });
    const values = row(png);
    expect(values.slice(0, 6)).toEqual([0, 0, 0, 0, 0, 0]); // below −200
    expect(values.slice(10)).toEqual([255, 255, 255, 255, 255, 255]); // above 200
    expect(values[7]).toBeGreaterThan(0);
    expect(values[7]).toBeLessThan(255);
    expect(isIncreasing(values)).toBe(true);
  });

  test("without a window the image's own minimum and maximum are used (only the stored bits count)", () => {
    // 10 stored bits in 16 allocated, with garbage in the high bits that must be ignored.
    const values = row(image({ bitsStored: 10, sample: (_r, column) => 0xfc00 | (100 + column * 10) }));
    expect(values[0]).toBe(0);
    expect(values[15]).toBe(255);
    expect(isIncreasing(values)).toBe(true);
  });

  test("RGB 8-bit keeps its colours", () => {
    const png = image({ bitsAllocated: 8, photometric: "RGB", sample: (_r, column, s) => (s === 0 ? 200 : s === 1 ? column * 10 : 30) });
    const at = (x: number) => Array.from(png.data.subarray(x * 4, x * 4 + 3));
    expect(at(0)).toEqual([200, 0, 30]);
    expect(at(15)).toEqual([200, 150, 30]);
  });

  test("large images are scaled down so neither side exceeds 1024 px, keeping proportions", () => {
    const wide = image({ rows: 100, columns: 2048, bitsAllocated: 8 });
    expect([wide.width, wide.height]).toEqual([1024, 50]);
    expect(isIncreasing(row(wide, 25))).toBe(true);
    const tall = image({ rows: 1500, columns: 30, bitsAllocated: 8 });
    expect([tall.width, tall.height]).toEqual([20, 1024]);
  });
});
