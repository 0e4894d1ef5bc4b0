import "server-only";
import * as dicomParserModule from "dicom-parser";
import type { DataSet } from "dicom-parser";
import { formatDicomDate, formatPersonName } from "./parse";
import { IMPLICIT_VR_LITTLE_ENDIAN } from "./transfer-syntax";

// dicom-parser is a UMD bundle: under Node's ESM loader its functions sit on `default`, under the bundler on the namespace.
const { parseDicom } = (dicomParserModule as unknown as { default?: typeof dicomParserModule }).default ?? dicomParserModule;

/** Header fields a reader of a study wants beyond DicomMetadata (lib/dicom/parse.ts), already formatted. */
export interface DicomReportDetails {
  patientBirthDate: string | null;
  patientSex: string | null;
  /** "HH:MM" (or "HH:MM:SS"). */
  studyTime: string | null;
  studyId: string | null;
  accessionNumber: string | null;
  referringPhysician: string | null;
  seriesNumber: string | null;
  seriesDate: string | null;
  contentDate: string | null;
  manufacturer: string | null;
  stationName: string | null;
}

/** One piece of free text found in the file, with what it is (an SR concept name or the attribute's name). */
export interface DicomReportText {
  label: string;
  text: string;
}

export interface DicomReport {
  details: DicomReportDetails;
  texts: DicomReportText[];
  /** An Encapsulated PDF (a report stored as a DICOM file), for the caller to extract. */
  encapsulatedPdf: Uint8Array | null;
}

/** Free-text attributes worth showing, in the order a reader expects them. */
const TEXT_ATTRIBUTES: [tag: string, label: string][] = [
  ["x00321060", "Requested procedure"],
  ["x00401002", "Reason for the requested procedure"],
  ["x00321030", "Reason for study"],
  ["x001021b0", "Additional patient history"],
  ["x00104000", "Patient comments"],
  ["x00324000", "Study comments"],
  ["x00204000", "Image comments"],
  ["x4008010b", "Interpretation text"],
  ["x40080300", "Impressions"],
];

const CONTENT_SEQUENCE = "x0040a730";
const TEXT_VALUE = "x0040a160";
const CONCEPT_NAME_CODE_SEQUENCE = "x0040a043";
const CODE_MEANING = "x00080104";
const ENCAPSULATED_DOCUMENT = "x00420011";
const PIXEL_DATA = "x7fe00010";

/**
 * Reads the report-like content of a DICOM file: extra header details and any embedded text —
 * Structured Report text items (TextValue (0040,A160) anywhere in the content tree, labelled with
 * their concept name), comments and interpretation attributes — and an encapsulated PDF if there is
 * one. `bytes` must hold the header (everything before the pixel data); the caller has validated it
 * with parseDicomHeader, so a parse failure here throws dicom-parser's own error.
 */
export function readDicomReport(bytes: Uint8Array): DicomReport {
  const hasPreamble = bytes.length >= 132 && String.fromCharCode(...bytes.subarray(128, 132)) === "DICM";
  const dataSet = parseDicom(bytes, { untilTag: PIXEL_DATA, ...(hasPreamble ? {} : { TransferSyntaxUID: IMPLICIT_VR_LITTLE_ENDIAN }) });
  const decoder = new TextDecoder((dataSet.string("x00080005") ?? "").includes("ISO_IR 192") ? "utf-8" : "latin1");
  const text = textReader(decoder);
  const top = (tag: string) => text(dataSet, tag);

  const details: DicomReportDetails = {
    patientBirthDate: formatDicomDate(top("x00100030")),
    patientSex: sexName(top("x00100040")),
    studyTime: formatDicomTime(top("x00080030")),
    studyId: top("x00200010"),
    accessionNumber: top("x00080050"),
    referringPhysician: formatPersonName(top("x00080090")),
    seriesNumber: top("x00200011"),
    seriesDate: formatDicomDate(top("x00080021")),
    contentDate: formatDicomDate(top("x00080023")),
    manufacturer: top("x00080070"),
    stationName: top("x00081010"),
  };

  const texts: DicomReportText[] = [];
  for (const [tag, label] of TEXT_ATTRIBUTES) {
    const value = top(tag);
    if (value) texts.push({ label, text: value });
  }
  collectStructuredText(dataSet, text, texts, null, 0);

  const document = dataSet.elements[ENCAPSULATED_DOCUMENT];
  const isPdf = (top("x00420012") ?? "").toLowerCase() === "application/pdf";
  const encapsulatedPdf =
    isPdf && document && !document.hadUndefinedLength && document.dataOffset + document.length <= dataSet.byteArray.length
      ? dataSet.byteArray.subarray(document.dataOffset, document.dataOffset + document.length)
      : null;

  return { details, texts, encapsulatedPdf };
}

type TextOf = (dataSet: DataSet, tag: string) => string | null;

function textReader(decoder: TextDecoder): TextOf {
  return (dataSet, tag) => {
    const element = dataSet.elements[tag];
    if (!element || !element.length || element.hadUndefinedLength) return null;
    if (element.dataOffset + element.length > dataSet.byteArray.length) return null;
    const value = decoder
      .decode(dataSet.byteArray.subarray(element.dataOffset, element.dataOffset + element.length))
      .replace(/\0+$/, "")
      .replace(/\r\n?/g, "\n")
      .trim();
    return value || null;
  };
}

/** SR content items nest (CONTAINER → TEXT...); each TEXT item's value, labelled with its own concept name or its container's. */
function collectStructuredText(dataSet: DataSet, text: TextOf, out: DicomReportText[], containerLabel: string | null, depth: number) {
  if (depth > 16) return;
  const items = dataSet.elements[CONTENT_SEQUENCE]?.items ?? [];
  for (const item of items) {
    if (!item.dataSet) continue;
    const concept = item.dataSet.elements[CONCEPT_NAME_CODE_SEQUENCE]?.items?.[0]?.dataSet;
    const label = (concept && text(concept, CODE_MEANING)) || containerLabel;
    const value = text(item.dataSet, TEXT_VALUE);
    if (value) out.push({ label: label ?? "Report text", text: value });
    collectStructuredText(item.dataSet, text, out, label, depth + 1);
  }
}

/** DICOM times are HHMMSS.FFFFFF (older files HH:MM:SS); shown as HH:MM or HH:MM:SS. */
export function formatDicomTime(value: string | null): string | null {
  const match = value?.trim().match(/^(\d{2}):?(\d{2})?:?(\d{2})?/);
  if (!match || Number(match[1]) > 23 || (match[2] && Number(match[2]) > 59)) return null;
  return [match[1], match[2] ?? "00", match[3]].filter(Boolean).join(":");
}

function sexName(value: string | null): string | null {
  if (value === "M") return "male";
  if (value === "F") return "female";
  if (value === "O") return "other";
  return value;
}
