import "server-only";
import { AppError } from "@/lib/app-error";
import { audit, systemActor, type AuditActor } from "@/lib/audit";
import { caseChangeableBy } from "@/lib/access/cases";
import type { SessionUser } from "@/lib/auth/session";
import { issueSignedCookie, readSignedCookie, type SignedCookie } from "@/lib/api/signed-cookie";
import { recordKinds, sniff, transcriptionFileKinds } from "@/lib/contracts/file-types";
import { MAX_FILE_BYTES, MAX_FILES_PER_SUBMISSION } from "@/lib/contracts/submission-options";
import { MAX_CASE_IMAGING_BYTES, MAX_STUDIES_PER_CASE, MAX_STUDY_BYTES, MAX_STUDY_IMAGES } from "@/lib/contracts/imaging-limits";
import { UPLOAD_EXPIRY_HOURS, type AnnouncedFile, type UploadView } from "@/lib/contracts/uploads";
import { UPLOADS_PATH } from "@/lib/contracts/uploads-path";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/db/generated/client";
import type { Tx } from "@/lib/db/transaction";
import { log } from "@/lib/log";
import { NotificationOutbox } from "@/lib/notifications/outbox";
import { newUploadRows, UPLOAD_EXPIRY_MS } from "./tus/ids";
import { toUploadView, uploadViewFields } from "./upload-view";

/*
 * Resumable uploads of a submission's files (ADR 19), and of the staff transcription center's file.
 * A submission announces its files (a transcription its one file, lib/transcriptions/create.ts); each
 * gets an Upload row and is sent through /api/uploads (tus), where every request is checked here
 * against the row: its signed-in owner, or the guest holding the submission's upload cookie. When the
 * last byte arrives the file is checked again from its bytes and becomes a SubmissionFile (or the
 * Transcription): lib/uploads/finish.ts.
 */
export { newUploadRows, UPLOAD_EXPIRY_MS };

const uploadCookie: SignedCookie = { name: "afya_upload", purpose: "upload-grant", maxAgeSeconds: UPLOAD_EXPIRY_HOURS * 60 * 60, path: UPLOADS_PATH };

/** The Set-Cookie header that lets a guest send the files of the submission they just created. */
export const issueUploadCookie = (submissionId: string) => issueSignedCookie(uploadCookie, submissionId);

/** What a case already holds or awaits, against which an announcement is counted. */
export interface CaseTally {
  /** Ordinary files (stored, or announced and still on their way). */
  ordinary: number;
  /** Imaging files by Study Instance UID (stored, or on their way): how many, and their bytes. */
  studies: Map<string, { files: number; bytes: number }>;
}

/** A case that holds nothing yet (a new submission). */
export const emptyCase: CaseTally = { ordinary: 0, studies: new Map() };

const GB = 1024 * 1024 * 1024;

/**
 * Refuses an announcement before any byte travels: an empty file, or one over 500 MB (each named);
 * more ordinary files than the case has room for (50 in all); and for imaging files (those announced
 * with their study), more than 3,000 images or 2 GB in one study, more than MAX_STUDIES_PER_CASE
 * studies, or more than MAX_CASE_IMAGING_BYTES of imaging in the case. The studies are the browser's
 * reading of the headers, which the server cannot trust: these bounds hold whatever it claims.
 */
export function checkAnnouncement(files: AnnouncedFile[], existing: CaseTally): void {
  for (const file of files) {
    if (file.size === 0) throw new AppError("bad_request", "file_empty", { params: { name: file.name } });
    if (file.size > MAX_FILE_BYTES) throw new AppError("payload_too_large", "file_too_large", { params: { name: file.name } });
  }
  const ordinary = files.filter((file) => !file.study).length;
  if (ordinary > 0) {
    const room = MAX_FILES_PER_SUBMISSION - existing.ordinary;
    if (room <= 0) throw new AppError("bad_request", "submission_files_full", { params: { max: MAX_FILES_PER_SUBMISSION } });
    if (ordinary > room)
      throw existing.ordinary === 0
        ? new AppError("bad_request", "too_many_files", { params: { max: MAX_FILES_PER_SUBMISSION } })
        : new AppError("bad_request", "submission_files_over_limit", { params: { max: MAX_FILES_PER_SUBMISSION } });
  }
  const studies = new Map([...existing.studies].map(([uid, tally]) => [uid, { ...tally }]));
  for (const file of files) {
    if (!file.study) continue;
    const tally = studies.get(file.study) ?? { files: 0, bytes: 0 };
    tally.files += 1;
    tally.bytes += file.size;
    studies.set(file.study, tally);
  }
  if (studies.size > MAX_STUDIES_PER_CASE) throw new AppError("bad_request", "too_many_studies", { params: { max: MAX_STUDIES_PER_CASE } });
  let total = 0;
  for (const tally of studies.values()) {
    if (tally.files > MAX_STUDY_IMAGES) throw new AppError("bad_request", "study_too_many_images", { params: { max: MAX_STUDY_IMAGES } });
    if (tally.bytes > MAX_STUDY_BYTES) throw new AppError("payload_too_large", "study_too_large", { params: { max: MAX_STUDY_BYTES / GB } });
    total += tally.bytes;
  }
  if (total > MAX_CASE_IMAGING_BYTES) throw new AppError("payload_too_large", "case_imaging_too_large", { params: { max: MAX_CASE_IMAGING_BYTES / GB } });
}

/**
 * What a case holds and awaits: its stored files less those that arrived as imaging, its ordinary
 * uploads on their way, and its imaging uploads (arrived or on their way; not refused or expired) by study.
 */
async function tallyOf(tx: Tx, submissionId: string): Promise<CaseTally> {
  const [files, openOrdinary, arrivedImaging, studies] = await Promise.all([
    tx.submissionFile.count({ where: { submissionId, deletedAt: null } }),
    tx.upload.count({ where: { submissionId, studyUid: null, completedAt: null, failure: null } }),
    tx.upload.count({ where: { submissionId, studyUid: { not: null }, completedAt: { not: null }, fileId: { not: null } } }),
    tx.upload.groupBy({
      by: ["studyUid"],
      where: { submissionId, studyUid: { not: null }, failure: null },
      _count: { _all: true },
      _sum: { size: true },
    }),
  ]);
  return {
    ordinary: Math.max(0, files - arrivedImaging) + openOrdinary,
    studies: new Map(studies.map((row) => [row.studyUid ?? "", { files: row._count._all, bytes: Number(row._sum.size ?? 0n) }])),
  };
}

/** More files for an existing case ('Add More Files', documents a coordinator asked for): its owner, or an admin. */
export async function announceUploads(submissionId: string, user: SessionUser, actor: AuditActor, files: AnnouncedFile[]): Promise<UploadView[]> {
  return db().$transaction(async (tx) => {
    const submission = await tx.submission.findFirst({ where: { id: submissionId, ...caseChangeableBy(user) }, select: { id: true, status: true } });
    if (!submission) throw new AppError("not_found", "submission_not_found");
    if (submission.status === "closed" || submission.status === "cancelled") throw new AppError("conflict", "submission_closed");
    checkAnnouncement(files, await tallyOf(tx, submissionId));
    const rows = newUploadRows(files, user.id);
    await tx.upload.createMany({ data: rows.map((row) => ({ ...row, submissionId })) });
    await audit(tx, actor, { action: "upload.announce", entityType: "submission", entityId: submissionId, metadata: { files: rows.length } });
    return rows.map((row) => toUploadView({ ...row, receivedBytes: 0n, completedAt: null, failure: null }));
  });
}

/** The submission's uploads that have not arrived yet (waiting, refused or expired), oldest first, for its owner's pages. */
export async function unfinishedUploads(submissionId: string): Promise<UploadView[]> {
  const rows = await db().upload.findMany({ where: { submissionId, completedAt: null }, select: uploadViewFields, orderBy: { createdAt: "asc" } });
  return rows.map(toUploadView);
}

/** What a request reads of its upload: who may use it, its state, and what its end needs. */
const requestFields = {
  id: true,
  submissionId: true,
  userId: true,
  fileName: true,
  size: true,
  storageKey: true,
  studyUid: true,
  transcription: true,
  createdAt: true,
  startedAt: true,
  completedAt: true,
  failure: true,
  expiresAt: true,
} as const;

export type UploadRow = Prisma.UploadGetPayload<{ select: typeof requestFields }>;

/** An upload's announcement, which never changes once made. */
type Announcement = Pick<UploadRow, "fileName" | "submissionId" | "studyUid" | "size"> & { transcription: boolean };

/**
 * The announcements of uploads being sent, as each request's own read of its row found them, so that
 * the checks later in the request (its first bytes, its progress) need not read the row again: a
 * CD's hundreds of small files each make one request. Bounded, the oldest forgotten first; an upload
 * not here (another instance read it) is read from the database.
 */
const announcements = new Map<string, Announcement>();
const REMEMBERED_ANNOUNCEMENTS = 10_000;

function remember(row: UploadRow): void {
  announcements.delete(row.id);
  announcements.set(row.id, {
    fileName: row.fileName,
    submissionId: row.submissionId,
    studyUid: row.studyUid,
    size: row.size,
    transcription: row.transcription !== null,
  });
  if (announcements.size > REMEMBERED_ANNOUNCEMENTS) announcements.delete(announcements.keys().next().value!);
}

async function announcementOf(id: string): Promise<Announcement> {
  const known = announcements.get(id);
  if (known) return known;
  const row = await db().upload.findUniqueOrThrow({
    where: { id },
    select: { fileName: true, submissionId: true, studyUid: true, size: true, transcription: true },
  });
  return { ...row, transcription: row.transcription !== null };
}

/**
 * The upload a request may use: announced for a case the signed-in user owns, or for the guest
 * submission named by the request's upload cookie. Anything else is "not found" (nothing is revealed).
 */
export async function uploadForRequest(request: Request, id: string, user: SessionUser | null): Promise<UploadRow> {
  const row = await db().upload.findUnique({ where: { id }, select: requestFields });
  const mayUse = row && (row.userId ? row.userId === user?.id : readSignedCookie(uploadCookie, request) === row.submissionId);
  if (!row || !mayUse) throw new AppError("not_found", "upload_not_found");
  if (row.failure === "upload_expired" || (!row.completedAt && row.expiresAt.getTime() < Date.now())) throw new AppError("gone", "upload_expired");
  if (row.failure)
    throw new AppError("unsupported_media_type", row.failure === "transcription_invalid_type" ? row.failure : "file_type_refused", {
      params: { name: row.fileName },
    });
  remember(row);
  return row;
}

/** The first request of an announced upload (`row`, as the request read it): once only, and with the announced length. */
export async function startUpload(row: UploadRow, length: number | undefined): Promise<void> {
  if (length !== Number(row.size)) throw new AppError("bad_request", "upload_length_mismatch", { params: { name: row.fileName } });
  const { count } = await db().upload.updateMany({ where: { id: row.id, startedAt: null }, data: { startedAt: new Date() } });
  if (count === 0) throw new AppError("conflict", "upload_already_started");
}

/** The types an upload may be: a transcription's (audio, PDF, images, DICOM), or medical records for a submission. */
export const acceptedKinds = (upload: { transcription: unknown }) => (upload.transcription ? transcriptionFileKinds : recordKinds);
/** A transcription upload that ends without a transcription keeps none of its fields (patient information among them). */
export const forgetFields = (upload: { transcription: unknown }) => (upload.transcription ? { transcription: {} } : {});
/** Why a file of another type is refused: each error's text names the types that upload takes. */
export const typeRefused = (upload: { transcription: unknown; fileName: string }) =>
  upload.transcription
    ? new AppError("unsupported_media_type", "transcription_invalid_type", { params: { name: upload.fileName } })
    : new AppError("unsupported_media_type", "file_type_refused", { params: { name: upload.fileName } });

/**
 * Refuses a file from its first bytes, before any is kept: the upload is marked refused (its row
 * tells the uploader which file and why) and nothing of it is stored.
 */
export async function checkUploadHead(id: string, head: Buffer): Promise<void> {
  const row = await announcementOf(id);
  const type = sniff(head, row.fileName);
  // A file announced as imaging counts against the imaging limits: it must be DICOM.
  if (type && acceptedKinds(row).has(type.kind) && (!row.studyUid || type.kind === "dicom")) return;
  const refused = typeRefused(row);
  await db().upload.update({ where: { id }, data: { failure: refused.code, ...forgetFields(row) } });
  log.warn({ uploadId: id, submissionId: row.submissionId }, "upload refused: its first bytes are not a file type we accept");
  throw refused;
}

/** Records how far an upload has come (after each request), for the patient's pages; its end (lib/uploads/finish.ts) records the last byte. */
export async function recordProgress(id: string, offset: number): Promise<void> {
  if (offset === Number((await announcementOf(id)).size)) return;
  await db().upload.updateMany({ where: { id, completedAt: null }, data: { receivedBytes: BigInt(offset) } });
}

/**
 * Gives up uploads not finished by their expiry: their partial bytes are deleted (`removeBytes`, the
 * upload store's), the row says "expired", the patient is told which files did not arrive (a
 * transcription upload's staff member is not: the upload center showed it stop), and the operators'
 * log says how many (without names). Returns how many uploads expired.
 */
export async function expireUploads(removeBytes: (id: string) => Promise<void>, now = new Date()): Promise<number> {
  const expired = await db().upload.findMany({
    where: { completedAt: null, failure: null, expiresAt: { lt: now } },
    select: { id: true, fileName: true, size: true, receivedBytes: true, submissionId: true },
    take: 500,
  });
  if (expired.length === 0) return 0;
  for (const upload of expired) {
    await removeBytes(upload.id).catch(() => {}); // never started, or already gone
    log.warn(
      { uploadId: upload.id, submissionId: upload.submissionId, receivedBytes: Number(upload.receivedBytes), size: Number(upload.size) },
      "upload expired before it was finished: its partial bytes were deleted",
    );
  }
  const bySubmission = new Map<string, typeof expired>();
  const withoutSubmission: typeof expired = [];
  for (const upload of expired) {
    if (upload.submissionId) bySubmission.set(upload.submissionId, [...(bySubmission.get(upload.submissionId) ?? []), upload]);
    else withoutSubmission.push(upload);
  }
  // A transcription upload has no patient to tell: its staff member saw it stop in the upload center.
  for (const upload of withoutSubmission)
    await db().$transaction(async (tx) => {
      const { count } = await tx.upload.updateMany({
        where: { id: upload.id, completedAt: null, failure: null },
        data: { failure: "upload_expired", transcription: {} },
      });
      if (count > 0) await audit(tx, systemActor, { action: "upload.expired", entityType: "upload", entityId: upload.id, metadata: { uploads: 1 } });
    });
  for (const [submissionId, uploads] of bySubmission) {
    const outbox = new NotificationOutbox();
    await db().$transaction(async (tx) => {
      const { count } = await tx.upload.updateMany({
        where: { id: { in: uploads.map((u) => u.id) }, completedAt: null, failure: null },
        data: { failure: "upload_expired" },
      });
      if (count === 0) return;
      const submission = await tx.submission.findUniqueOrThrow({
        where: { id: submissionId },
        select: { id: true, userId: true, email: true, patientName: true, locale: true, trackingNumber: true },
      });
      await outbox.add(
        tx,
        { kind: "patient", submission },
        { type: "upload_incomplete", trackingNumber: submission.trackingNumber, files: uploads.map((u) => u.fileName).join(", ") },
      );
      await audit(tx, systemActor, { action: "upload.expired", entityType: "submission", entityId: submissionId, metadata: { uploads: uploads.length } });
    });
    outbox.sendEmails();
  }
  return expired.length;
}
