import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { readSelection } from "@/client/imaging/read-selection";
import { relativePathOf } from "@/client/imaging/relative-path";
import { imagingProblems, keptStudies } from "@/client/imaging/limits";

/*
 * Reading a CD the patient chose (client/imaging/read-selection.ts), with the CD-like folder made by
 * dcmtk in tests/fixtures/dicom (make-cd.sh): two series of 16x16 CT-like images, a DICOMDIR, a viewer
 * program, autorun.inf, a thumbnail and a readme.
 */
const CD = path.join(__dirname, "../fixtures/dicom/cd");
const STUDY = "1.2.826.0.1.3680043.8.498.7101";

function filesUnder(folder: string, prefix = "cd"): { path: string; bytes: Buffer }[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? filesUnder(path.join(folder, entry.name), `${prefix}/${entry.name}`)
      : [{ path: `${prefix}/${entry.name}`, bytes: readFileSync(path.join(folder, entry.name)) }],
  );
}

/** A File as the directory picker gives it: with its path inside the chosen folder. */
function picked(relativePath: string, bytes: Buffer): File {
  const file = new File([new Uint8Array(bytes)], relativePath.split("/").pop()!);
  Object.defineProperty(file, "webkitRelativePath", { value: relativePath });
  return file;
}

const cd = (options: { withoutDicomDir?: boolean; rename?: (path: string) => string } = {}) =>
  filesUnder(CD)
    .filter((file) => !(options.withoutDicomDir && file.path.endsWith("DICOMDIR")))
    .map((file) => picked(options.rename ? options.rename(file.path) : file.path, file.bytes));

const names = (files: File[]) => files.map((file) => file.name).sort();

describe("reading a CD in the browser", () => {
  test("with its DICOMDIR: one study, two series with what the patient is shown, and the CD's programs skipped", async () => {
    const reading = await readSelection(cd());
    expect(reading.studies).toHaveLength(1);
    const [study] = reading.studies;
    expect(study).toMatchObject({ uid: STUDY, date: "2026-11-02", description: "CT THORAX" });
    expect(study.series.map((s) => [s.number, s.modality, s.bodyPart, s.description, s.files.length])).toEqual([
      [1, "CT", "CHEST", "AXIAL 5MM", 3],
      [2, "CT", "CHEST", "SCOUT", 2],
    ]);
    expect(study.series[0].files.map(relativePathOf)).toEqual([1, 2, 3].map((n) => `cd/DICOM/ST000001/SE000001/IM00000${n}`));
    expect(study.series[1].bytes).toBe(2 * 1554);
    expect(names(reading.skipped)).toEqual(["AUTORUN.INF", "README.TXT", "THUMB.BMP", "VIEWER.EXE"]);
    expect(reading.documents).toEqual([]);
    expect(reading.duplicates).toBe(0);
  });

  test("the DICOMDIR decides, matched case-insensitively (a CD shown in lower case); without it, each file's own header does", async () => {
    // The bytes of series 2's first image where the DICOMDIR names series 1's third: the DICOMDIR's
    // reading keeps the path's place; the headers' reading sees a second copy of series 2's image.
    const bytes = new Map(filesUnder(CD).map((file) => [file.path, file.bytes]));
    const swapped = (withoutDicomDir: boolean) =>
      [...bytes]
        .filter(([p]) => !(withoutDicomDir && p.endsWith("DICOMDIR")))
        .map(([p, b]) => picked(p.toLowerCase(), p.endsWith("SE000001/IM000003") ? bytes.get("cd/DICOM/ST000001/SE000002/IM000001")! : b));

    const fromDicomDir = await readSelection(swapped(false));
    expect(fromDicomDir.studies[0].series.map((s) => s.files.length)).toEqual([3, 2]);
    expect(fromDicomDir.duplicates).toBe(0);

    const fromHeaders = await readSelection(swapped(true));
    expect(fromHeaders.studies[0].series.map((s) => s.files.length)).toEqual([2, 2]);
    expect(fromHeaders.duplicates).toBe(1);
  });

  test("without a DICOMDIR: the headers give the same study; a PDF report stays a document; a copied image is sent once", async () => {
    const pdf = picked("cd/REPORT.PDF", Buffer.from("%PDF-1.4\n% the radiologist's report\n"));
    const copy = picked("cd/COPY/IM000001", filesUnder(CD).find((file) => file.path.endsWith("SE000001/IM000001"))!.bytes);
    const reading = await readSelection([...cd({ withoutDicomDir: true }), pdf, copy]);
    const [study] = reading.studies;
    expect(study.series.map((s) => [s.number, s.modality, s.bodyPart, s.description, s.files.length])).toEqual([
      [1, "CT", "CHEST", "AXIAL 5MM", 3],
      [2, "CT", "CHEST", "SCOUT", 2],
    ]);
    expect(reading.duplicates).toBe(1);
    expect(names(reading.documents)).toEqual(["REPORT.PDF"]);
    expect(names(reading.skipped)).toEqual(["AUTORUN.INF", "README.TXT", "THUMB.BMP", "VIEWER.EXE"]);
  });

  test("a header longer than the first slice is read by growing the slice, never reading the pixel data", async () => {
    // A 40 KB text element pushes the series' identity past the first 16 KiB read; 2 MB of pixel data follow.
    const { writeDicom, TS } = await import("../support/dicom-fixtures");
    const long = writeDicom(TS.explicitLittle, [
      [0x0008, 0x0018, "UI", "1.2.3.4.5.6"],
      [0x0008, 0x0020, "DA", "20261102"],
      [0x0008, 0x0060, "CS", "MR"],
      [0x0008, 0x1030, "LO", "HEAD"],
      [0x0010, 0x4000, "LT", "x".repeat(40_000)],
      [0x0020, 0x000d, "UI", "1.2.3.4"],
      [0x0020, 0x000e, "UI", "1.2.3.4.5"],
      [0x0020, 0x0011, "IS", "7"],
      [0x7fe0, 0x0010, "OW", new Uint8Array(2_000_000).fill(0x55)],
    ]);
    const file = picked("mr/IM1.dcm", long);
    const sliced: number[] = [];
    const slice = file.slice.bind(file);
    file.slice = (start?: number, end?: number) => {
      sliced.push((end ?? file.size) - (start ?? 0));
      return slice(start, end);
    };
    const reading = await readSelection([file]);
    expect(reading.studies[0].series[0]).toMatchObject({ uid: "1.2.3.4.5", number: 7, modality: "MR" });
    expect(sliced.length).toBeGreaterThan(2);
    expect(Math.max(...sliced)).toBeLessThan(100_000);
  });

  test("limits: a study over 3,000 images is refused until a series is left out; more than 5 studies never", async () => {
    const files = (n: number) => Array.from({ length: n }, () => new File([""], "IM"));
    const series = (uid: string, n: number) => ({ uid, number: 1, modality: "CT", bodyPart: null, description: null, files: files(n), bytes: n * 500_000 });
    const big = [{ uid: "1.1", date: null, description: null, series: [series("1.1.1", 2500), series("1.1.2", 600)] }];
    expect(imagingProblems(keptStudies(big, new Set())).map((p) => p.code)).toEqual(["study_too_many_images"]);
    expect(imagingProblems(keptStudies(big, new Set(["1.1.2"])))).toEqual([]);
    const six = Array.from({ length: 6 }, (_, i) => ({ uid: `2.${i}`, date: null, description: null, series: [series(`2.${i}.1`, 1)] }));
    expect(imagingProblems(six).map((p) => p.code)).toEqual(["too_many_studies"]);
  });
});
