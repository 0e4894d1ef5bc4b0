import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import jpeg from "jpeg-js";
import { openPhotoPage, readText, reportPhoto, rotatedLeft, stopOcr, toJpeg, toPng, type PhotoPage } from "../support/photo-harness";

/*
 * client/compress-photo.ts in Chromium (through its worker), then OCR of what it produced in Node:
 * the printed words of the report must survive, and the photo must get much lighter.
 */
const WORDS = ["Discharge", "summary", "Patient", "Amina", "Bello", "Diagnosis", "hypertension", "follow", "weeks"];
const MB = 1024 * 1024;

function wordsRead(text: string): string[] {
  const lower = text.toLowerCase();
  return WORDS.filter((word) => lower.includes(word.toLowerCase()));
}

function jpegSize(bytes: Buffer): { width: number; height: number } {
  assert.deepEqual([...bytes.subarray(0, 3)], [0xff, 0xd8, 0xff], "a JPEG");
  const { width, height } = jpeg.decode(bytes, { useTArray: true, maxMemoryUsageInMB: 256 });
  return { width, height };
}

describe("photo compression in the browser keeps printed text readable", { timeout: 240_000 }, () => {
  let page: PhotoPage;
  // A phone held sideways: 4000×3000 stored, EXIF orientation 6 shows it as a 3000×4000 portrait page
  // with 10-point-sized print.
  const sideways = toJpeg(rotatedLeft(reportPhoto(3000, 4000, 1400)), 6);
  const scan = toPng(reportPhoto(4000, 1200, 1400));

  before(async () => {
    page = await openPhotoPage();
  });
  after(async () => {
    await page?.close();
    await stopOcr();
  });

  test("a 4000 px JPEG with EXIF orientation: an upright JPEG of at most 2560 px, far lighter, every word read", async () => {
    assert.ok(sideways.length > 1.5 * MB, `test photo of ${sideways.length} bytes`);
    const result = await page.compress("IMG_0042.jpg", "image/jpeg", sideways);
    assert.equal(result.name, "IMG_0042.jpg");
    assert.equal(result.type, "image/jpeg");
    assert.equal(result.originalSize, sideways.length);
    assert.equal(result.compressedSize, result.bytes.length);
    assert.ok(result.compressedSize < sideways.length / 4, `${result.compressedSize} bytes from ${sideways.length}`);
    // Upright (portrait) means the orientation was applied to the pixels.
    assert.deepEqual(jpegSize(result.bytes), { width: 1920, height: 2560 });
    assert.deepEqual(wordsRead(await readText(result.bytes)), WORDS);
    assert.ok(page.workerLoads() >= 1, "encoded in the worker");
  });

  test("a large PNG scan becomes a lighter .jpg that still reads", async () => {
    assert.ok(scan.length > 1.5 * MB);
    const result = await page.compress("scan.PNG", "image/png", scan);
    assert.equal(result.name, "scan.jpg");
    assert.equal(result.type, "image/jpeg");
    assert.ok(result.compressedSize < scan.length / 4, `${result.compressedSize} bytes from ${scan.length}`);
    assert.deepEqual(jpegSize(result.bytes), { width: 2560, height: 768 });
    assert.deepEqual(wordsRead(await readText(result.bytes)), WORDS);
  });

  test("control: at 300 px and quality 0.05 the OCR check does fail (it can tell)", async () => {
    const result = await page.compress("IMG_0042.jpg", "image/jpeg", sideways, { maxSide: 300, quality: 0.05 });
    assert.ok(wordsRead(await readText(result.bytes)).length < WORDS.length / 2);
  });

  test("small photos, photos the browser cannot decode (HEIC in Chromium) and results that are not smaller stay as they are", async () => {
    const small = readFileSync(path.join(process.cwd(), "tests/fixtures/ocr-discharge.png"));
    const kept = await page.compress("report.png", "image/png", small);
    assert.deepEqual(
      { name: kept.name, type: kept.type, compressedSize: kept.compressedSize },
      { name: "report.png", type: "image/png", compressedSize: small.length },
    );
    assert.ok(kept.bytes.equals(small));

    const heic = Buffer.concat([readFileSync(path.join(process.cwd(), "tests/fixtures/photo.heic")), Buffer.alloc(2 * MB)]);
    const sent = await page.compress("IMG_0001.HEIC", "image/heic", heic);
    assert.deepEqual(
      { name: sent.name, type: sent.type, compressedSize: sent.compressedSize },
      { name: "IMG_0001.HEIC", type: "image/heic", compressedSize: heic.length },
    );
    assert.ok(sent.bytes.equals(heic));

    // Already a light JPEG: re-encoding at quality 0.99 and full size gives more bytes, so the original is kept.
    const light = toJpeg(reportPhoto(1600, 1200, 1400));
    const same = await page.compress("light.jpg", "image/jpeg", light, { minBytes: 0, quality: 0.99 });
    assert.equal(same.compressedSize, light.length);
    assert.ok(same.bytes.equals(light));
  });
});
