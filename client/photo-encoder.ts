/**
 * Re-encodes a photo as JPEG with the browser's own codecs (createImageBitmap to decode, a canvas to
 * scale and encode). Runs unchanged in a worker (OffscreenCanvas) and on the page. Used by
 * client/compress-photo.ts; nothing is downloaded at run time.
 */
export interface EncodeSettings {
  /** The longest side of the result, in pixels; smaller photos keep their size. */
  maxSide: number;
  /** JPEG quality, 0–1. */
  quality: number;
}

/** The JPEG, or null when this browser cannot decode the photo (e.g. HEIC in Chromium). */
export async function encodeJpeg(source: Blob, { maxSide, quality }: EncodeSettings): Promise<Blob | null> {
  let bitmap: ImageBitmap;
  try {
    // "from-image" applies the EXIF orientation: the pixels come out upright, so the JPEG (which
    // carries no EXIF) shows the page the right way up.
    bitmap = await createImageBitmap(source, { imageOrientation: "from-image" });
  } catch {
    return null;
  }
  try {
    const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = makeCanvas(width, height);
    const context = canvas.getContext("2d") as OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null;
    if (!context) return null;
    // JPEG has no transparency: a transparent PNG would otherwise turn black.
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, width, height);
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = "high";
    context.drawImage(bitmap, 0, 0, width, height);
    return await toJpeg(canvas, quality);
  } finally {
    bitmap.close();
  }
}

function makeCanvas(width: number, height: number): OffscreenCanvas | HTMLCanvasElement {
  if (typeof OffscreenCanvas !== "undefined") return new OffscreenCanvas(width, height);
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

function toJpeg(canvas: OffscreenCanvas | HTMLCanvasElement, quality: number): Promise<Blob | null> {
  if ("convertToBlob" in canvas) return canvas.convertToBlob({ type: "image/jpeg", quality });
  return new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", quality));
}
