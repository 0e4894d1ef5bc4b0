import "server-only";
import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import type { z } from "zod";
import type { trackRequestSchema, trackVerifySchema } from "@/lib/contracts/tracking";
import { AppError } from "@/lib/app-error";
import { enforceRateLimit, RATE_RULES } from "@/lib/api/rate-limit";
import { audit, type AuditActor } from "@/lib/audit";
import { db } from "@/lib/db";
import { log } from "@/lib/log";
import { getEnv } from "@/lib/env";
import { sendTrackingCode } from "@/lib/submissions/emails";

const CODE_TTL_MS = 10 * 60 * 1000;
const MAX_ATTEMPTS = 5;

type TrackRequest = z.output<typeof trackRequestSchema>;
type TrackVerify = z.output<typeof trackVerifySchema>;

function hashCode(code: string, submissionId: string): string {
  return createHash("sha256").update(`${getEnv().BETTER_AUTH_SECRET}:${submissionId}:${code}`).digest("hex");
}

async function findSubmission(trackingNumber: string, email: string) {
  return db().submission.findFirst({ where: { trackingNumber, email }, select: { id: true, trackingNumber: true, email: true } });
}

/**
 * Sends a one-time code when the tracking number and e-mail belong together. The answer is the
 * same either way, and so is its timing: after the per-address limit the request only hands the
 * pair to `sendCodeIfMatching`, which runs after the answer has gone (the code's mail is not awaited,
 * nor even the look-up that decides whether there is one).
 */
export async function requestTrackingCode(input: TrackRequest, ip: string, actor: AuditActor): Promise<void> {
  await enforceRateLimit(RATE_RULES.trackCodeByIp, ip);
  void sendCodeIfMatching(input, actor).catch((error: unknown) => log.error({ err: error }, "Could not send a tracking code"));
}

async function sendCodeIfMatching(input: TrackRequest, actor: AuditActor): Promise<void> {
  const submission = await findSubmission(input.trackingNumber, input.email);
  if (!submission) return;
  try {
    await enforceRateLimit(RATE_RULES.trackCodeBySubmission, submission.id);
  } catch {
    log.warn({ submissionId: submission.id }, "Tracking code not sent: too many requests for this case");
    return;
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  await db().$transaction(async (tx) => {
    // A new code replaces any earlier one.
    await tx.trackingCode.updateMany({ where: { submissionId: submission.id, consumedAt: null }, data: { consumedAt: new Date() } });
    await tx.trackingCode.create({
      data: { submissionId: submission.id, codeHash: hashCode(code, submission.id), expiresAt: new Date(Date.now() + CODE_TTL_MS) },
    });
    await audit(tx, actor, { action: "track.code_sent", entityType: "submission", entityId: submission.id });
  });
  await sendTrackingCode({ to: submission.email, code, trackingNumber: submission.trackingNumber, locale: input.locale });
}

/** Checks a code (at most 5 tries per code, the right one included); on success the code is used up and the submission id returned. */
export async function verifyTrackingCode(input: TrackVerify, ip: string, actor: AuditActor): Promise<string> {
  await enforceRateLimit(RATE_RULES.trackVerify, ip);
  const submission = await findSubmission(input.trackingNumber, input.email);
  if (!submission) throw new AppError("bad_request", "tracking_code_invalid", { field: "code" });
  const current = await db().trackingCode.findFirst({
    where: { submissionId: submission.id, consumedAt: null, expiresAt: { gt: new Date() } },
    orderBy: { createdAt: "desc" },
  });
  if (!current) throw new AppError("bad_request", "tracking_code_invalid", { field: "code" });
  // Each guess takes one of the code's tries in a single statement before it is compared, so guesses
  // sent at once cannot all read "4 tries used" and all be compared.
  const tried = await db().trackingCode.updateMany({
    where: { id: current.id, consumedAt: null, attempts: { lt: MAX_ATTEMPTS } },
    data: { attempts: { increment: 1 } },
  });
  if (tried.count !== 1) throw new AppError("bad_request", "tracking_code_invalid", { field: "code" });
  const expected = Buffer.from(current.codeHash, "hex");
  const given = Buffer.from(hashCode(input.code, submission.id), "hex");
  if (!timingSafeEqual(expected, given)) throw new AppError("bad_request", "tracking_code_invalid", { field: "code" });
  // Only one request can use the code: the update matches only while it is unused.
  const used = await db().trackingCode.updateMany({ where: { id: current.id, consumedAt: null }, data: { consumedAt: new Date() } });
  if (used.count !== 1) throw new AppError("bad_request", "tracking_code_invalid", { field: "code" });
  await audit(db(), actor, { action: "track.verified", entityType: "submission", entityId: submission.id });
  return submission.id;
}
