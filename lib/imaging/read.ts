import "server-only";
import { z } from "zod";
import { AppError } from "@/lib/app-error";
import { audit, type AuditActor } from "@/lib/audit";
import type { SessionUser } from "@/lib/auth/session-user";
import { caseReadableBy } from "@/lib/access/cases";
import { fileReadableBy } from "@/lib/access/files";
import type { CaseImaging, ImagingSeries, ImagingStudy, OpenedSeries } from "@/lib/contracts/imaging";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/db/generated/client";
import { getStore, StorageNotFoundError } from "@/lib/storage";
import { indexUnindexedDicom } from "./index-instance";

/*
 * A case's imaging as its readers see it (lib/access: the case's readers, and of its files those
 * they may open: a quarantined or deleted instance is not shown, one not yet scanned only to its
 * uploader). Anyone else: 404, as for the case's files.
 */

export interface Viewer {
  user: SessionUser | null;
  trackedSubmissionId: string | null;
}

const notFound = () => new AppError("not_found", "file_not_found");

function visibleInstances(viewer: Viewer): Prisma.ImagingInstanceWhereInput | null {
  const file = fileReadableBy(viewer.user, viewer.trackedSubmissionId);
  return file ? { file } : null;
}

const instanceFields = {
  id: true,
  instanceNumber: true,
  sliceLocation: true,
  frames: true,
  transferSyntaxUid: true,
  file: { select: { size: true } },
} as const;
type InstanceRow = {
  id: string;
  instanceNumber: number | null;
  sliceLocation: number | null;
  frames: number;
  transferSyntaxUid: string;
  file: { size: bigint };
};
type SeriesRow = Prisma.ImagingSeriesGetPayload<{ select: typeof seriesFields }> & { instances: InstanceRow[] };
const seriesFields = { id: true, seriesInstanceUid: true, seriesNumber: true, modality: true, bodyPart: true, description: true } as const;
type StudyRow = Prisma.ImagingStudyGetPayload<object> & { series: SeriesRow[] };

const byNumber = (a: number | null, b: number | null) => (a ?? Number.MAX_SAFE_INTEGER) - (b ?? Number.MAX_SAFE_INTEGER);

/**
 * The order of a stack: by Slice Location (or the position along it) when every image has one, else
 * by Instance Number; ties by the other, then by id so the order never changes between requests.
 */
export function stackOrder<T extends { id: string; instanceNumber: number | null; sliceLocation: number | null }>(instances: T[]): T[] {
  const located = instances.every((instance) => instance.sliceLocation !== null);
  return [...instances].sort((a, b) => {
    const location = located ? a.sliceLocation! - b.sliceLocation! : 0;
    return location || byNumber(a.instanceNumber, b.instanceNumber) || (a.sliceLocation ?? 0) - (b.sliceLocation ?? 0) || a.id.localeCompare(b.id);
  });
}

function toSeries(series: SeriesRow): ImagingSeries {
  const stack = stackOrder(series.instances);
  return {
    id: series.id,
    seriesInstanceUid: series.seriesInstanceUid,
    seriesNumber: series.seriesNumber,
    modality: series.modality,
    bodyPart: series.bodyPart,
    description: series.description,
    instanceCount: stack.length,
    frames: stack.reduce((sum, instance) => sum + instance.frames, 0),
    totalBytes: stack.reduce((sum, instance) => sum + Number(instance.file.size), 0),
    middleInstanceId: stack[Math.floor((stack.length - 1) / 2)]?.id ?? null,
  };
}

function toStudy(study: StudyRow): ImagingStudy {
  const series = study.series
    .filter((row) => row.instances.length > 0)
    .sort((a, b) => byNumber(a.seriesNumber, b.seriesNumber) || (a.description ?? "").localeCompare(b.description ?? "") || a.id.localeCompare(b.id))
    .map(toSeries);
  const distinct = (values: (string | null)[]) => [...new Set(values.filter((value): value is string => !!value))];
  return {
    id: study.id,
    studyInstanceUid: study.studyInstanceUid,
    studyDate: study.studyDate,
    description: study.description,
    modalities: distinct(series.map((row) => row.modality)),
    bodyParts: distinct(series.map((row) => row.bodyPart)),
    instanceCount: series.reduce((sum, row) => sum + row.instanceCount, 0),
    totalBytes: series.reduce((sum, row) => sum + row.totalBytes, 0),
    series,
  };
}

/** Newest study first (undated last), then by description. */
const studyOrder = (a: ImagingStudy, b: ImagingStudy) =>
  (b.studyDate ?? "").localeCompare(a.studyDate ?? "") || (a.description ?? "").localeCompare(b.description ?? "") || a.id.localeCompare(b.id);

async function loadStudies(where: Prisma.ImagingStudyWhereInput, instances: Prisma.ImagingInstanceWhereInput): Promise<StudyRow[]> {
  return db().imagingStudy.findMany({
    where,
    include: { series: { select: { ...seriesFields, instances: { where: instances, select: instanceFields } } } },
  });
}

async function readableCase(rawId: string, viewer: Viewer): Promise<string> {
  const id = z.uuid().safeParse(rawId);
  const where = caseReadableBy(viewer.user, viewer.trackedSubmissionId);
  if (!id.success || !where) throw new AppError("not_found", "submission_not_found");
  const found = await db().submission.findFirst({ where: { id: id.data, ...where }, select: { id: true } });
  if (!found) throw new AppError("not_found", "submission_not_found");
  return found.id;
}

/**
 * GET /api/cases/{id}/imaging. DICOM files of the case not indexed yet (kept from before indexing,
 * or whose indexing failed on arrival) are indexed first, so the listing never misses an image.
 */
export async function caseImaging(rawCaseId: string, viewer: Viewer): Promise<CaseImaging> {
  const caseId = await readableCase(rawCaseId, viewer);
  await indexUnindexedDicom({ submissionId: caseId });
  const studies = await loadStudies({ submissionId: caseId }, visibleInstances(viewer)!);
  return {
    studies: studies
      .map(toStudy)
      .filter((study) => study.series.length > 0)
      .sort(studyOrder),
  };
}

/** The series (and its study) if the viewer may read it, else 404. */
async function readableStudyOfSeries(rawSeriesId: string, viewer: Viewer) {
  const id = z.uuid().safeParse(rawSeriesId);
  const submission = caseReadableBy(viewer.user, viewer.trackedSubmissionId);
  const instances = visibleInstances(viewer);
  if (!id.success || !submission || !instances) throw notFound();
  const [study] = await loadStudies({ submission, series: { some: { id: id.data } } }, instances);
  return { study, seriesId: id.data };
}

/**
 * Whether the viewer page may open this series for this viewer: the same rule as the series API, so
 * an unknown id and one the viewer may not read are alike (the page answers 404 for both). Reads and
 * audits nothing; the series API audits the opening.
 */
export async function seriesReadable(rawSeriesId: string, viewer: Viewer): Promise<boolean> {
  const id = z.uuid().safeParse(rawSeriesId);
  const submission = caseReadableBy(viewer.user, viewer.trackedSubmissionId);
  const instances = visibleInstances(viewer);
  if (!id.success || !submission || !instances) return false;
  const found = await db().imagingSeries.findFirst({ where: { id: id.data, study: { submission }, instances: { some: instances } }, select: { id: true } });
  return found !== null;
}

/** GET /api/imaging/series/{id}: the series for the viewer, its instances in stack order; one audit row per opening. */
export async function openSeries(rawSeriesId: string, viewer: Viewer, actor: AuditActor): Promise<OpenedSeries> {
  const { study, seriesId } = await readableStudyOfSeries(rawSeriesId, viewer);
  const row = study?.series.find((series) => series.id === seriesId);
  if (!study || !row || row.instances.length === 0) throw notFound();
  const { series: all, ...summary } = toStudy(study);
  await audit(db(), actor, {
    action: "imaging.series_opened",
    entityType: "imaging_series",
    entityId: seriesId,
    metadata: { submissionId: study.submissionId, studyId: study.id, instances: row.instances.length },
  });
  return {
    caseId: study.submissionId,
    patient: { name: study.patientName, id: study.patientId },
    study: summary,
    series: toSeries(row),
    siblings: all.filter((series) => series.id !== seriesId),
    instances: stackOrder(row.instances).map((instance) => ({
      id: instance.id,
      instanceNumber: instance.instanceNumber,
      frames: instance.frames,
      transferSyntaxUid: instance.transferSyntaxUid,
    })),
  };
}

/** GET /api/imaging/instances/{id}: one instance's bytes, streamed; authorized by the case, not audited (its series' opening is). */
export async function openInstance(rawInstanceId: string, viewer: Viewer) {
  const id = z.uuid().safeParse(rawInstanceId);
  const instances = visibleInstances(viewer);
  if (!id.success || !instances) throw notFound();
  const instance = await db().imagingInstance.findFirst({
    where: { id: id.data, ...instances },
    select: { id: true, file: { select: { storageKey: true, size: true, originalName: true } } },
  });
  if (!instance?.file.storageKey) throw notFound();
  try {
    return { name: instance.file.originalName, size: Number(instance.file.size), stream: await getStore().get(instance.file.storageKey) };
  } catch (error) {
    if (error instanceof StorageNotFoundError) throw notFound();
    throw error;
  }
}

/** A study the viewer may read, with the instances they may open (each with its file), for the zip. */
export async function readableStudyFiles(rawStudyId: string, viewer: Viewer) {
  const id = z.uuid().safeParse(rawStudyId);
  const submission = caseReadableBy(viewer.user, viewer.trackedSubmissionId);
  const instances = visibleInstances(viewer);
  if (!id.success || !submission || !instances) throw notFound();
  const study = await db().imagingStudy.findFirst({
    where: { id: id.data, submission },
    include: {
      series: {
        select: {
          ...seriesFields,
          instances: {
            where: instances,
            select: { ...instanceFields, sopInstanceUid: true, sopClassUid: true, file: { select: { size: true, storageKey: true } } },
          },
        },
      },
    },
  });
  if (!study) throw notFound();
  const series = study.series
    .filter((row) => row.instances.length > 0)
    .sort((a, b) => byNumber(a.seriesNumber, b.seriesNumber) || a.id.localeCompare(b.id))
    .map((row) => ({ ...row, instances: stackOrder(row.instances) }));
  if (series.length === 0) throw notFound();
  return { ...study, series };
}
