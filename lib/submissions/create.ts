import "server-only";
import { defaultLocale, isLocale } from "@/lib/i18n/locales";
import { AppError } from "@/lib/app-error";
import { audit, type AuditActor } from "@/lib/audit";
import type { SessionUser } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { indexArrivedFiles } from "@/lib/imaging/index-instance";
import { Prisma } from "@/lib/db/generated/client";
import { receiveRecords, newSubmissionId } from "./intake";
import { MAX_FILES_PER_SUBMISSION } from "@/lib/contracts/submission-options";
import { submissionFieldsSchema, type SubmissionFields } from "@/lib/contracts/submissions";
import { CONSENT_VERSION, normalizeSubmissionFields } from "./rules";
import { newTrackingNumber } from "./tracking-number";
import { sendSubmissionConfirmation } from "./emails";
import type { StoredUpload } from "@/lib/uploads/store-upload";
import { initialScanStatus, scanSubmissionInBackground } from "@/lib/security/scan";
import { log } from "@/lib/log";
import { codedDefaults, issueError } from "@/lib/api/zod-issues";
import { readRequestText } from "@/lib/api/request-body";
import { announcedFilesSchema, MAX_ANNOUNCEMENT_JSON_BYTES, type AnnouncedFile, type UploadView } from "@/lib/contracts/uploads";
import { checkAnnouncement, emptyCase, issueUploadCookie, newUploadRows, unfinishedUploads } from "@/lib/uploads/resumable";
import { toUploadView } from "@/lib/uploads/upload-view";
import { z } from "zod";

export interface CreatedSubmission {
  id: string;
  trackingNumber: string;
  /** False when an earlier request with the same idempotency key already created it. */
  created: boolean;
  /** A submission that announced its files: one resumable upload each (those not arrived yet, on a retry). */
  uploads?: UploadView[];
  /** For a guest who announced files: the cookie that lets them send those files. */
  setCookie?: string;
}

const announcedSubmissionSchema = submissionFieldsSchema.extend({ files: announcedFilesSchema, locale: z.string().optional() });

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{16,100}$/;

/**
 * Creates a submission (the guest and the signed-in variants). A signed-in patient's submission
 * belongs to their account and uses the account's e-mail. Two forms of request:
 * - JSON: the fields and the files it announces (name and size); nothing is stored but the case, and
 *   each file then travels on its own through the resumable upload endpoint (lib/uploads/resumable.ts);
 * - multipart: the fields and the files themselves, in one request.
 */
export async function createSubmission(request: Request, user: SessionUser | null, actor: AuditActor): Promise<CreatedSubmission> {
  const idempotencyKey = request.headers.get("idempotency-key");
  if (idempotencyKey !== null && !IDEMPOTENCY_KEY.test(idempotencyKey)) throw new AppError("bad_request", "idempotency_key_invalid");
  if (idempotencyKey) {
    const existing = await findByIdempotencyKey(idempotencyKey, user);
    if (existing) return existing;
  }
  const submissionId = newSubmissionId();
  const create = (fields: SubmissionFields, files: StoredUpload[], announced: AnnouncedFile[], locale: string | undefined) =>
    insert(submissionId, fields, files, announced, user, actor, idempotencyKey, locale).catch(async (error: unknown) => {
      // Two requests with one idempotency key raced: the other one won; answer with its submission.
      if (idempotencyKey && isUniqueViolation(error, "idempotencyKey")) {
        const existing = await findByIdempotencyKey(idempotencyKey, user);
        if (existing) throw new DuplicateSubmission(existing);
      }
      throw error;
    });

  return (async () => {
    if ((request.headers.get("content-type") ?? "").toLowerCase().includes("application/json")) {
      const raw = await readJsonBody(request);
      const locale = isLocale(raw.locale) ? raw.locale : undefined;
      const parsed = announcedSubmissionSchema.safeParse({ ...raw, ...(user ? { email: user.email } : {}) }, codedDefaults);
      if (!parsed.success) throw issueError(parsed.error.issues[0], { locale });
      checkAnnouncement(parsed.data.files, emptyCase);
      return create(parsed.data, [], parsed.data.files, raw.locale as string | undefined);
    }
    return receiveRecords(request, { folder: () => submissionId, maxFiles: MAX_FILES_PER_SUBMISSION }, async (rawFields, files) => {
      const parsed = submissionFieldsSchema.safeParse({ ...normalizeSubmissionFields(rawFields), ...(user ? { email: user.email } : {}) });
      if (!parsed.success) throw issueError(parsed.error.issues[0], { locale: isLocale(rawFields.locale) ? rawFields.locale : undefined });
      return create(parsed.data, files, [], rawFields.locale);
    });
  })().catch((error: unknown) => {
    if (error instanceof DuplicateSubmission) return error.existing;
    throw error;
  });
}

class DuplicateSubmission extends Error {
  constructor(readonly existing: CreatedSubmission) {
    super("duplicate");
  }
}

async function insert(
  id: string,
  fields: SubmissionFields,
  files: StoredUpload[],
  announced: AnnouncedFile[],
  user: SessionUser | null,
  actor: AuditActor,
  idempotencyKey: string | null,
  locale: string | undefined,
): Promise<CreatedSubmission> {
  const uploads = newUploadRows(announced, user?.id ?? null);
  for (let attempt = 0; ; attempt++) {
    const trackingNumber = newTrackingNumber();
    try {
      await db().$transaction(async (tx) => {
        await tx.submission.create({
          data: {
            id,
            trackingNumber,
            idempotencyKey,
            source: user ? "authenticated" : "guest",
            userId: user?.id ?? null,
            title: fields.title ?? (fields.medicalCondition ? `${fields.medicalCondition} - ${fields.patientName}` : null),
            patientName: fields.patientName,
            email: fields.email.toLowerCase(),
            phone: fields.phone,
            country: fields.country,
            homeCountry: fields.homeCountry,
            medicalCondition: fields.medicalCondition,
            specialty: fields.specialty,
            urgency: fields.urgency,
            budget: fields.budget,
            preferredCountries: fields.preferredCountries,
            message: fields.message ?? (fields.medicalCondition ? `Medical consultation for ${fields.medicalCondition}` : null),
            consent: fields.consent,
            consentFullName: fields.consentFullName,
            consentEmail: fields.consentEmail.toLowerCase(),
            consentDate: new Date(fields.consentDate),
            consentVersion: CONSENT_VERSION,
            locale: isLocale(locale) ? locale : defaultLocale,
            hasFiles: files.length > 0,
            files: { create: files.map(toFileRow) },
            // A CD's thousands of files in one statement.
            uploads: { createMany: { data: uploads } },
            statusChanges: { create: { fromStatus: null, toStatus: "submitted", actorId: user?.id ?? null, note: "Submission received" } },
          },
        });
        await tx.consentRecord.create({
          data: {
            userId: user?.id ?? null,
            submissionId: id,
            consentType: "records_processing",
            granted: true,
            version: CONSENT_VERSION,
            ipAddress: actor.ipAddress ?? null,
          },
        });
        if (user)
          await tx.notification.create({
            // Bell only: the confirmation e-mail below says the same, with next steps.
            data: { userId: user.id, submissionId: id, type: "submission_received", params: { trackingNumber }, actionUrl: "/journey" },
          });
        await audit(tx, actor, {
          action: "submission.create",
          entityType: "submission",
          entityId: id,
          metadata: { files: files.length, announcedFiles: uploads.length },
        });
      });
      await indexArrivedFiles(
        id,
        files.map((file) => file.key),
        actor,
      );
      scanSubmissionInBackground(id);
      void sendSubmissionConfirmation({ to: fields.email, trackingNumber, patientName: fields.patientName, locale, signedIn: !!user }).catch((error) =>
        log.error({ submissionId: id, err: error }, "Could not send the submission confirmation"),
      );
      if (announced.length === 0) return { id, trackingNumber, created: true };
      return {
        id,
        trackingNumber,
        created: true,
        uploads: uploads.map((row) => toUploadView({ ...row, receivedBytes: 0n, completedAt: null, failure: null })),
        setCookie: user ? undefined : issueUploadCookie(id),
      };
    } catch (error) {
      if (attempt < 3 && isUniqueViolation(error, "trackingNumber")) continue;
      throw error;
    }
  }
}

export function toFileRow(file: StoredUpload) {
  return {
    originalName: file.originalName,
    size: BigInt(file.size),
    mimeType: file.mimeType,
    sha256: file.sha256,
    storageKey: file.key,
    scanStatus: initialScanStatus(),
  };
}

async function findByIdempotencyKey(key: string, user: SessionUser | null): Promise<CreatedSubmission | null> {
  const existing = await db().submission.findUnique({ where: { idempotencyKey: key }, select: { id: true, trackingNumber: true, userId: true } });
  if (!existing) return null;
  // A key reused by someone else reveals nothing: it is treated as a conflict.
  if (existing.userId !== (user?.id ?? null)) throw new AppError("conflict", "idempotency_key_reused");
  const uploads = await unfinishedUploads(existing.id);
  if (uploads.length === 0) return { id: existing.id, trackingNumber: existing.trackingNumber, created: false };
  return { id: existing.id, trackingNumber: existing.trackingNumber, created: false, uploads, setCookie: user ? undefined : issueUploadCookie(existing.id) };
}

async function readJsonBody(request: Request): Promise<Record<string, unknown>> {
  const text = await readRequestText(request, MAX_ANNOUNCEMENT_JSON_BYTES);
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === "object" && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw new AppError("bad_request", "invalid_json");
}

function isUniqueViolation(error: unknown, field: string): boolean {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError) || error.code !== "P2002") return false;
  const target = JSON.stringify(error.meta ?? {});
  return target.includes(field);
}
