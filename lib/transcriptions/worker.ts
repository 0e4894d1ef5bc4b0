import "server-only";
import { db } from "@/lib/db";
import { log } from "@/lib/log";
import type { Prisma } from "@/lib/db/generated/client";
import { scanTranscriptionFile } from "@/lib/security/scan";
import { getStore, StorageNotFoundError } from "@/lib/storage";
import { storedStatusReason, type StatusReason } from "@/lib/contracts/transcription-reasons";
import { EngineError, runEngine, type EngineInput, type EngineResult } from "./engines";
import { awaitingScan } from "./scan-state";
import { reasonColumns } from "./status-reason";

/** An engine as the job calls it; tests pass a fake one, the app uses the real runEngine. */
export type Engine = (input: EngineInput) => Promise<EngineResult>;

/** Runs of one transcription at most: the first and three retries (a crash or a retryable error each count). */
export const MAX_ATTEMPTS = 4;

export const FILE_GONE: StatusReason = { code: "file_gone" };
const SCAN_NOT_DONE = "The malware scan could not be done yet";

/** Thrown to the queue after a retryable failure, so that it runs the job again later (with backoff). */
export class RetryLaterError extends Error {
  override name = "RetryLaterError";
}

export type JobOutcome = "completed" | "needs_engine" | "failed" | "skipped";

const ACTIVE = ["queued", "processing"] as const;

/**
 * The job: claims the row (queued or processing → processing, attempts + 1), transcribes the stored
 * file and stores the result. `attempts` is the fencing token: a run that was given up on (expired
 * while hung) cannot overwrite what a later run wrote. A row that is gone or already finished is
 * skipped, so a job delivered twice never transcribes twice.
 */
export async function processTranscription(id: string, engine: Engine = runEngine): Promise<JobOutcome> {
  // Malware gate (ADR 9): with CLAMAV_HOST set, the upload commits its row marked as awaiting the scan and
  // queues the job at once; the job scans the file first, so the scan and the check that the engine only
  // opens a clean file sit in one place, whoever queued the job. Infected ends the row failed (quarantined);
  // a scanner outage leaves the mark and retries the job without using up the transcription's attempts,
  // and once the queue gives up, the scheduled re-scan and the worker's sweep take it over.
  await scanTranscriptionFile(id);
  const row = await claim(id);
  if (row === "awaiting_scan") throw new RetryLaterError(SCAN_NOT_DONE);
  if (!row) return "skipped";
  const attempt = row.attempts;
  const finish = async (outcome: JobOutcome, data: Prisma.TranscriptionUpdateManyMutationInput) => {
    await db().transcription.updateMany({ where: { id, status: "processing", attempts: attempt }, data: { ...data, progressDone: null, progressTotal: null } });
    return outcome;
  };
  // Only this run, while it still holds the row, may report its progress.
  const progress = async (done: number, total: number) => {
    await db().transcription.updateMany({ where: { id, status: "processing", attempts: attempt }, data: { progressDone: done, progressTotal: total } });
  };
  const fail = (reason: StatusReason | string) => finish("failed", { status: "failed", ...reasonColumns(reason) });

  const storageKey = row.storageKey;
  if (!storageKey || row.fileDeletedAt || !(await getStore().exists(storageKey))) return fail(FILE_GONE);

  let result: EngineResult;
  try {
    result = await engine({
      kind: row.kind,
      mimeType: row.mimeType,
      fileName: row.fileName,
      size: Number(row.fileSize),
      language: row.language,
      open: () => getStore().get(storageKey),
      progress,
    });
  } catch (error) {
    if (error instanceof StorageNotFoundError) return fail(FILE_GONE);
    if (error instanceof EngineError && !error.retryable) return fail(error.reason ?? error.message);
    const message = messageOf(error);
    log.error({ transcriptionId: id, attempt, reason: message }, `[transcription] attempt ${attempt} of ${MAX_ATTEMPTS} for ${id} failed: ${message}`);
    // A coded engine error is translated on the pages; anything else is shown as its (technical) message.
    const reason = error instanceof EngineError && error.reason ? error.reason : message;
    if (attempt >= MAX_ATTEMPTS) return fail({ code: "failed_after_attempts", params: { attempts: attempt, reason } });
    await finish("skipped", { status: "queued", ...reasonColumns({ code: "attempt_failed_will_retry", params: { attempt, max: MAX_ATTEMPTS, reason } }) });
    throw new RetryLaterError(message);
  }

  if (result.status === "needs_engine") return finish("needs_engine", { status: "needs_engine", ...reasonColumns(result.reason) });
  return finish("completed", {
    status: "completed",
    ...reasonColumns(null),
    text: result.text,
    segments: (result.segments ?? undefined) as Prisma.InputJsonValue | undefined,
    engine: result.engine,
    completedAt: new Date(),
  });
}

/** Optimistic claim: succeeds only if nobody changed status or attempts since we read them. */
async function claim(id: string) {
  const current = await db().transcription.findUnique({ where: { id } });
  if (!current || !(ACTIVE as readonly string[]).includes(current.status)) return null;
  // A scan never becomes pending again once done, so a row read as scanned stays so during the update below.
  if (awaitingScan(current)) return "awaiting_scan" as const;
  if (current.attempts >= MAX_ATTEMPTS) {
    await giveUpTranscription(id);
    return null;
  }
  const claimed = await db().transcription.updateMany({
    where: { id, status: current.status, attempts: current.attempts },
    data: { status: "processing", attempts: current.attempts + 1, startedAt: new Date() },
  });
  return claimed.count === 1 ? { ...current, attempts: current.attempts + 1 } : null;
}

/**
 * The queue gave up on the job (its runs crashed, were stopped or timed out): the row ends failed
 * with the reason instead of staying queued or processing forever.
 */
export async function giveUpTranscription(id: string): Promise<boolean> {
  const row = await db().transcription.findUnique({
    where: { id },
    select: { status: true, attempts: true, statusReason: true, statusReasonCode: true, statusReasonParams: true, storageKey: true, scanStatus: true },
  });
  // A file still awaiting its malware scan has not failed: it waits for the scheduled re-scan and the sweep.
  if (!row || !(ACTIVE as readonly string[]).includes(row.status) || awaitingScan(row)) return false;
  const last = row.status === "queued" ? lastError(row) : null;
  const { count } = await db().transcription.updateMany({
    where: { id, status: row.status, attempts: row.attempts },
    data: {
      status: "failed",
      ...reasonColumns(
        last === null
          ? { code: "did_not_finish_stopped", params: { attempts: row.attempts } }
          : { code: "did_not_finish_last_error", params: { attempts: row.attempts, reason: last } },
      ),
    },
  });
  return count === 1;
}

/** What the last run of a queued row reported: the cause of its retry, or an older row's English text. */
function lastError(row: { statusReason: string | null; statusReasonCode: string | null; statusReasonParams: unknown }): StatusReason | string | null {
  const reason = storedStatusReason(row.statusReasonCode, row.statusReasonParams);
  const cause = reason?.code === "attempt_failed_will_retry" ? reason.params?.reason : undefined;
  if (cause !== undefined) return typeof cause === "number" ? String(cause) : cause;
  return reason ?? row.statusReason;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}
