import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { AppError } from "@/lib/app-error";
import { audit, type AuditActor } from "@/lib/audit";
import type { SessionUser } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { log } from "@/lib/log";
import { initialTranscriptionScan } from "@/lib/security/scan";
import type { Prisma, TranscriptionKind } from "@/lib/db/generated/client";
import { receiveUploads } from "@/lib/uploads/receive";
import { MAX_TRANSCRIPTION_BYTES, patientInfoSchema, speechLanguages, transcriptionUploadFieldsSchema, type PatientInfo } from "@/lib/contracts/transcriptions";
import { codedDefaults, issueError } from "@/lib/api/zod-issues";
import { readJson } from "@/lib/api/handler";
import type { SniffedType } from "@/lib/contracts/file-types";
import { announcedFileSchema, type AnnouncedFile, type UploadView } from "@/lib/contracts/uploads";
import type { Tx } from "@/lib/db/transaction";
import { newUploadRows } from "@/lib/uploads/tus/ids";
import { toUploadView } from "@/lib/uploads/upload-view";
import { checkConsents, claimConsents, parseConsentIds } from "./consent";
import { enqueueTranscription } from "./jobs";
import { RETENTION_DAYS } from "./upload-rules";

const fieldsSchema = transcriptionUploadFieldsSchema.extend({ patientInfo: z.string().optional(), consentIds: z.string().optional() });
/** A transcription's checked fields, as an announced upload keeps them (Upload.transcription) until its last byte arrives. */
export type TranscriptionFields = z.infer<typeof transcriptionUploadFieldsSchema> & { patientInfo: Partial<PatientInfo> | null; consentIds: string[] };
type Fields = TranscriptionFields;

function parseFields(raw: Readonly<Record<string, string>>): Fields {
  // Empty form fields mean "not given".
  const given = Object.fromEntries(Object.entries(raw).filter(([, value]) => value.trim() !== ""));
  const fields = fieldsSchema.safeParse(given, codedDefaults);
  if (!fields.success) throw issueError(fields.error.issues[0]);
  return { ...fields.data, patientInfo: parsePatientInfo(given.patientInfo), consentIds: parseConsentIds(given.consentIds) };
}

/**
 * The JSON body of an announcement: the form's fields with the same rules (patientInfo an object or its
 * JSON text, consentIds a list or the form's comma-separated text), and the file's name and size.
 */
function parseAnnouncement(raw: unknown): { fields: Fields; file: AnnouncedFile } {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) throw new AppError("bad_request", "invalid_json");
  const { file, patientInfo, consentIds, ...rest } = raw as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === "string" ? value : value === undefined || value === null ? "" : JSON.stringify(value));
  const form = Object.fromEntries(Object.entries(rest).map(([name, value]) => [name, typeof value === "string" ? value : JSON.stringify(value)]));
  const fields = parseFields({
    ...form,
    patientInfo: text(patientInfo),
    consentIds: Array.isArray(consentIds) ? consentIds.filter((id) => typeof id === "string").join(",") : text(consentIds),
  });
  const announced = announcedFileSchema.safeParse(file, codedDefaults);
  if (!announced.success) throw issueError(announced.error.issues[0], { fieldPrefix: "file" });
  if (announced.data.size === 0) throw new AppError("bad_request", "file_empty", { params: { name: announced.data.name } });
  if (announced.data.size > MAX_TRANSCRIPTION_BYTES) throw new AppError("payload_too_large", "transcription_too_large");
  return { fields, file: announced.data };
}

function parsePatientInfo(raw: string | undefined): Partial<PatientInfo> | null {
  if (raw === undefined) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new AppError("bad_request", "patient_info_not_json", { field: "patientInfo" });
  }
  const info = patientInfoSchema.safeParse(value, codedDefaults);
  if (!info.success) {
    const issue = info.error.issues[0];
    if (issue?.code === "unrecognized_keys")
      throw new AppError("bad_request", "patient_info_unknown_field", { field: "patientInfo", params: { fields: issue.keys.join(", ") } });
    if (!issue?.path.length) throw new AppError("bad_request", "patient_info_not_object", { field: "patientInfo" });
    throw issueError(issue, { fieldPrefix: "patientInfo", fieldInSentence: true });
  }
  const kept = Object.fromEntries(Object.entries(info.data).filter(([, v]) => v !== undefined));
  return Object.keys(kept).length ? kept : null;
}

/** What we transcribe, by the file's real type (null: a type the transcription center does not take). */
export function kindOf(type: SniffedType): TranscriptionKind | null {
  switch (type.kind) {
    case "audio":
      return "audio";
    case "pdf":
      return "pdf";
    case "jpeg":
    case "png":
      return "image";
    case "dicom":
      return "dicom";
    default:
      return null;
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The file a transcription is made of: stored, its type and digest taken from its bytes. */
export interface TranscriptionFile {
  originalName: string;
  size: number;
  mimeType: string;
  sha256: string;
  key: string;
  kind: TranscriptionKind;
}

/**
 * Inserts a transcription, inside the caller's transaction: the row, exactly the named consents
 * (claimed once, given within the window before `consentsFrom`: the upload's start or announcement)
 * and the audit row. The caller queues the job after the commit (`enqueue`).
 */
export async function insertTranscription(
  tx: Tx,
  input: { id: string; uploaderId: string; fields: Fields; file: TranscriptionFile; consentsFrom: Date; actor: AuditActor; uploadId?: string },
): Promise<void> {
  const { id, fields, file } = input;
  const now = new Date();
  await tx.transcription.create({
    data: {
      id,
      uploadedById: input.uploaderId,
      title: fields.title ?? file.originalName.slice(0, 200),
      meetingType: fields.meetingType,
      department: fields.department ?? null,
      // Audio: the spoken language; PDFs and images: the written language OCR reads them in. DICOM has none.
      language: file.kind === "dicom" ? null : (fields.language ?? speechLanguages[0]),
      patientInfo: (fields.patientInfo ?? undefined) as Prisma.InputJsonValue | undefined,
      kind: file.kind,
      fileName: file.originalName,
      fileSize: BigInt(file.size),
      mimeType: file.mimeType,
      sha256: file.sha256,
      storageKey: file.key,
      // With a scanner configured, the job scans the file before the engine may open it (worker.ts).
      ...initialTranscriptionScan(),
      deleteFileAfter: new Date(now.getTime() + (file.kind === "audio" ? RETENTION_DAYS.audio : RETENTION_DAYS.other) * DAY_MS),
      createdAt: now,
    },
  });
  // Throws (rolling back) when another upload claimed one of them in the meantime.
  const consents = await claimConsents(tx, input.uploaderId, fields.consentIds, input.consentsFrom, id);
  await audit(tx, input.actor, {
    action: "transcription.create",
    entityType: "transcription",
    entityId: id,
    metadata: { kind: file.kind, size: file.size, consents, ...(input.uploadId ? { uploadId: input.uploadId } : {}) },
  });
}

/** Queues a committed transcription; a failed enqueue is logged and picked up again by the worker's sweep. */
export async function enqueue(id: string): Promise<void> {
  await enqueueTranscription(id).catch((error: unknown) => log.error({ transcriptionId: id, err: error }, "Could not enqueue the transcription"));
}

/**
 * POST /api/transcriptions, in one of two forms:
 * - JSON (the upload center): the fields, the consents' ids and the file's name and size. Fields and
 *   consents are checked now; the answer is the file's upload (an Upload row keeping the checked
 *   fields), sent then through /api/uploads, and the transcription is created when its last byte
 *   arrives (`transcriptionFromUpload`).
 * - multipart (API clients): the fields and the file in one request (`receiveTranscription`).
 */
export async function createTranscription(
  request: Request,
  user: SessionUser,
  actor: AuditActor,
): Promise<{ id: string; status: "queued" } | { upload: UploadView }> {
  if ((request.headers.get("content-type") ?? "").toLowerCase().includes("application/json"))
    return { upload: await announceTranscription(await readJson(request), user, actor) };
  return receiveTranscription(request, user, actor);
}

async function announceTranscription(raw: unknown, user: SessionUser, actor: AuditActor): Promise<UploadView> {
  const { fields, file } = parseAnnouncement(raw);
  const now = new Date();
  await checkConsents(user.id, fields.consentIds, now);
  const [row] = newUploadRows([file], user.id, now);
  await db().$transaction(async (tx) => {
    await tx.upload.create({ data: { ...row, transcription: fields as unknown as Prisma.InputJsonValue, createdAt: now } });
    await audit(tx, actor, { action: "upload.announce", entityType: "upload", entityId: row.id, metadata: { files: 1, transcription: true } });
  });
  return toUploadView({ ...row, receivedBytes: 0n, completedAt: null, failure: null });
}

/**
 * A transcription upload's last byte arrived (lib/uploads/resumable.ts, inside its transaction): the
 * transcription is created from the stored object with the fields checked at the announcement, and
 * the consents named then are claimed (their window measured from the announcement). Returns its id,
 * to queue after the commit.
 */
export async function transcriptionFromUpload(
  tx: Tx,
  upload: { id: string; userId: string | null; fileName: string; storageKey: string; createdAt: Date; transcription: unknown },
  stored: { sha256: string; size: number; type: SniffedType },
  actor: AuditActor,
): Promise<string> {
  const kind = kindOf(stored.type);
  if (!kind || !upload.userId) throw new AppError("unsupported_media_type", "transcription_invalid_type");
  const id = randomUUID();
  await insertTranscription(tx, {
    id,
    uploaderId: upload.userId,
    fields: upload.transcription as Fields,
    file: { originalName: upload.fileName, size: stored.size, mimeType: stored.type.mimeType, sha256: stored.sha256, key: upload.storageKey, kind },
    consentsFrom: upload.createdAt,
    actor,
    uploadId: upload.id,
  });
  return id;
}

/**
 * POST /api/transcriptions as multipart: one file, streamed into storage while its type is checked from its bytes.
 * The form fields come before the file (the upload center sent them so): they and the consents named
 * in `consentIds` (the ids POST /api/consent returned) are checked before a byte is read; a field
 * arriving after the file is refused, and any failure deletes what was stored. The consent window is
 * measured from the upload's start, so a slow upload of a large file is not refused at its end.
 * The row, exactly the named consents (claimed once) and the audit row commit together;
 * the job is queued after the commit, and the answer does not wait for it.
 */
async function receiveTranscription(request: Request, user: SessionUser, actor: AuditActor): Promise<{ id: string; status: "queued" }> {
  const id = randomUUID();
  const startedAt = new Date();
  let checked: { fields: Fields; names: Set<string> } | null = null;

  await receiveUploads(
    request,
    {
      fileField: "file",
      maxFiles: 1,
      tooManyFiles: "transcription_one_file",
      noFile: "transcription_no_file",
      prefix: () => `transcriptions/${id}`,
      rules: {
        maxBytes: MAX_TRANSCRIPTION_BYTES,
        accepts: (type) => kindOf(type) !== null,
        refused: "transcription_invalid_type",
        tooLarge: "transcription_too_large",
      },
      beforeFirstFile: async (fieldsSoFar) => {
        const fields = parseFields(fieldsSoFar);
        await checkConsents(user.id, fields.consentIds, startedAt);
        checked = { fields, names: new Set(Object.keys(fieldsSoFar)) };
      },
    },
    async (allFields, [file]) => {
      const before = checked!;
      if (Object.keys(allFields).some((name) => !before.names.has(name))) throw new AppError("bad_request", "transcription_fields_after_file");
      const kind = kindOf({ kind: file.kind, mimeType: file.mimeType } as SniffedType)!;
      await db().$transaction((tx) =>
        insertTranscription(tx, {
          id,
          uploaderId: user.id,
          fields: before.fields,
          file: { originalName: file.originalName, size: file.size, mimeType: file.mimeType, sha256: file.sha256, key: file.key, kind },
          consentsFrom: startedAt,
          actor,
        }),
      );
    },
  );

  // The row is committed as queued; the answer does not wait for the job.
  await enqueue(id);
  return { id, status: "queued" };
}
