import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import dcmjs from "dcmjs";
import {
  TRANSFER_SYNTAXES,
  ctHu,
  describeFile,
  grey8,
  makeColourImage,
  makeCtSeries,
  makeMultiFrame,
  windowed,
  type SyntaxName,
} from "../support/dicom-series";

const run = promisify(execFile);
const require = createRequire(import.meta.url);

type Naturalized = { PixelData: ArrayBuffer[]; RescaleIntercept?: number; Rows: number; Columns: number; BitsAllocated: number };

/** The stored pixels of `file`, decoded by a tool independent of the generator (GDCM; OpenJPH for HTJ2K). */
async function storedPixels(file: string, syntax: SyntaxName): Promise<{ data: Naturalized; pixels: Uint16Array | Uint8Array }> {
  const parse = async (bytes: Buffer) => {
    const dict = dcmjs.data.DicomMessage.readFile(new Uint8Array(bytes).buffer);
    return dcmjs.data.DicomMetaDictionary.naturalizeDataset(dict.dict) as Naturalized;
  };
  if (syntax === "htj2k") {
    const data = await parse(await readFile(file));
    const codec = await (
      require("@cornerstonejs/codec-openjph") as () => Promise<{
        HTJ2KDecoder: new () => { getEncodedBuffer(n: number): Uint8Array; decode(): void; getDecodedBuffer(): Uint8Array };
      }>
    )();
    const decoder = new codec.HTJ2KDecoder();
    const frame = new Uint8Array(data.PixelData[0]);
    decoder.getEncodedBuffer(frame.length).set(frame);
    decoder.decode();
    const decoded = decoder.getDecodedBuffer();
    return { data, pixels: new Uint16Array(decoded.slice().buffer) };
  }
  const raw = `${file}.raw.dcm`;
  await run("gdcmconv", ["--raw", file, raw]);
  const data = await parse(await readFile(raw));
  await rm(raw);
  const buffer = data.PixelData[0];
  return { data, pixels: data.BitsAllocated === 16 ? new Uint16Array(buffer) : new Uint8Array(buffer) };
}

describe("test DICOM series generator (tests/support/dicom-series.ts)", () => {
  for (const syntax of Object.keys(TRANSFER_SYNTAXES) as SyntaxName[]) {
    test(`${syntax}: the file carries ${TRANSFER_SYNTAXES[syntax]} and its pixels are the computed values`, async () => {
      const dir = await mkdtemp(path.join(tmpdir(), "afya-series-"));
      try {
        const series = await makeCtSeries(dir, { slices: 3, syntax });
        assert.equal(series.files.length, 3);
        const described = await describeFile(series.files[1]);
        assert.equal(described.transferSyntax, TRANSFER_SYNTAXES[syntax]);
        const { data, pixels } = await storedPixels(series.files[1], syntax);
        for (const [x, y] of [
          [32, 32],
          [5, 60],
          [63, 0],
        ]) {
          const stored = pixels[y * data.Columns + x];
          if (syntax === "jpegBaseline") assert.ok(Math.abs(stored - grey8(2, x, y)) <= 6, `${x},${y}: ${stored} vs ${grey8(2, x, y)}`);
          else assert.equal(stored + (data.RescaleIntercept ?? 0), ctHu(2, x, y), `${x},${y}`);
        }
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });
  }

  test("a multi-frame file and the colour models", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "afya-series-"));
    try {
      assert.deepEqual(await describeFile((await makeMultiFrame(dir, 4)).files[0]), {
        transferSyntax: TRANSFER_SYNTAXES.explicitLittle,
        photometric: "MONOCHROME2",
        frames: 4,
      });
      const expected = { MONOCHROME1: "MONOCHROME1", RGB: "RGB", YBR_FULL: "YBR_FULL", YBR_FULL_422: "YBR_FULL_422", PALETTE: "PALETTE COLOR" } as const;
      for (const [model, photometric] of Object.entries(expected) as [keyof typeof expected, string][]) {
        const { files } = await makeColourImage(dir, model);
        assert.equal((await describeFile(files[0])).photometric, photometric, model);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test("windowed() follows DICOM's linear VOI function", () => {
    assert.equal(windowed(-2000, 400, 40), 0);
    assert.equal(windowed(2000, 400, 40), 255);
    assert.ok(Math.abs(windowed(500, 1800, 400) - 141.7) < 0.5);
  });
});
