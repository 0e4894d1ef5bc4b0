import "server-only";
import { DicomFormatError, parseDicomHeader, type DicomHeader, type DicomMetadata } from "@/lib/dicom";
import { readDicomReport, type DicomReport } from "@/lib/dicom/report-text";
import { ByteReader } from "./bytes";
import { extractPdfPages } from "./pdf";
import { EngineError, type EngineInput, type EngineResult } from "./types";

/** The header is read in growing steps up to the pixel data; Structured Reports and encapsulated PDFs have none, so the whole file counts. */
const FIRST_READ_BYTES = 64 * 1024;
const MAX_HEADER_BYTES = 64 * 1024 * 1024;

/** A readable summary of the study (patient, study, series, modality, body part, dates, institution) and any report text in the file. */
export async function runDicomEngine(input: EngineInput): Promise<EngineResult> {
  const { header, bytes } = await readHeaderBytes(input);
  let report: DicomReport;
  try {
    report = readDicomReport(bytes);
  } catch (error) {
    throw new EngineError({ code: "dicom_unreadable", params: { detail: error instanceof Error ? error.message : String(error) } }, false);
  }

  const sections = [summary(header.metadata, report)];
  if (report.texts.length) sections.push(["Report", ...report.texts.map(({ label, text }) => `${label}:\n${text}`)].join("\n\n"));
  if (report.encapsulatedPdf) {
    const pages = await extractPdfPages(report.encapsulatedPdf);
    const text = pages
      .map((page) => page.text)
      .filter(Boolean)
      .join("\n\n");
    sections.push(`Encapsulated PDF report:\n${text || "(no text layer found)"}`);
  }
  return { status: "completed", engine: "dicom-parser", text: sections.join("\n\n") };
}

async function readHeaderBytes(input: EngineInput): Promise<{ header: DicomHeader; bytes: Buffer }> {
  const reader = new ByteReader(await input.open());
  let bytes = Buffer.alloc(0);
  try {
    for (let want = FIRST_READ_BYTES; ; want *= 4) {
      const target = Math.min(want, MAX_HEADER_BYTES);
      bytes = Buffer.concat([bytes, await reader.read(target - bytes.length)]);
      const header = parseDicomHeader(bytes, { complete: reader.ended, fileSize: input.size });
      if (header) return { header, bytes };
      if (bytes.length >= MAX_HEADER_BYTES)
        throw new EngineError({ code: "dicom_header_too_large", params: { limit: `${MAX_HEADER_BYTES / 1024 / 1024} MB` } }, false);
    }
  } catch (error) {
    if (error instanceof DicomFormatError) throw new EngineError({ code: "dicom_unreadable", params: { detail: error.detail } }, false);
    throw error;
  } finally {
    reader.close();
  }
}

function summary(metadata: DicomMetadata, { details }: DicomReport): string {
  const join = (...parts: (string | null | undefined | false)[]) => parts.filter(Boolean).join(", ") || null;
  const dateTime = (date: string | null, time: string | null) => (date ? [date, time].filter(Boolean).join(" ") : null);
  const lines: [string, string | null][] = [
    [
      "Patient",
      join(
        metadata.patientName,
        metadata.patientId && `ID ${metadata.patientId}`,
        details.patientBirthDate && `born ${details.patientBirthDate}`,
        details.patientSex,
      ),
    ],
    [
      "Study",
      join(
        metadata.studyDescription,
        dateTime(metadata.studyDate, details.studyTime),
        details.studyId && `study ID ${details.studyId}`,
        details.accessionNumber && `accession ${details.accessionNumber}`,
      ),
    ],
    ["Series", join(metadata.seriesDescription, details.seriesNumber && `series ${details.seriesNumber}`, details.seriesDate)],
    ["Modality", metadata.modality],
    ["Body part", metadata.bodyPartExamined],
    ["Content date", details.contentDate !== metadata.studyDate ? details.contentDate : null],
    ["Institution", join(metadata.institutionName, details.stationName && `station ${details.stationName}`)],
    ["Referring physician", details.referringPhysician],
    ["Equipment", details.manufacturer],
    [
      "Image",
      metadata.rows && metadata.columns
        ? join(
            `${metadata.columns} × ${metadata.rows}`,
            metadata.frames ? `${metadata.frames} frame${metadata.frames === 1 ? "" : "s"}` : null,
            metadata.photometricInterpretation,
          )
        : null,
    ],
    ["Transfer syntax", metadata.transferSyntax.name],
  ];
  return ["DICOM summary", ...lines.filter(([, value]) => value).map(([label, value]) => `${label}: ${value}`)].join("\n");
}
