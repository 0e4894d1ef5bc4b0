/**
 * Measures the photo compression settings (client/compress-photo.ts) on a phone-sized photo of the
 * report fixture with 10-point-sized print: the size of the JPEG and whether OCR still reads every
 * word, for a grid of longest sides and qualities, in Debian's Chromium.
 * Run: node --import tsx bench/photo-compression.ts [text width px] [longest sides,...] [qualities,...]
 */
import { openPhotoPage, readText, reportPhoto, stopOcr, toJpeg } from "../tests/support/photo-harness";

const WORDS = ["Discharge", "summary", "Patient", "Amina", "Bello", "Diagnosis", "hypertension", "follow", "two", "weeks"];
// 1400 px of text on the 3000 px wide photo is 10-point print on a full A4 page; 800 px is 6-point (small print, lab tables).
const textWidth = Number(process.argv[2] ?? 1400);
const photo = toJpeg(reportPhoto(3000, 4000, textWidth));
const page = await openPhotoPage();
console.log(`original: 3000×4000 JPEG (quality 92), text ${textWidth} px wide, ${(photo.length / 1024 / 1024).toFixed(2)} MB`);
console.log("longest side | quality | size (KB) | words read");
for (const maxSide of (process.argv[3] ?? "1280,1600,2048,2560,3200").split(",").map(Number))
  for (const quality of (process.argv[4] ?? "0.5,0.6,0.7,0.8,0.9").split(",").map(Number)) {
    const result = await page.compress("report.jpg", "image/jpeg", photo, { maxSide, quality });
    const text = (await readText(result.bytes)).toLowerCase();
    const read = WORDS.filter((word) => text.includes(word.toLowerCase())).length;
    console.log(`${maxSide} | ${quality} | ${Math.round(result.compressedSize / 1024)} | ${read}/${WORDS.length}`);
  }
await page.close();
await stopOcr();
