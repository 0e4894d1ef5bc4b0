import "server-only";
import { defaultLocale, isLocale } from "@/lib/i18n/locales";
import { AppError } from "@/lib/app-error";
import { audit, type AuditActor } from "@/lib/audit";
import type { SessionUser } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/db/generated/client";
import { receiveRecords, newSubmissionId } from "./intake";
import { MAX_FILES_PER_SUBMISSION, submissionFieldsSchema, type SubmissionFields } from "@/lib/contracts/submissions";
import { CONSENT_VERSION, normalizeSubmissionFields } from "./rules";
import { newTrackingNumber } from "./tracking-number";
import { sendSubmissionConfirmation } from "./emails";
import type { StoredUpload } from "@/lib/uploads/store-upload";
import { initialScanStatus, scanSubmissionInBackground } from "@/lib/security/scan";
import { log } from "@/lib/log";
import { issueError } from "@/lib/api/zod-issues";

export interface CreatedSubmission {
  id: string;
  trackingNumber: string;
  /** False when an earlier request with the same idempotency key already created it. */
  created: boolean;
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{16,100}$/;

/**
 * Creates a submission from a multipart request (the guest and the signed-in variants).
 * A signed-in patient's submission belongs to their account and uses the account's e-mail.
 */
export async function createSubmission(request: Request, user: SessionUser | null, actor: AuditActor): Promise<CreatedSubmission> {
  const idempotencyKey = request.headers.get("idempotency-key");
  if (idempotencyKey !== null && !IDEMPOTENCY_KEY.test(idempotencyKey)) throw new AppError("bad_request", "idempotency_key_invalid");
  if (idempotencyKey) {
    const existing = await findByIdempotencyKey(idempotencyKey, user);
    if (existing) return existing;
  }

  const submissionId = newSubmissionId();
  const result = await receiveRecords(request, { folder: () => submissionId, maxFiles: MAX_FILES_PER_SUBMISSION }, async (rawFields, files) => {
    const parsed = submissionFieldsSchema.safeParse({ ...normalizeSubmissionFields(rawFields), ...(user ? { email: user.email } : {}) });
    if (!parsed.success) throw issueError(parsed.error.issues[0], { locale: isLocale(rawFields.locale) ? rawFields.locale : undefined });
    try {
      return await insert(submissionId, parsed.data, files, user, actor, idempotencyKey, rawFields.locale);
    } catch (error) {
      // Two requests with one idempotency key raced: the other one won; answer with its submission.
      if (idempotencyKey && isUniqueViolation(error, "idempotencyKey")) {
        const existing = await findByIdempotencyKey(idempotencyKey, user);
        if (existing) throw new DuplicateSubmission(existing);
      }
      throw error;
    }
  }).catch((error: unknown) => {
    if (error instanceof DuplicateSubmission) return error.existing;
    throw error;
  });
  return result;
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
  user: SessionUser | null,
  actor: AuditActor,
  idempotencyKey: string | null,
  locale: string | undefined,
): Promise<CreatedSubmission> {
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
        await audit(tx, actor, { action: "submission.create", entityType: "submission", entityId: id, metadata: { files: files.length } });
      });
      scanSubmissionInBackground(id);
      void sendSubmissionConfirmation({ to: fields.email, trackingNumber, patientName: fields.patientName, locale, signedIn: !!user }).catch((error) =>
        log.error({ submissionId: id, err: error }, "Could not send the submission confirmation"),
      );
      return { id, trackingNumber, created: true };
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
  // A key reused by someone else reveals nothing: it is treated as a conflict.
  if (existing && existing.userId !== (user?.id ?? null)) throw new AppError("conflict", "idempotency_key_reused");
  return existing ? { id: existing.id, trackingNumber: existing.trackingNumber, created: false } : null;
}

function isUniqueViolation(error: unknown, field: string): boolean {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError) || error.code !== "P2002") return false;
  const target = JSON.stringify(error.meta ?? {});
  return target.includes(field);
}
