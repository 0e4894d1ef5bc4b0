import "server-only";
import dcmjs from "dcmjs";
import * as dicomParserModule from "dicom-parser";

// dicom-parser is a UMD bundle: under Node's ESM loader its functions sit on `default`, under the bundler on the namespace.
const { parseDicom } = (dicomParserModule as unknown as { default?: typeof dicomParserModule }).default ?? dicomParserModule;
const { DicomDict, DicomMetaDictionary } = dcmjs.data;

/*
 * The DICOMDIR of a study's zip (PS3.10 file-set, PS3.3 F.5 Basic Directory): one PATIENT record,
 * one STUDY, a SERIES per series, an IMAGE per file. dcmjs writes the data set; the records' byte
 * offsets (which point at each other) are only known once written, so they are written as zero,
 * located with dicom-parser and filled in place (each is a 4-byte UL: nothing moves).
 */

const MEDIA_STORAGE_DIRECTORY = "1.2.840.10008.1.3.10";
const EXPLICIT_VR_LITTLE_ENDIAN = "1.2.840.10008.1.2.1";
/** The UID root of the files this app writes (2.25: UUID-derived, PS3.5 B.2). */
const IMPLEMENTATION_CLASS_UID = "2.25.186105626212813376386404155373045713549";
const SECONDARY_CAPTURE = "1.2.840.10008.5.1.4.1.1.7";

const NEXT = "x00041400";
const LOWER = "x00041420";
const RECORDS = "x00041220";

export interface DicomdirStudy {
  patientName: string | null;
  patientId: string | null;
  studyInstanceUid: string;
  studyDate: string | null;
  description: string | null;
  accessionNumber: string | null;
  series: {
    seriesInstanceUid: string;
    seriesNumber: number | null;
    modality: string | null;
    instances: { fileId: string[]; sopInstanceUid: string; sopClassUid: string | null; transferSyntaxUid: string; instanceNumber: number | null }[];
  }[];
}

/** Path components of a file-set (PS3.10 8.2): up to 8 characters of A-Z, 0-9 and _. */
export function fileSetComponent(prefix: string, index: number, width: number): string {
  return `${prefix}${String(index).padStart(width, "0")}`.slice(0, 8);
}

const text = (value: string | null | undefined, max = 64) => (value ?? "").slice(0, max);
const uint32 = (value: number) => ({ vr: "UL", Value: [value] });

export function buildDicomdir(study: DicomdirStudy): Buffer {
  type DirRecord = { type: "PATIENT" | "STUDY" | "SERIES" | "IMAGE"; next?: number; lower?: number; fields: { [key: string]: unknown } };
  const records: DirRecord[] = [];
  const patient: DirRecord = { type: "PATIENT", fields: { PatientName: text(study.patientName), PatientID: text(study.patientId) } };
  const studyRecord: DirRecord = {
    type: "STUDY",
    fields: {
      StudyInstanceUID: study.studyInstanceUid,
      StudyDate: study.studyDate?.replace(/-/g, "") ?? "",
      StudyTime: "",
      StudyDescription: text(study.description),
      StudyID: "",
      AccessionNumber: text(study.accessionNumber, 16),
    },
  };
  records.push(patient, studyRecord);
  patient.lower = 1;
  studyRecord.lower = 2;
  let previousSeries: DirRecord | null = null;
  for (const series of study.series) {
    const seriesRecord: DirRecord = {
      type: "SERIES",
      fields: { Modality: text(series.modality, 16) || "OT", SeriesInstanceUID: series.seriesInstanceUid, SeriesNumber: series.seriesNumber ?? "" },
    };
    if (previousSeries) previousSeries.next = records.length;
    previousSeries = seriesRecord;
    records.push(seriesRecord);
    seriesRecord.lower = records.length;
    series.instances.forEach((instance, index) => {
      records.push({
        type: "IMAGE",
        next: index < series.instances.length - 1 ? records.length + 1 : undefined,
        fields: {
          ReferencedFileID: instance.fileId,
          ReferencedSOPClassUIDInFile: instance.sopClassUid ?? SECONDARY_CAPTURE,
          ReferencedSOPInstanceUIDInFile: instance.sopInstanceUid,
          ReferencedTransferSyntaxUIDInFile: instance.transferSyntaxUid,
          InstanceNumber: instance.instanceNumber ?? "",
        },
      });
    });
  }

  const meta = DicomMetaDictionary.denaturalizeDataset({
    FileMetaInformationVersion: new Uint8Array([0, 1]).buffer,
    MediaStorageSOPClassUID: MEDIA_STORAGE_DIRECTORY,
    MediaStorageSOPInstanceUID: DicomMetaDictionary.uid(),
    TransferSyntaxUID: EXPLICIT_VR_LITTLE_ENDIAN,
    ImplementationClassUID: IMPLEMENTATION_CLASS_UID,
  });
  const dict = new DicomDict(meta);
  const dataSet = DicomMetaDictionary.denaturalizeDataset({
    FileSetID: "AFYABRIDGE",
    FileSetConsistencyFlag: 0,
    DirectoryRecordSequence: records.map((record) => ({ RecordInUseFlag: 0xffff, DirectoryRecordType: record.type, ...record.fields })),
  });
  // dcmjs's dictionary gives the offsets the pseudo-VR "up": they are written as UL.
  dataSet["00041200"] = uint32(0);
  dataSet["00041202"] = uint32(0);
  (dataSet["00041220"].Value as Record<string, unknown>[]).forEach((item) => {
    Object.assign(item, { "00041400": uint32(0), "00041420": uint32(0) });
  });
  dict.dict = dataSet;
  const bytes = Buffer.from(dict.write());

  // Where each record's item starts (its tag), from the start of the file.
  const parsed = parseDicom(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length));
  const items = parsed.elements[RECORDS]?.items ?? [];
  if (items.length !== records.length) throw new Error("DICOMDIR: the written records could not be found again");
  const starts = items.map((item) => item.dataOffset - 8);
  const put = (element: { dataOffset: number } | undefined, value: number) => {
    if (!element) throw new Error("DICOMDIR: an offset element is missing");
    bytes.writeUInt32LE(value, element.dataOffset);
  };
  put(parsed.elements.x00041200, starts[0]);
  put(parsed.elements.x00041202, starts[0]);
  items.forEach((item, index) => {
    const record = records[index];
    put(item.dataSet!.elements[NEXT], record.next !== undefined ? starts[record.next] : 0);
    put(item.dataSet!.elements[LOWER], record.lower !== undefined ? starts[record.lower] : 0);
  });
  return bytes;
}
