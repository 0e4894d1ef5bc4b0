import * as dicomParserModule from "dicom-parser";
import type { DataSet } from "dicom-parser";
import { sniff, SNIFF_BYTES } from "@/lib/contracts/file-types";
import { relativePathOf } from "./relative-path";

/*
 * Reads a folder or a CD the patient chose, in the browser, before anything is sent: the DICOMDIR when
 * the selection has one (its directory records name each image file and its patient, study and series),
 * else the DICOM header of every file (the first bytes only: the slice grows until the header is read,
 * and stops before the pixel data). The images are grouped into studies and series for the patient to
 * see and choose from; documents (a PDF report) stay ordinary files; the rest of a CD (its viewer
 * program, autorun.inf, thumbnails) is skipped. The server never trusts this grouping: it indexes what
 * arrived from the files' own headers.
 */

// dicom-parser is a UMD bundle: under Node's ESM loader its functions sit on `default`, under the bundler on the namespace.
const { parseDicom } = (dicomParserModule as unknown as { default?: typeof dicomParserModule }).default ?? dicomParserModule;

const PIXEL_DATA = "x7fe00010";
/** The first slice of a file read for its header; doubled while the header goes on, up to the last. */
const FIRST_SLICE = 16 * 1024;
const MAX_HEADER_BYTES = 4 * 1024 * 1024;
/** Files read at once, and how long the page may be kept busy before it gets a turn. */
const PARALLEL_READS = 4;
const BUSY_MS = 12;

export interface ImagingSeriesSelection {
  /** The Series Instance UID. */
  uid: string;
  number: number | null;
  modality: string | null;
  bodyPart: string | null;
  description: string | null;
  /** Its image files, each SOP Instance UID once, in instance order where known. */
  files: File[];
  bytes: number;
}

export interface ImagingStudySelection {
  /** The Study Instance UID. */
  uid: string;
  /** ISO date (YYYY-MM-DD). */
  date: string | null;
  description: string | null;
  series: ImagingSeriesSelection[];
}

export interface SelectionReading {
  studies: ImagingStudySelection[];
  /** Files that are not images but documents a patient may send (a PDF report in the folder). */
  documents: File[];
  /** What a CD carries besides (viewer program, autorun.inf, thumbnails, DICOM files without an image's identity). */
  skipped: File[];
  /** Image files whose SOP Instance UID another file of the selection already has: sent once. */
  duplicates: number;
}

/** jsdom's Blob has no arrayBuffer(): FileReader there, the standard method elsewhere. */
function bytesOf(blob: Blob): Promise<Uint8Array> {
  if (typeof blob.arrayBuffer === "function") return blob.arrayBuffer().then((buffer) => new Uint8Array(buffer));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

/** A data set's text value, trimmed; null when absent or empty. */
const text = (dataSet: DataSet, tag: string): string | null => dataSet.string(tag)?.trim() || null;
const integer = (dataSet: DataSet, tag: string): number | null => {
  const value = Number.parseInt(dataSet.string(tag) ?? "", 10);
  return Number.isFinite(value) ? value : null;
};
const isoDate = (value: string | null) => (value && /^\d{8}$/.test(value) ? `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}` : null);

/**
 * A DICOM file's header, read from its first bytes (the slice grows while the header goes on, and
 * never reaches the pixel data); null when the file is not DICOM or its header cannot be read.
 */
export async function readHeader(file: File): Promise<DataSet | null> {
  let size = Math.min(file.size, FIRST_SLICE);
  const head = await bytesOf(file.slice(0, Math.min(file.size, SNIFF_BYTES)));
  if (sniff(head, file.name)?.kind !== "dicom") return null;
  for (;;) {
    const bytes = await bytesOf(file.slice(0, size));
    try {
      return parseDicom(bytes, { untilTag: PIXEL_DATA });
    } catch (failure) {
      // The slice ended inside the header: read more. At the whole file, what could be read is kept.
      if (size < file.size && size < MAX_HEADER_BYTES) {
        size = Math.min(file.size, size * 4, MAX_HEADER_BYTES);
        continue;
      }
      const partial = (failure as { dataSet?: DataSet } | null)?.dataSet;
      return partial && text(partial, "x00080018") ? partial : null;
    }
  }
}

interface ImageEntry {
  file: File;
  sopInstanceUid: string;
  instanceNumber: number | null;
  study: { uid: string; date: string | null; description: string | null };
  series: { uid: string; number: number | null; modality: string | null; bodyPart: string | null; description: string | null };
}

function entryFromHeader(file: File, header: DataSet): ImageEntry | null {
  const sopInstanceUid = text(header, "x00080018");
  const studyUid = text(header, "x0020000d");
  const seriesUid = text(header, "x0020000e");
  if (!sopInstanceUid || !studyUid || !seriesUid) return null;
  return {
    file,
    sopInstanceUid,
    instanceNumber: integer(header, "x00200013"),
    study: { uid: studyUid, date: isoDate(text(header, "x00080020")), description: text(header, "x00081030") },
    series: {
      uid: seriesUid,
      number: integer(header, "x00200011"),
      modality: text(header, "x00080060"),
      bodyPart: text(header, "x00180015"),
      description: text(header, "x0008103e"),
    },
  };
}

const isDicomDir = (file: File) => file.name.toUpperCase() === "DICOMDIR";
const folderOf = (path: string) => (path.includes("/") ? path.slice(0, path.lastIndexOf("/") + 1) : "");

/**
 * The image entries a DICOMDIR names, keyed by the referenced file's path in the selection (upper
 * case: CDs are ISO 9660, whose names the operating system may show in either case). Records are
 * linked by offsets (next record, first child); where those cannot be followed, by their order.
 */
async function readDicomDir(dicomDir: File): Promise<Map<string, Omit<ImageEntry, "file">>> {
  const entries = new Map<string, Omit<ImageEntry, "file">>();
  let dataSet: DataSet;
  try {
    dataSet = parseDicom(await bytesOf(dicomDir));
  } catch {
    return entries;
  }
  const records = dataSet.elements.x00041220?.items ?? [];
  const base = folderOf(relativePathOf(dicomDir)).toUpperCase();
  const byOffset = new Map<number, DataSet>();
  // An offset names the first byte of the record's item tag, 8 bytes before its data.
  for (const record of records) if (record.dataSet) byOffset.set(record.dataOffset - 8, record.dataSet);

  let study: ImageEntry["study"] = { uid: "", date: null, description: null };
  let series: ImageEntry["series"] = { uid: "", number: null, modality: null, bodyPart: null, description: null };
  const visit = (record: DataSet) => {
    const type = text(record, "x00041430");
    if (type === "STUDY") study = { uid: text(record, "x0020000d") ?? "", date: isoDate(text(record, "x00080020")), description: text(record, "x00081030") };
    else if (type === "SERIES")
      series = {
        uid: text(record, "x0020000e") ?? "",
        number: integer(record, "x00200011"),
        modality: text(record, "x00080060"),
        bodyPart: text(record, "x00180015"),
        description: text(record, "x0008103e"),
      };
    else if (type === "PATIENT" || !type) return;
    const fileId = record.string("x00041500");
    const sopInstanceUid = text(record, "x00041511");
    if (type !== "STUDY" && type !== "SERIES" && fileId && sopInstanceUid && study.uid && series.uid)
      entries.set(base + fileId.trim().replace(/\\/g, "/").toUpperCase(), {
        sopInstanceUid,
        instanceNumber: integer(record, "x00200013"),
        study: { ...study },
        series: { ...series },
      });
  };
  const walk = (offset: number, depth: number, seen: Set<number>) => {
    for (let at = offset; at && !seen.has(at) && depth < 8;) {
      seen.add(at);
      const record = byOffset.get(at);
      if (!record) return false;
      visit(record);
      const child = record.uint32("x00041420");
      if (child && !walk(child, depth + 1, seen)) return false;
      at = record.uint32("x00041400") ?? 0;
    }
    return true;
  };
  const root = dataSet.uint32("x00041200");
  if (!root || !walk(root, 0, new Set())) {
    entries.clear();
    for (const record of records) if (record.dataSet) visit(record.dataSet);
  }
  return entries;
}

/** Gives the page a turn when it has been busy for a while (3,000 files must not freeze it). */
function yielder() {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < BUSY_MS) return;
    await new Promise((resolve) => setTimeout(resolve, 0));
    since = performance.now();
  };
}

/** Runs `work` over `items`, a few at a time, reporting progress. */
async function eachInTurn<T>(items: T[], work: (item: T) => Promise<void>, onProgress?: (done: number) => void) {
  const pause = yielder();
  let next = 0;
  let done = 0;
  await Promise.all(
    Array.from({ length: Math.min(PARALLEL_READS, items.length) }, async () => {
      while (next < items.length) {
        await work(items[next++]);
        onProgress?.(++done);
        await pause();
      }
    }),
  );
}

/** Reads a selection (see above). `onProgress` hears how many files have been read. */
export async function readSelection(files: File[], options: { onProgress?: (done: number, total: number) => void } = {}): Promise<SelectionReading> {
  const dicomDirs = files.filter(isDicomDir);
  const listed = new Map<string, Omit<ImageEntry, "file">>();
  for (const dicomDir of dicomDirs) for (const [path, entry] of await readDicomDir(dicomDir)) listed.set(path, entry);

  const images: ImageEntry[] = [];
  const documents: File[] = [];
  const skipped: File[] = [];
  const others = files.filter((file) => !isDicomDir(file));
  const headerRead = new Set<string>();
  await eachInTurn(
    others,
    async (file) => {
      const fromDir = listed.get(relativePathOf(file).toUpperCase());
      const head = await bytesOf(file.slice(0, Math.min(file.size, SNIFF_BYTES)));
      const kind = sniff(head, file.name)?.kind;
      if (kind === "dicom" && fromDir) {
        images.push({ ...fromDir, file });
        return;
      }
      if (kind === "pdf") documents.push(file);
      else if (kind !== "dicom") skipped.push(file);
      else {
        const header = await readHeader(file);
        const entry = header && entryFromHeader(file, header);
        if (entry) {
          images.push(entry);
          headerRead.add(entry.series.uid);
        } else skipped.push(file);
      }
    },
    (done) => options.onProgress?.(done, others.length),
  );

  // A DICOMDIR rarely names a series' body part or description: the first file of each such series tells.
  const firstOfSeries = new Map<string, ImageEntry>();
  for (const image of images) if (!firstOfSeries.has(image.series.uid)) firstOfSeries.set(image.series.uid, image);
  for (const [uid, image] of firstOfSeries) {
    if (headerRead.has(uid) || (image.series.bodyPart && image.series.description && image.study.description)) continue;
    const header = await readHeader(image.file);
    const fromFile = header && entryFromHeader(image.file, header);
    if (!fromFile) continue;
    for (const other of images)
      if (other.series.uid === uid) {
        other.series.bodyPart ??= fromFile.series.bodyPart;
        other.series.description ??= fromFile.series.description;
        other.study.description ??= fromFile.study.description;
        other.study.date ??= fromFile.study.date;
      }
  }
  return { ...group(images), documents, skipped };
}

/** Studies by date, series by number, images by instance number; each SOP Instance UID once. */
function group(images: ImageEntry[]): { studies: ImagingStudySelection[]; duplicates: number } {
  const seen = new Set<string>();
  const studies = new Map<string, ImagingStudySelection>();
  const seriesOf = new Map<string, ImagingSeriesSelection & { order: (number | null)[] }>();
  let duplicates = 0;
  for (const image of images) {
    if (seen.has(image.sopInstanceUid)) {
      duplicates++;
      continue;
    }
    seen.add(image.sopInstanceUid);
    let study = studies.get(image.study.uid);
    if (!study) studies.set(image.study.uid, (study = { uid: image.study.uid, date: image.study.date, description: image.study.description, series: [] }));
    study.date ??= image.study.date;
    study.description ??= image.study.description;
    let series = seriesOf.get(image.series.uid);
    if (!series) {
      series = { ...image.series, files: [], bytes: 0, order: [] };
      seriesOf.set(image.series.uid, series);
      study.series.push(series);
    }
    series.files.push(image.file);
    series.order.push(image.instanceNumber);
    series.bytes += image.file.size;
  }
  for (const series of seriesOf.values()) {
    const sorted = series.files.map((file, i) => ({ file, n: series.order[i] ?? Number.MAX_SAFE_INTEGER, path: relativePathOf(file) }));
    sorted.sort((a, b) => a.n - b.n || a.path.localeCompare(b.path));
    series.files = sorted.map((entry) => entry.file);
  }
  const list = [...studies.values()].map((study) => ({
    ...study,
    series: study.series
      .map(({ uid, number, modality, bodyPart, description, files, bytes }) => ({ uid, number, modality, bodyPart, description, files, bytes }))
      .sort((a, b) => (a.number ?? Number.MAX_SAFE_INTEGER) - (b.number ?? Number.MAX_SAFE_INTEGER)),
  }));
  list.sort((a, b) => (a.date ?? "").localeCompare(b.date ?? ""));
  return { studies: list, duplicates };
}
