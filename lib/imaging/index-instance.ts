import "server-only";
import { audit, systemActor, type AuditActor } from "@/lib/audit";
import { DICOM_MIME_TYPE } from "@/lib/contracts/files";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/db/generated/client";
import { DicomFormatError, readDicomHeader, type DicomHeader } from "@/lib/dicom";
import { log } from "@/lib/log";
import { getStore, StorageNotFoundError } from "@/lib/storage";

/*
 * A case's DICOM files filed as studies, series and instances, from the headers of the stored bytes
 * (never from what the browser said). One instance per SOP Instance UID and case: a second file with
 * the same UID is not kept. A DICOM file without its three UIDs stays a plain file.
 */

type Tx = Prisma.TransactionClient;

/** The header of a DICOM file as it indexes: null when it has not the three UIDs (or cannot be read as DICOM). */
export type IndexableHeader = DicomHeader & { identity: { studyInstanceUid: string; seriesInstanceUid: string; sopInstanceUid: string } };

/** Reads a stored file's header (its first kilobytes); null when it cannot be indexed. */
export async function readIndexableHeader(storageKey: string, size: number): Promise<IndexableHeader | null> {
  try {
    const header = await readDicomHeader(await getStore().get(storageKey), size);
    const { studyInstanceUid, seriesInstanceUid, sopInstanceUid } = header.identity;
    return studyInstanceUid && seriesInstanceUid && sopInstanceUid ? (header as IndexableHeader) : null;
  } catch (error) {
    if (error instanceof DicomFormatError || error instanceof StorageNotFoundError) return null;
    throw error;
  }
}

/** The case's instances of one SOP Instance UID: the file holding it (its bytes still stored), and instances left by files whose bytes were since deleted (retention). */
export interface InstancesOfUid {
  heldBy: string | null;
  stale: string[];
}

export async function instancesOfUid(tx: Tx, submissionId: string, sopInstanceUid: string, exceptFileId?: string): Promise<InstancesOfUid> {
  const found = await tx.imagingInstance.findMany({
    where: { sopInstanceUid, series: { study: { submissionId } }, ...(exceptFileId ? { fileId: { not: exceptFileId } } : {}) },
    select: { id: true, fileId: true },
  });
  if (found.length === 0) return { heldBy: null, stale: [] };
  const stored = new Set(
    (await tx.submissionFile.findMany({ where: { id: { in: found.map((i) => i.fileId) }, storageKey: { not: null } }, select: { id: true } })).map((f) => f.id),
  );
  return { heldBy: found.find((i) => stored.has(i.fileId))?.fileId ?? null, stale: found.filter((i) => !stored.has(i.fileId)).map((i) => i.id) };
}

/**
 * Files one stored file as an instance (one query for the series when the case has it; its study and
 * series are created when new). Instances of the same UID left by deleted files (`stale`) give way.
 */
export async function fileInstance(tx: Tx, submissionId: string, fileId: string, header: IndexableHeader, stale: string[]): Promise<string> {
  const { identity } = header;
  const known = await tx.imagingSeries.findFirst({
    where: { seriesInstanceUid: identity.seriesInstanceUid, study: { submissionId, studyInstanceUid: identity.studyInstanceUid } },
    select: { id: true },
  });
  const seriesId = known?.id ?? (await createSeries(tx, submissionId, header));
  if (stale.length > 0) await tx.imagingInstance.deleteMany({ where: { id: { in: stale } } });
  const instance = await tx.imagingInstance.create({
    data: {
      seriesId,
      fileId,
      sopInstanceUid: identity.sopInstanceUid,
      sopClassUid: identity.sopClassUid,
      instanceNumber: identity.instanceNumber,
      frames: Math.max(1, header.metadata.frames ?? 1),
      sliceLocation: identity.sliceLocation,
      transferSyntaxUid: header.metadata.transferSyntax.uid,
      rows: header.metadata.rows,
      columns: header.metadata.columns,
    },
    select: { id: true },
  });
  return instance.id;
}

/** The first file of a series: its study (when new too) and series rows. */
async function createSeries(tx: Tx, submissionId: string, { metadata, identity }: IndexableHeader): Promise<string> {
  const study = await tx.imagingStudy.upsert({
    where: { submissionId_studyInstanceUid: { submissionId, studyInstanceUid: identity.studyInstanceUid } },
    create: {
      submissionId,
      studyInstanceUid: identity.studyInstanceUid,
      studyDate: metadata.studyDate,
      description: metadata.studyDescription,
      accessionNumber: identity.accessionNumber,
      patientName: metadata.patientName,
      patientId: metadata.patientId,
      institutionName: metadata.institutionName,
    },
    update: {},
    select: { id: true },
  });
  const series = await tx.imagingSeries.upsert({
    where: { studyId_seriesInstanceUid: { studyId: study.id, seriesInstanceUid: identity.seriesInstanceUid } },
    create: {
      studyId: study.id,
      seriesInstanceUid: identity.seriesInstanceUid,
      seriesNumber: identity.seriesNumber,
      modality: metadata.modality,
      bodyPart: metadata.bodyPartExamined,
      description: metadata.seriesDescription,
    },
    update: {},
    select: { id: true },
  });
  return series.id;
}

/** Two indexings of one case raced (same study, series or instance created twice): the loser runs again. */
export function isImagingRace(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002" && /Imaging/.test(JSON.stringify(error.meta ?? {}) + error.message);
}

export async function retryOnRace<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt < 3 && isImagingRace(error)) continue;
      throw error;
    }
  }
}

type Outcome = "indexed" | "plain" | "duplicate" | "dropped";

interface StoredFileRow {
  id: string;
  submissionId: string;
  storageKey: string | null;
  size: bigint;
}

/**
 * Indexes one stored DICOM file that has no instance yet. A duplicate of an instance the case holds
 * is deleted (row and bytes) when `dropDuplicate` (files that just arrived), else left a plain file
 * (files kept from before indexing existed: nothing a patient sent is deleted behind their back).
 */
export async function indexStoredFile(file: StoredFileRow, options: { dropDuplicate: boolean; actor?: AuditActor }): Promise<Outcome> {
  if (!file.storageKey) return "plain";
  const header = await readIndexableHeader(file.storageKey, Number(file.size));
  if (!header) return "plain";
  const outcome = await retryOnRace(() =>
    db().$transaction(async (tx): Promise<Outcome> => {
      const current = await tx.submissionFile.findUnique({ where: { id: file.id }, select: { imagingInstance: { select: { id: true } }, storageKey: true } });
      if (!current?.storageKey || current.imagingInstance) return "plain";
      const { heldBy: existing, stale } = await instancesOfUid(tx, file.submissionId, header.identity.sopInstanceUid, file.id);
      if (existing && !options.dropDuplicate) return "duplicate";
      if (existing) {
        await tx.submissionFile.delete({ where: { id: file.id } });
        await audit(tx, options.actor ?? systemActor, {
          action: "imaging.duplicate_dropped",
          entityType: "submission",
          entityId: file.submissionId,
          metadata: { fileId: file.id, keptFileId: existing },
        });
        return "dropped";
      }
      await fileInstance(tx, file.submissionId, file.id, header, stale);
      return "indexed";
    }),
  );
  if (outcome === "dropped") await getStore().delete(file.storageKey);
  return outcome;
}

const unindexedDicom = { mimeType: DICOM_MIME_TYPE, storageKey: { not: null }, imagingInstance: { is: null } } satisfies Prisma.SubmissionFileWhereInput;
const fileFields = { id: true, submissionId: true, storageKey: true, size: true } as const;

/** Indexes files of a case that just arrived by the multipart path (their storage keys); duplicates are dropped. */
export async function indexArrivedFiles(submissionId: string, storageKeys: string[], actor: AuditActor): Promise<void> {
  if (storageKeys.length === 0) return;
  const files = await db().submissionFile.findMany({ where: { ...unindexedDicom, submissionId, storageKey: { in: storageKeys } }, select: fileFields });
  for (const file of files) {
    try {
      await indexStoredFile(file, { dropDuplicate: true, actor });
    } catch (error) {
      // The file stays a plain file; the scheduled job tries again.
      log.error({ submissionId, fileId: file.id, err: error }, "Could not index a DICOM file");
    }
  }
}

/**
 * DICOM files kept from before indexing existed (or whose indexing failed): indexed, idempotently, by
 * the scheduled job "imaging_index" and for one case when its imaging is listed. Files without UIDs
 * and duplicates stay plain files (and are read again on each run: a header costs a few kilobytes).
 */
export async function indexUnindexedDicom(options: { submissionId?: string; limit?: number } = {}): Promise<{ indexed: number; plain: number }> {
  const files = await db().submissionFile.findMany({
    where: { ...unindexedDicom, ...(options.submissionId ? { submissionId: options.submissionId } : {}) },
    orderBy: { createdAt: "asc" },
    take: options.limit ?? 5000,
    select: fileFields,
  });
  let indexed = 0;
  for (const file of files) {
    try {
      if ((await indexStoredFile(file, { dropDuplicate: false })) === "indexed") indexed++;
    } catch (error) {
      log.error({ submissionId: file.submissionId, fileId: file.id, err: error }, "Could not index a DICOM file");
    }
  }
  return { indexed, plain: files.length - indexed };
}
