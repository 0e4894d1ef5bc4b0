/**
 * Runs client/compress-photo.ts in Debian's Chromium as the app ships it: the module bundled as an ES
 * module and its worker as a classic script, served from a loopback HTTP server, so the worker path
 * (new Worker(new URL(..., import.meta.url))) is the one exercised. Test photos are made here from
 * tests/fixtures/ocr-discharge.png: scaled up to phone-camera size on a paper-coloured page with
 * sensor noise, as PNG or as JPEG with an EXIF orientation.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { readFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import jpeg from "jpeg-js";
import { PNG } from "pngjs";
import { chromium, type Browser, type Page } from "@playwright/test";
import { createWorker, OEM, type Worker as OcrWorker } from "tesseract.js";
import { createRequire } from "node:module";

const root = process.cwd();

export interface Raster {
  width: number;
  height: number;
  /** RGBA. */
  data: Uint8Array;
}

/**
 * A `width`×`height` photo of the report: the fixture scaled to `textWidth` px wide, centred on a
 * paper-coloured page lit unevenly, with sensor noise (seeded, so runs match). With a 1400 px text
 * block on a 3000×4000 photo, the letters are as large as 10-point print on an A4 page that fills the
 * frame of a 12-megapixel phone camera (about 26 px a character).
 */
export function reportPhoto(width: number, height: number, textWidth = width): Raster {
  const source = PNG.sync.read(readFileSync(path.join(root, "tests/fixtures/ocr-discharge.png")));
  const scale = source.width / textWidth;
  const textHeight = Math.round(source.height / scale);
  const top = Math.floor((height - textHeight) / 2);
  const left = Math.floor((width - textWidth) / 2);
  const data = new Uint8Array(width * height * 4);
  let seed = 12345;
  const noise = () => {
    // Sum of three uniforms: roughly Gaussian, ±18 at most.
    let sum = 0;
    for (let i = 0; i < 3; i++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      sum += seed / 0x7fffffff - 0.5;
    }
    return sum * 12;
  };
  const ink = (x: number, y: number) => {
    // Bilinear sample of the fixture's grey level (1 = paper, 0 = ink).
    const sx = Math.min(source.width - 1.001, Math.max(0, (x - left + 0.5) * scale - 0.5));
    const sy = Math.min(source.height - 1.001, Math.max(0, (y - top + 0.5) * scale - 0.5));
    const x0 = Math.floor(sx);
    const y0 = Math.floor(sy);
    const fx = sx - x0;
    const fy = sy - y0;
    const at = (xx: number, yy: number) => source.data[(yy * source.width + xx) * 4] / 255;
    return (at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx) * (1 - fy) + (at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx) * fy;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // Paper lit unevenly: brighter in the middle, as under a lamp.
      const light = 0.85 + 0.15 * Math.cos(((x / width - 0.5) * Math.PI) / 1.5) * Math.cos(((y / height - 0.5) * Math.PI) / 1.5);
      const level = y >= top && y < top + textHeight && x >= left && x < left + textWidth ? ink(x, y) : 1;
      const i = (y * width + x) * 4;
      data[i] = clamp(244 * light * level + 8 * (1 - level) + noise());
      data[i + 1] = clamp(238 * light * level + 10 * (1 - level) + noise());
      data[i + 2] = clamp(222 * light * level + 20 * (1 - level) + noise());
      data[i + 3] = 255;
    }
  }
  return { width, height, data };
}

const clamp = (value: number) => Math.max(0, Math.min(255, Math.round(value)));

/** The raster turned a quarter to the left: how a phone held sideways stores it, with EXIF orientation 6 to show it upright. */
export function rotatedLeft(image: Raster): Raster {
  const { width, height } = image;
  const data = new Uint8Array(width * height * 4);
  // Orientation 6 shows the stored picture turned a quarter to the right: stored (sx, sy) is upright (width - 1 - sy, sx).
  for (let sy = 0; sy < width; sy++)
    for (let sx = 0; sx < height; sx++) {
      const from = (sx * width + (width - 1 - sy)) * 4;
      const to = (sy * height + sx) * 4;
      data.set(image.data.subarray(from, from + 4), to);
    }
  return { width: height, height: width, data };
}

export function toPng(image: Raster): Buffer {
  const png = new PNG({ width: image.width, height: image.height });
  png.data = Buffer.from(image.data);
  return PNG.sync.write(png, { colorType: 2 });
}

/** A camera-like JPEG (quality 92), with an EXIF orientation tag when given. */
export function toJpeg(image: Raster, orientation?: number): Buffer {
  const encoded = Buffer.from(jpeg.encode({ width: image.width, height: image.height, data: image.data }, 92).data);
  if (!orientation) return encoded;
  // APP1 "Exif": a little-endian TIFF header and one IFD holding only Orientation (0x0112, SHORT).
  const tiff = Buffer.from([
    0x49,
    0x49,
    0x2a,
    0x00,
    0x08,
    0x00,
    0x00,
    0x00,
    0x01,
    0x00,
    0x12,
    0x01,
    0x03,
    0x00,
    0x01,
    0x00,
    0x00,
    0x00,
    orientation,
    0x00,
    0x00,
    0x00,
    0x00,
    0x00,
    0x00,
    0x00,
  ]);
  const payload = Buffer.concat([Buffer.from("Exif\0\0", "latin1"), tiff]);
  const segment = Buffer.concat([Buffer.from([0xff, 0xe1, (payload.length + 2) >> 8, (payload.length + 2) & 0xff]), payload]);
  return Buffer.concat([encoded.subarray(0, 2), segment, encoded.subarray(2)]);
}

export interface BrowserResult {
  name: string;
  type: string;
  originalSize: number;
  compressedSize: number;
  bytes: Buffer;
}

export interface PhotoPage {
  /** Compresses `bytes` as the File `name` (of `type`) in the page; `settings` override the module's defaults. */
  compress(name: string, type: string, bytes: Buffer, settings?: Record<string, number>): Promise<BrowserResult>;
  /** How many times the browser fetched the worker script. */
  workerLoads(): number;
  close(): Promise<void>;
}

export async function openPhotoPage(): Promise<PhotoPage> {
  const [app, worker] = await Promise.all([
    build({
      stdin: { contents: `import { compressPhoto } from "./client/compress-photo"; window.compressPhoto = compressPhoto;`, resolveDir: root, loader: "ts" },
      bundle: true,
      format: "esm",
      write: false,
      target: "es2022",
    }),
    build({ entryPoints: [path.join(root, "client/compress-photo.worker.ts")], bundle: true, format: "iife", write: false, target: "es2022" }),
  ]);
  const photos = new Map<string, Buffer>();
  let workerLoads = 0;
  const server: Server = createServer((request, response) => {
    const url = request.url ?? "/";
    const send = (type: string, body: string | Buffer) => response.writeHead(200, { "Content-Type": type }).end(body);
    if (url === "/") return send("text/html", `<!doctype html><title>photos</title><script type="module" src="/app.js"></script>`);
    if (url === "/app.js") return send("text/javascript", app.outputFiles[0].text);
    if (url === "/compress-photo.worker.ts") {
      workerLoads++;
      return send("text/javascript", worker.outputFiles[0].text);
    }
    const photo = photos.get(url);
    if (photo) return send("application/octet-stream", photo);
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser: Browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const page: Page = await browser.newPage();
  await page.goto(`${origin}/`);
  await page.waitForFunction(() => "compressPhoto" in window);
  let counter = 0;

  return {
    async compress(name, type, bytes, settings = {}) {
      const url = `/photo-${counter++}`;
      photos.set(url, bytes);
      const answer = await page.evaluate(
        async ({ url, name, type, settings }) => {
          const blob = await (await fetch(url)).blob();
          const file = new File([blob], name, { type });
          const compress = (
            window as unknown as { compressPhoto: (file: File, settings: object) => Promise<{ file: File; originalSize: number; compressedSize: number }> }
          ).compressPhoto;
          const result = await compress(file, settings);
          const buffer = new Uint8Array(await result.file.arrayBuffer());
          let binary = "";
          for (let i = 0; i < buffer.length; i += 0x8000) binary += String.fromCharCode(...buffer.subarray(i, i + 0x8000));
          return {
            name: result.file.name,
            type: result.file.type,
            originalSize: result.originalSize,
            compressedSize: result.compressedSize,
            base64: btoa(binary),
          };
        },
        { url, name, type, settings },
      );
      photos.delete(url);
      const { base64, ...rest } = answer;
      return { ...rest, bytes: Buffer.from(base64, "base64") };
    },
    workerLoads: () => workerLoads,
    async close() {
      await browser.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

let ocr: Promise<OcrWorker> | null = null;

/** Tesseract's English model from @tesseract.js-data/eng, offline, as lib/transcriptions/engines/ocr.ts loads it. */
export async function readText(image: Buffer): Promise<string> {
  ocr ??= createWorker("eng", OEM.LSTM_ONLY, {
    langPath: path.join(path.dirname(createRequire(path.join(root, "package.json")).resolve("@tesseract.js-data/eng/package.json")), "4.0.0_best_int"),
    gzip: true,
    cacheMethod: "none",
    errorHandler: () => {},
  });
  return (await (await ocr).recognize(image)).data.text;
}

export async function stopOcr(): Promise<void> {
  const current = ocr;
  ocr = null;
  if (current) await (await current).terminate();
}
