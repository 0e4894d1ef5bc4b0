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
import type { SniffedType } from "@/lib/contracts/file-types";
import { checkConsents, claimConsents, parseConsentIds } from "./consent";
import { enqueueTranscription } from "./jobs";
import { RETENTION_DAYS } from "./upload-rules";

const fieldsSchema = transcriptionUploadFieldsSchema.extend({ patientInfo: z.string().optional(), consentIds: z.string().optional() });
type Fields = z.infer<typeof transcriptionUploadFieldsSchema> & { patientInfo: Partial<PatientInfo> | null; consentIds: string[] };

function parseFields(raw: Readonly<Record<string, string>>): Fields {
  // Empty form fields mean "not given".
  const given = Object.fromEntries(Object.entries(raw).filter(([, value]) => value.trim() !== ""));
  const fields = fieldsSchema.safeParse(given, codedDefaults);
  if (!fields.success) throw issueError(fields.error.issues[0]);
  return { ...fields.data, patientInfo: parsePatientInfo(given.patientInfo), consentIds: parseConsentIds(given.consentIds) };
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

/** What we transcribe, by the file's real type. */
function kindOf(type: SniffedType): TranscriptionKind | null {
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

/**
 * POST /api/transcriptions: one file, streamed into storage while its type is checked from its bytes.
 * The form fields come before the file (the upload center sends them so): they and the consents named
 * in `consentIds` (the ids POST /api/consent returned) are checked before a byte is read; a field
 * arriving after the file is refused, and any failure deletes what was stored. The consent window is
 * measured from the upload's start, so a slow upload of a large file is not refused at its end.
 * The row, exactly the named consents (claimed once) and the audit row commit together;
 * the job is queued after the commit, and the answer does not wait for it.
 */
export async function createTranscription(request: Request, user: SessionUser, actor: AuditActor): Promise<{ id: string; status: "queued" }> {
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
      const { fields } = before;
      const now = new Date();
      await db().$transaction(async (tx) => {
        await tx.transcription.create({
          data: {
            id,
            uploadedById: user.id,
            title: fields.title ?? file.originalName.slice(0, 200),
            meetingType: fields.meetingType,
            department: fields.department ?? null,
            language: kind === "audio" ? (fields.language ?? speechLanguages[0]) : null,
            patientInfo: (fields.patientInfo ?? undefined) as Prisma.InputJsonValue | undefined,
            kind,
            fileName: file.originalName,
            fileSize: BigInt(file.size),
            mimeType: file.mimeType,
            sha256: file.sha256,
            storageKey: file.key,
            // With a scanner configured, the job scans the file before the engine may open it (worker.ts).
            ...initialTranscriptionScan(),
            deleteFileAfter: new Date(now.getTime() + (kind === "audio" ? RETENTION_DAYS.audio : RETENTION_DAYS.other) * DAY_MS),
            createdAt: now,
          },
        });
        // Throws (rolling back) when another upload claimed one of them in the meantime.
        const consents = await claimConsents(tx, user.id, fields.consentIds, startedAt, id);
        await audit(tx, actor, {
          action: "transcription.create",
          entityType: "transcription",
          entityId: id,
          metadata: { kind, size: file.size, consents },
        });
      });
    },
  );

  // The row is committed as queued; a failed enqueue is logged and picked up again by the worker's sweep.
  await enqueueTranscription(id).catch((error: unknown) => log.error({ transcriptionId: id, err: error }, "Could not enqueue the transcription"));
  return { id, status: "queued" };
}
