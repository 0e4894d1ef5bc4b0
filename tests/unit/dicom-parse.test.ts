/** @jest-environment node */
import { Readable } from "node:stream";
import { DicomFormatError, formatDicomDate, formatPersonName, parseDicomHeader, readDicomHeader } from "@/lib/dicom";
import { dicomImage, dicomImageHeader, explicitGradient16, implicit8, jpegEncapsulated, malformedDicom, TS } from "@/tests/support/dicom-fixtures";

const whole = (bytes: Buffer) => parseDicomHeader(bytes, { complete: true, fileSize: bytes.length });

describe("DICOM values", () => {
  test.each([
    ["Doe^John", "John Doe"],
    ["Doe^John^Paul^Dr^Jr", "Dr John Paul Doe Jr"],
    ["Bello", "Bello"],
    ["^^^", null],
    ["=Yamada^Taro", "Taro Yamada"],
    ["", null],
  ])("person name %j → %j", (value, expected) => expect(formatPersonName(value)).toBe(expected));

  test.each([
    ["20240315", "2024-03-15"],
    ["2024.03.15", "2024-03-15"],
    ["20240231", null],
    ["2024", null],
    ["", null],
  ])("date %j → %j", (value, expected) => expect(formatDicomDate(value)).toBe(expected));
});

describe("DICOM headers", () => {
  test("explicit VR little endian: patient, study, series and image metadata", () => {
    const header = whole(explicitGradient16())!;
    expect(header.metadata).toEqual({
      patientName: "John Doe",
      patientId: "AFY-12345",
      modality: "MR",
      studyDate: "2024-03-15",
      studyDescription: "Brain MRI",
      bodyPartExamined: "HEAD",
      seriesDescription: "T1 axial",
      institutionName: "Lagos University Teaching Hospital",
      rows: 64,
      columns: 64,
      frames: 1,
      photometricInterpretation: "MONOCHROME2",
      transferSyntax: { uid: TS.explicitLittle, name: "Explicit VR Little Endian" },
    });
    expect(header.preview.renderable).toBe(true);
  });

  test("implicit VR little endian and explicit big endian read the same way", () => {
    expect(whole(implicit8())!.metadata).toMatchObject({
      patientName: "John Doe",
      rows: 48,
      columns: 32,
      transferSyntax: { name: "Implicit VR Little Endian" },
    });
    const big = whole(dicomImage({ rows: 4, columns: 6, transferSyntax: TS.explicitBig }))!;
    expect(big.metadata).toMatchObject({ modality: "MR", rows: 4, columns: 6, transferSyntax: { name: "Explicit VR Big Endian" } });
    expect(big.preview.renderable).toBe(true);
  });

  test("JPEG transfer syntax: metadata, but not renderable", () => {
    const header = whole(jpegEncapsulated())!;
    expect(header.metadata).toMatchObject({ patientName: "John Doe", transferSyntax: { uid: TS.jpegBaseline, name: "JPEG Baseline (Process 1)" } });
    expect(header.preview).toEqual({ renderable: false, reason: "compressed" });
  });

  test("palette and YBR images, images past the render cap and cut-off pixels are not renderable", () => {
    expect(whole(dicomImage({ rows: 2, columns: 2, photometric: "PALETTE COLOR" }))!.preview).toEqual({ renderable: false, reason: "unsupported_image" });
    expect(whole(dicomImage({ rows: 2, columns: 2, bitsAllocated: 8, photometric: "YBR_FULL" }))!.preview).toEqual({
      renderable: false,
      reason: "unsupported_image",
    });
    expect(whole(dicomImage({ rows: 2, columns: 2, bitsAllocated: 8, photometric: "RGB" }))!.preview.renderable).toBe(true);

    // 6000 × 6000 × 16 bits = 72 MB of pixels: the header alone decides, without reading them.
    const huge = dicomImageHeader({ rows: 6000, columns: 6000 });
    const header = parseDicomHeader(huge, { complete: false, fileSize: huge.length + 72_000_000 })!;
    expect(header.metadata).toMatchObject({ rows: 6000, columns: 6000 });
    expect(header.preview).toEqual({ renderable: false, reason: "too_large" });

    // The cap is 64 MiB up to the end of the first frame: 4096 × 8192 × 16 bits is exactly 64 MiB of pixels (plus the
    // header: too large), two columns fewer fit.
    const frameFile = (columns: number) => {
      const bytes = dicomImageHeader({ rows: 4096, columns });
      return parseDicomHeader(bytes, { complete: false, fileSize: bytes.length + 4096 * columns * 2 })!.preview;
    };
    expect(frameFile(8192)).toEqual({ renderable: false, reason: "too_large" });
    expect(frameFile(8190)).toMatchObject({ renderable: true });

    const small = dicomImageHeader({ rows: 512, columns: 512 });
    expect(parseDicomHeader(small, { complete: false, fileSize: small.length + 512 * 512 * 2 })!.preview).toMatchObject({ renderable: true });
    expect(parseDicomHeader(small, { complete: true, fileSize: small.length + 100 })!.preview).toEqual({ renderable: false, reason: "no_image" });
  });

  test("a beginning of a file asks for more bytes; a broken or foreign file is refused", () => {
    const file = explicitGradient16();
    expect(parseDicomHeader(file.subarray(0, 100), { complete: false, fileSize: file.length })).toBeNull();
    expect(parseDicomHeader(file.subarray(0, 300), { complete: false, fileSize: file.length })).toBeNull();
    expect(() => whole(malformedDicom())).toThrow(DicomFormatError);
    expect(() => whole(Buffer.from("%PDF-1.4 not a dicom file at all, but long enough to have a preamble".repeat(4)))).toThrow(DicomFormatError);
    expect(() => whole(Buffer.concat([Buffer.alloc(128), Buffer.from("DICM"), Buffer.alloc(50, 0x41)]))).toThrow("This file could not be read as DICOM.");
  });

  test("streams: metadata reads only the header", async () => {
    // 4 MiB of pixel data after the header: the metadata read must stop long before it.
    const big = dicomImage({ rows: 1024, columns: 2048 });
    let delivered = 0;
    const stream = Readable.from(
      (function* () {
        for (let at = 0; at < big.length; at += 16 * 1024) {
          delivered += Math.min(16 * 1024, big.length - at);
          yield big.subarray(at, at + 16 * 1024);
        }
      })(),
    );
    const result = await readDicomHeader(stream, big.length);
    expect(result.metadata.columns).toBe(2048);
    expect(delivered).toBeLessThanOrEqual(128 * 1024);
    expect(stream.destroyed).toBe(true);

    await expect(readDicomHeader(Readable.from([malformedDicom()]), malformedDicom().length)).rejects.toThrow(DicomFormatError);
  });
});
