import "server-only";
import { z } from "zod";
import { AppError } from "@/lib/app-error";
import { decodeCursor, encodeCursor, rowsAfter } from "@/lib/api/keyset-cursor";
import { audit, type AuditActor } from "@/lib/audit";
import type { SessionUser } from "@/lib/auth/session";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/db/generated/client";
import { isQuarantined } from "@/lib/security/scan";
import { getStore, StorageNotFoundError } from "@/lib/storage";
import { requestedRange } from "@/lib/storage/download";
import { readableTranscriptionWhere } from "@/lib/access/transcriptions";
import { storedStatusReason } from "@/lib/contracts/transcription-reasons";
import { retryRefusal } from "./retry-rules";
import { awaitingScan } from "./scan-state";
import {
  transcriptionDetailSchema,
  transcriptionIdSchema,
  transcriptSegmentSchema,
  type TranscriptionDetail,
  type TranscriptionListItem,
  type TranscriptionPage,
  type transcriptionListQuery,
} from "@/lib/contracts/transcriptions";
import type { ErrorCode } from "@/lib/contracts/errors";

const listSelect = {
  id: true,
  title: true,
  kind: true,
  status: true,
  statusReason: true,
  statusReasonCode: true,
  statusReasonParams: true,
  progressDone: true,
  progressTotal: true,
  meetingType: true,
  fileName: true,
  createdAt: true,
  completedAt: true,
  uploadedBy: { select: { name: true } },
} satisfies Prisma.TranscriptionSelect;

function toListItem(row: Prisma.TranscriptionGetPayload<{ select: typeof listSelect }>): TranscriptionListItem {
  return {
    id: row.id,
    title: row.title,
    kind: row.kind,
    status: row.status,
    statusReason: row.statusReason,
    reason: storedStatusReason(row.statusReasonCode, row.statusReasonParams),
    progress: row.status === "processing" && row.progressTotal !== null ? { done: row.progressDone ?? 0, total: row.progressTotal } : null,
    meetingType: row.meetingType,
    fileName: row.fileName,
    uploadedBy: row.uploadedBy?.name ?? null,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

/** The caller's transcriptions (all of them for admins), newest first, one page at a time (keyset). */
export async function listTranscriptions(user: SessionUser, query: z.infer<typeof transcriptionListQuery>): Promise<TranscriptionPage> {
  const where = readableTranscriptionWhere(user);
  if (!where) return { items: [], nextCursor: null };
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = await db().transcription.findMany({
    where: after ? { AND: [where, rowsAfter(after)] } : where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: query.limit + 1,
    select: listSelect,
  });
  const more = rows.length > query.limit;
  const items = rows.slice(0, query.limit);
  return { items: items.map(toListItem), nextCursor: more ? encodeCursor(items[items.length - 1]) : null };
}

/** One transcription the caller may read (id already a uuid or not): anything else is 404. */
export async function findReadableTranscription<S extends Prisma.TranscriptionSelect>(user: SessionUser, rawId: string, select: S) {
  const id = transcriptionIdSchema.safeParse(rawId);
  const where = readableTranscriptionWhere(user);
  if (!id.success || !where) throw new AppError("not_found", "transcription_not_found");
  const row = await db().transcription.findFirst({ where: { AND: [where, { id: id.data }] }, select });
  if (!row) throw new AppError("not_found", "transcription_not_found");
  return row;
}

const detailSelect = {
  ...listSelect,
  meetingType: true,
  department: true,
  language: true,
  patientInfo: true,
  mimeType: true,
  fileSize: true,
  storageKey: true,
  text: true,
  segments: true,
  engine: true,
  startedAt: true,
  deleteFileAfter: true,
  fileDeletedAt: true,
  uploadedById: true,
  scanStatus: true,
  consents: { select: { consentType: true, granted: true, version: true, createdAt: true }, orderBy: { createdAt: "asc" } },
} satisfies Prisma.TranscriptionSelect;

const segmentsSchema = z.array(transcriptSegmentSchema);
const storedPatientInfo = transcriptionDetailSchema.shape.patientInfo;

/** The transcript page and GET /api/transcriptions/[id]: everything about one transcription. */
export async function getTranscription(user: SessionUser, rawId: string): Promise<TranscriptionDetail> {
  const row = await findReadableTranscription(user, rawId, detailSelect);
  return {
    ...toListItem(row),
    department: row.department,
    language: row.language,
    // Stored as the upload parsed it; anything else (a hand-edited row) is shown as none.
    patientInfo: storedPatientInfo.catch(null).parse(row.patientInfo ?? null),
    text: row.text,
    segments: segmentsSchema.catch([]).parse(row.segments ?? []),
    engine: row.engine,
    startedAt: row.startedAt?.toISOString() ?? null,
    file: {
      name: row.fileName,
      size: Number(row.fileSize),
      mimeType: row.mimeType,
      available: fileRefusal(user, row) === null,
      scanStatus: row.scanStatus,
      deletedAt: row.fileDeletedAt?.toISOString() ?? null,
      deleteAfter: row.deleteFileAfter.toISOString(),
    },
    mine: row.uploadedById === user.id,
    /** Whether "Try again" is offered (POST /api/transcriptions/[id]/retry would accept it). */
    retryable: retryRefusal(row) === null,
    consents: row.consents.map((consent) => ({ ...consent, createdAt: consent.createdAt.toISOString() })),
  };
}

/**
 * Audits one read of a transcript (the page, GET /api/transcriptions/[id], the .txt), as file reads
 * are: who, from where, which transcription and how; nothing of its content.
 */
export async function auditTranscriptRead(actor: AuditActor, id: string, via: "page" | "api" | "text"): Promise<void> {
  await audit(db(), actor, { action: "transcription.read", entityType: "transcription", entityId: id, metadata: { via } });
}

/** The transcription as getTranscription gives it, with the read audited. */
export async function readTranscription(user: SessionUser, rawId: string, actor: AuditActor, via: "page" | "api"): Promise<TranscriptionDetail> {
  const item = await getTranscription(user, rawId);
  await auditTranscriptRead(actor, item.id, via);
  return item;
}

/**
 * Why `user` may not open the source file of a transcription they can see, or null when they may:
 * deleted and quarantined files are closed to everyone, a file awaiting its malware scan to all but its uploader.
 */
function fileRefusal(user: SessionUser, row: { uploadedById: string | null; scanStatus: string; storageKey: string | null }): ErrorCode | null {
  if (!row.storageKey) return "transcription_file_deleted";
  if (isQuarantined(row.storageKey)) return "transcription_quarantined";
  if (awaitingScan(row) && row.uploadedById !== user.id) return "transcription_file_awaiting_scan";
  return null;
}

/** A player seeking within a file it opened within this time is not audited again. */
const FILE_OPEN_AUDIT_WINDOW_MS = 30 * 60 * 1000;

/**
 * The source file of a transcription the caller may read, or the part of it a `Range` header asks for;
 * the read is audited like a patient file's (`file.read`). An <audio> element sends one request per
 * seek: each open (a request from the first byte) is audited, and a request from further on only
 * when the same user has not opened the file within the last 30 minutes, so a listen is one row
 * and no byte is read without one.
 */
export async function openTranscriptionFile(user: SessionUser, rawId: string, actor: AuditActor, rangeHeader: string | null = null) {
  const row = await findReadableTranscription(user, rawId, {
    id: true,
    fileName: true,
    fileSize: true,
    mimeType: true,
    storageKey: true,
    uploadedById: true,
    scanStatus: true,
  });
  const refusal = fileRefusal(user, row);
  if (refusal || !row.storageKey) throw new AppError("not_found", refusal ?? "transcription_file_deleted");
  const size = Number(row.fileSize);
  const range = requestedRange(rangeHeader, size);
  if (!range || range.start === 0 || !(await openedRecently(user.id, row.id)))
    await audit(db(), actor, { action: "file.read", entityType: "transcription", entityId: row.id, metadata: { fileName: row.fileName } });
  try {
    return { name: row.fileName, size, mimeType: row.mimeType, range, stream: await getStore().get(row.storageKey) };
  } catch (error) {
    if (error instanceof StorageNotFoundError) throw new AppError("not_found", "transcription_file_deleted");
    throw error;
  }
}

async function openedRecently(userId: string, transcriptionId: string): Promise<boolean> {
  const since = new Date(Date.now() - FILE_OPEN_AUDIT_WINDOW_MS);
  const row = await db().auditEvent.findFirst({
    where: { actorId: userId, action: "file.read", entityType: "transcription", entityId: transcriptionId, createdAt: { gte: since } },
    select: { id: true },
  });
  return row !== null;
}
