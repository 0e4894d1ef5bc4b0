import "server-only";
import type { PGlite } from "@electric-sql/pglite";
import PgBoss from "pg-boss";
import { db, embeddedPglite } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { log } from "@/lib/log";
import { scheduledJobs } from "@/lib/jobs/schedule";
import { speechEngineConfigured } from "./engines/configured";
import { DEFAULT_JOB_EXPIRY_SECONDS, transcriptionJobExpirySeconds } from "./job-expiry";
import { reasonColumns } from "./status-reason";
import { giveUpTranscription, MAX_ATTEMPTS, processTranscription, type Engine } from "./worker";

/**
 * Durable transcription jobs on pg-boss (ADR 007), in its own schema of the app's database: on
 * PostgreSQL through its own small pool (several app instances share the queue, and SKIP LOCKED
 * hands each job to one of them), on the embedded PGlite through the app's own instance.
 * One job per transcription: the job id is the transcription id.
 */
const SCHEMA = "pgboss";
export const TRANSCRIPTION_QUEUE = "transcription";
/** Jobs whose retries ran out (also after a timeout) land here; their rows end failed. */
const GAVE_UP_QUEUE = "transcription_gave_up";
const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

export interface WorkerOptions {
  /** The transcription engine; the real one unless a test injects a fake. */
  engine?: Engine;
  /** Jobs run at the same time by this worker (TRANSCRIPTION_CONCURRENCY). */
  concurrency?: number;
  /** A run still active after this long is taken for dead and retried (pg-boss expiry). */
  expireInSeconds?: number;
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  pollingIntervalSeconds?: number;
  /** How often pg-boss looks for expired runs. */
  maintenanceIntervalSeconds?: number;
  /** The scheduled maintenance jobs of lib/jobs/schedule.ts (retention and others), also run once at start. */
  retention?: boolean;
  /** Re-enqueues rows left without a job (e.g. a crash between commit and enqueue), every 10 minutes. */
  sweep?: boolean;
  /**
   * Runs left active by a stopped process: "retry-now" hands them back before this worker starts
   * (only when no other process can be running them: the embedded database); "expire" waits for
   * their expiry (PostgreSQL, where another instance may still be working on them).
   */
  abandonedRuns?: "retry-now" | "expire";
}

type Config = Omit<Required<WorkerOptions>, "engine">;

const defaults: Config = {
  concurrency: 1,
  expireInSeconds: DEFAULT_JOB_EXPIRY_SECONDS, // audio jobs get their own, from the file's size (job-expiry.ts)
  retryDelaySeconds: 30,
  retryBackoff: true,
  pollingIntervalSeconds: 2,
  maintenanceIntervalSeconds: 120,
  retention: true,
  sweep: true,
  abandonedRuns: "expire",
};

export interface TranscriptionWorker {
  readonly boss: PgBoss;
  /** Stops fetching; waits up to `timeoutMs` for running jobs, then hands them back to the queue. */
  stop(timeoutMs?: number): Promise<void>;
}

type JobData = { id: string };

const state = globalThis as unknown as { afyaJobs?: { sender?: Promise<PgBoss>; worker?: Promise<TranscriptionWorker | null> } };
const jobs = () => (state.afyaJobs ??= {});

/**
 * Queues the transcription's job (called after its row is committed). Idempotent: a second call
 * for the same id adds nothing while the first job exists.
 */
export async function enqueueTranscription(id: string): Promise<void> {
  await sendJob(await activeBoss(), id);
}

/**
 * Queues a transcription again (a retry, or audio that waited for a speech engine): its finished
 * job makes way for a new one; a job still waiting or running is left alone.
 */
export async function requeueTranscription(id: string, boss?: PgBoss): Promise<void> {
  boss ??= await activeBoss();
  const job = await boss.getJobById(TRANSCRIPTION_QUEUE, id);
  if (job && ["created", "retry", "active"].includes(job.state)) return;
  if (job) await boss.deleteJob(TRANSCRIPTION_QUEUE, id);
  await sendJob(boss, id);
}

async function activeBoss(): Promise<PgBoss> {
  const worker = await jobs().worker;
  return worker?.boss ?? (await sender());
}

/** One job per transcription (its id); audio gets an expiry that fits the recording's length. */
async function sendJob(boss: PgBoss, id: string): Promise<void> {
  const row = await db().transcription.findUnique({ where: { id }, select: { kind: true, mimeType: true, fileSize: true } });
  const expireInSeconds = row ? transcriptionJobExpirySeconds({ kind: row.kind, mimeType: row.mimeType, size: Number(row.fileSize) }) : null;
  await boss.send(TRANSCRIPTION_QUEUE, { id } satisfies JobData, { id, ...(expireInSeconds ? { expireInSeconds } : {}) });
}

/**
 * Audio that ended needs_engine goes back to the queue once a speech engine is configured (checked
 * at each worker start, as the needs_engine message promises). The conditional update hands each
 * row to one of several instances starting at once.
 */
export async function requeueAudioAwaitingEngine(boss: PgBoss): Promise<number> {
  if (!speechEngineConfigured()) return 0;
  const rows = await db().transcription.findMany({ where: { status: "needs_engine", kind: "audio" }, select: { id: true }, orderBy: { createdAt: "asc" } });
  let queued = 0;
  for (const { id } of rows) {
    const { count } = await db().transcription.updateMany({
      where: { id, status: "needs_engine" },
      data: { status: "queued", ...reasonColumns(null), attempts: 0, startedAt: null },
    });
    if (count === 0) continue;
    await requeueTranscription(id, boss);
    queued++;
  }
  if (queued) log.info(`[transcription] a speech engine is configured: ${queued} recording(s) that were waiting for one are queued again`);
  return queued;
}

/**
 * The process's worker, started once from instrumentation.ts (and by tests); a no-op when
 * TRANSCRIPTION_WORKER=off (e.g. web-only instances while other instances run the jobs).
 */
export function startTranscriptionWorker(options: WorkerOptions = {}): Promise<void> {
  const env = getEnv();
  if (env.TRANSCRIPTION_WORKER === "off") return Promise.resolve();
  jobs().worker ??= (async () => {
    // Only this process can open the embedded database, so any run still marked active there was
    // left by a process that died: it goes back to the queue at once instead of waiting to expire.
    const abandonedRuns = embeddedPglite() ? "retry-now" : "expire";
    return createTranscriptionWorker({ concurrency: env.TRANSCRIPTION_CONCURRENCY, abandonedRuns, ...options });
  })().catch((error: unknown) => {
    jobs().worker = undefined;
    throw error;
  });
  return jobs().worker!.then(() => undefined);
}

/** Stops the process's worker and sender (tests, and a clean shutdown). */
export async function stopTranscriptionJobs(timeoutMs?: number): Promise<void> {
  const { worker, sender } = jobs();
  state.afyaJobs = {};
  await (await worker?.catch(() => null))?.stop(timeoutMs);
  await (await sender?.catch(() => null))?.stop({ graceful: false, wait: true });
}

/**
 * A worker with its own pg-boss instance. The app runs one per process (startTranscriptionWorker);
 * tests start several on one database to show that no job runs twice.
 */
export async function createTranscriptionWorker(options: WorkerOptions = {}): Promise<TranscriptionWorker> {
  const config = { ...defaults, ...options };
  const boss = newBoss({
    supervise: true,
    schedule: config.retention,
    maintenanceIntervalSeconds: config.maintenanceIntervalSeconds,
    max: config.concurrency + 2,
  });
  await boss.start();
  await createQueues(boss, config, true);
  if (config.abandonedRuns === "retry-now") await retryAbandonedRuns(boss);

  const engine = options.engine;
  const work: PgBoss.WorkOptions = { pollingIntervalSeconds: config.pollingIntervalSeconds };
  for (let i = 0; i < config.concurrency; i++)
    await boss.work<JobData>(TRANSCRIPTION_QUEUE, work, async ([job]) => {
      await processTranscription(job.data.id, engine);
    });
  await boss.work<JobData>(GAVE_UP_QUEUE, work, async ([job]) => {
    await giveUpTranscription(job.data.id);
  });

  await requeueAudioAwaitingEngine(boss).catch(logError("requeue of audio awaiting an engine"));

  let sweepTimer: NodeJS.Timeout | undefined;
  if (config.sweep) {
    await sweepTranscriptions(boss).catch(logError("sweep"));
    sweepTimer = setInterval(() => void sweepTranscriptions(boss).catch(logError("sweep")), SWEEP_INTERVAL_MS).unref();
  }
  if (config.retention)
    for (const job of scheduledJobs) {
      await boss.work(job.name, async () => {
        await job.run();
      });
      await boss.schedule(job.name, job.cron, {}, { tz: "UTC", retryLimit: 2 });
      // Also at start-up, without holding the start back.
      void job.run().catch(logError(job.name));
    }

  return {
    boss,
    stop: async (timeoutMs = 30_000) => {
      clearInterval(sweepTimer);
      await boss.stop({ graceful: true, timeout: timeoutMs, wait: true });
    },
  };
}

/**
 * Rows still queued or processing whose job is gone (a crash between the row's commit and the
 * enqueue, or a lost dead-letter) get a new job, or end failed once their attempts are used up.
 */
export async function sweepTranscriptions(boss: PgBoss, olderThanMs = 60_000): Promise<number> {
  const rows = await db().transcription.findMany({
    where: { status: { in: ["queued", "processing"] }, updatedAt: { lt: new Date(Date.now() - olderThanMs) } },
    select: { id: true, attempts: true },
    orderBy: { updatedAt: "asc" },
    take: 200,
  });
  let fixed = 0;
  for (const row of rows) {
    const job = await boss.getJobById(TRANSCRIPTION_QUEUE, row.id);
    if (job && ["created", "retry", "active"].includes(job.state)) continue;
    fixed++;
    if (row.attempts >= MAX_ATTEMPTS) {
      await giveUpTranscription(row.id);
      continue;
    }
    if (job) await boss.deleteJob(TRANSCRIPTION_QUEUE, row.id);
    await sendJob(boss, row.id);
  }
  if (fixed) log.info(`[transcription] sweep: re-queued or closed ${fixed} transcription(s) that had no job`);
  return fixed;
}

async function retryAbandonedRuns(boss: PgBoss): Promise<void> {
  const rows = await db().$queryRawUnsafe<{ id: string }[]>(`SELECT id::text FROM ${SCHEMA}.job WHERE name = $1 AND state = 'active'`, TRANSCRIPTION_QUEUE);
  if (!rows.length) return;
  for (const { id } of rows) await boss.fail(TRANSCRIPTION_QUEUE, id, { message: "the process stopped while this job was running" });
  // The failure counts as one attempt; the retry itself need not wait for the backoff.
  await db().$executeRawUnsafe(
    `UPDATE ${SCHEMA}.job SET start_after = now() WHERE name = $1 AND state = 'retry' AND id::text = ANY($2::text[])`,
    TRANSCRIPTION_QUEUE,
    rows.map((row) => row.id),
  );
  log.info(`[transcription] ${rows.length} job(s) left running by a stopped process are retried now`);
}

async function createQueues(boss: PgBoss, config: Config, update: boolean): Promise<void> {
  await boss.createQueue(GAVE_UP_QUEUE);
  const queue: PgBoss.Queue = {
    name: TRANSCRIPTION_QUEUE,
    retryLimit: MAX_ATTEMPTS - 1,
    retryDelay: config.retryDelaySeconds,
    retryBackoff: config.retryBackoff,
    expireInSeconds: config.expireInSeconds,
    deadLetter: GAVE_UP_QUEUE,
  };
  await boss.createQueue(TRANSCRIPTION_QUEUE, queue);
  // The worker keeps an existing queue's settings in line with its own.
  if (update) await boss.updateQueue(TRANSCRIPTION_QUEUE, queue);
  for (const job of scheduledJobs) await boss.createQueue(job.name);
}

/** Sends from processes or tests that do not run the worker; no timers of its own. */
function sender(): Promise<PgBoss> {
  return (jobs().sender ??= (async () => {
    const boss = newBoss({ supervise: false, schedule: false, max: 2 });
    await boss.start();
    await createQueues(boss, defaults, false);
    return boss;
  })().catch((error: unknown) => {
    jobs().sender = undefined;
    throw error;
  }));
}

function newBoss(options: { supervise: boolean; schedule: boolean; max: number; maintenanceIntervalSeconds?: number }): PgBoss {
  const { DATABASE_URL } = getEnv();
  const pglite = DATABASE_URL ? null : embeddedPglite();
  const boss = new PgBoss({
    ...(pglite ? { db: pgliteExecutor(pglite) } : { connectionString: DATABASE_URL, max: options.max, application_name: "afyabridge-jobs" }),
    schema: SCHEMA,
    migrate: true,
    supervise: options.supervise,
    schedule: options.schedule,
    ...(options.maintenanceIntervalSeconds ? { maintenanceIntervalSeconds: options.maintenanceIntervalSeconds } : {}),
  });
  boss.on("error", logError("pg-boss"));
  return boss;
}

/**
 * pg-boss's SQL on the app's PGlite. Each call runs inside a PGlite transaction: it waits for the
 * app's own transactions (one connection), and a failing multi-statement script (pg-boss sends its
 * own BEGIN … COMMIT) is rolled back instead of leaving the connection in an aborted transaction.
 */
function pgliteExecutor(pglite: PGlite): PgBoss.Db {
  return {
    executeSql: (text, values) =>
      pglite.transaction(async (tx) => {
        if (values?.length) return { rows: (await tx.query(text, values)).rows };
        const results = await tx.exec(text);
        return { rows: results.findLast((result) => result.fields.length > 0)?.rows ?? [] };
      }),
  };
}

function logError(what: string) {
  return (error: unknown) => log.error({ err: error }, `[transcription] ${what}: ${error instanceof Error ? error.message : String(error)}`);
}
