import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import type PgBoss from "pg-boss";
import { useFreshApp } from "./support/app";
import { createTestDatabase, type TestDatabase } from "./support/databases";
import { queuedTranscription } from "./support/transcriptions";
import type { EngineInput, EngineResult } from "@/lib/transcriptions/engines";
import type { TranscriptionWorker, WorkerOptions } from "@/lib/transcriptions/jobs";

/**
 * Durable transcription jobs (pg-boss): on the embedded PGlite in this process, and on PostgreSQL
 * when TEST_DATABASE_URL is set (the same file again in a child process, since the app keeps one
 * database per process). Real processes are killed with SIGKILL to show what a restart does.
 */
const THIS_FILE = fileURLToPath(import.meta.url);
const db = async () => (await import("@/lib/db")).db();
const jobs = () => import("@/lib/transcriptions/jobs");
const { EngineError } = await import("@/lib/transcriptions/engines/types");

const FAST: WorkerOptions = {
  pollingIntervalSeconds: 0.5,
  maintenanceIntervalSeconds: 1,
  expireInSeconds: 2,
  retryDelaySeconds: 1,
  retryBackoff: false,
  retention: false,
  sweep: false,
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function readAll(stream: NodeJS.ReadableStream | ReadableStream<Uint8Array>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Uint8Array>) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString("utf8");
}

/** Echoes the stored bytes, so a test sees that the job opened the right, decrypted file. */
const echo = async (input: EngineInput): Promise<EngineResult> => ({
  status: "completed",
  engine: "fake-echo",
  text: await readAll(await input.open()),
  segments: [{ page: 1, text: "page one" }],
});

async function row(id: string) {
  return (await db()).transcription.findUniqueOrThrow({ where: { id } });
}

/** Waits until the row reaches one of the states, then returns it. */
async function settled(id: string, statuses: string[] = ["completed", "failed", "needs_engine"], timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const current = await row(id);
    if (statuses.includes(current.status)) return current;
    if (Date.now() > until) assert.fail(`transcription ${id} still ${current.status} after ${timeoutMs} ms (${current.statusReason ?? ""})`);
    await sleep(200);
  }
}

function runChild(mode: string, env: Record<string, string>, until?: RegExp) {
  // Without the parent's test-runner context, so that the child reports in plain text.
  const parentEnv = { ...process.env };
  delete parentEnv.NODE_TEST_CONTEXT;
  const child = spawn(process.execPath, ["--import", "./scripts/server-only-hooks.mjs", "--import", "tsx", THIS_FILE], {
    env: { ...parentEnv, ...env, AFYA_JOBS_CHILD: mode },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const seen = new Promise<string>((resolve, reject) => {
    if (!until) return resolve("");
    const check = () => (until.test(output) ? resolve(output) : undefined);
    child.stdout.on("data", check);
    child.stderr.on("data", check);
    void exited.then(() => (until.test(output) ? resolve(output) : reject(new Error(`child ${mode} exited without ${until}:\n${output}`))));
  });
  return { child, exited, seen, output: () => output };
}

// ---------------------------------------------------------------------------------------------
// Child processes: a worker that is killed in the middle of a job, and the next start.
// ---------------------------------------------------------------------------------------------
async function childMain(mode: string) {
  process.env.TRANSCRIPTION_WORKER = "on";
  const { resetEnvForTests } = await import("@/lib/env");
  resetEnvForTests();
  const { prepareDatabase } = await import("@/lib/db/prepare");
  await prepareDatabase(() => {});
  const { enqueueTranscription, startTranscriptionWorker, stopTranscriptionJobs } = await jobs();
  if (mode === "hang") {
    // As in the app: the worker starts, an upload enqueues a job, and the engine never returns;
    // the parent kills this process in the middle of the job.
    const stuck = new Promise<EngineResult>(() => {});
    let id = "";
    await startTranscriptionWorker({ ...FAST, expireInSeconds: 3, engine: async () => (console.log(`PROCESSING ${id}`), stuck) });
    ({ id } = await queuedTranscription("transcribed after a restart"));
    await enqueueTranscription(id);
    await new Promise(() => {});
  }
  if (mode === "resume") {
    const id = process.env.AFYA_JOBS_ID!;
    const started = Date.now();
    await startTranscriptionWorker({ ...FAST, expireInSeconds: 3, engine: echo });
    const done = await settled(id, ["completed", "failed"], 60_000);
    console.log(`RESULT ${JSON.stringify({ status: done.status, text: done.text, attempts: done.attempts, ms: Date.now() - started })}`);
    await stopTranscriptionJobs(1000);
    await (await db()).$disconnect();
    process.exit(0);
  }
}

const childMode = process.env.AFYA_JOBS_CHILD;
if (childMode) await childMain(childMode);
else suite(process.env.AFYA_JOBS_DB === "postgres" ? "postgres" : "pglite");

function suite(kind: "pglite" | "postgres") {
  describe(`transcription jobs (${kind})`, () => {
    let postgres: TestDatabase | null = null;
    const workers: TranscriptionWorker[] = [];
    const worker = async (options: WorkerOptions) => {
      const created = await (await jobs()).createTranscriptionWorker({ ...FAST, ...options });
      workers.push(created);
      return created;
    };
    const stopAll = async () => {
      while (workers.length) await workers.pop()!.stop(1000);
    };

    before(async () => {
      if (kind === "postgres") postgres = await createTestDatabase("postgres");
      await useFreshApp({ databaseUrl: postgres?.url ?? null });
    });
    after(async () => {
      await stopAll();
      await (await jobs()).stopTranscriptionJobs(1000);
      await (await db()).$disconnect();
      await postgres?.drop();
    });

    test("a queued job runs to completed: the engine reads the stored bytes, the result is stored", async () => {
      await worker({ engine: echo });
      const { id, content } = await queuedTranscription();
      const enqueuedAt = Date.now();
      await (await jobs()).enqueueTranscription(id);
      await (await jobs()).enqueueTranscription(id); // a second enqueue adds no second run
      const done = await settled(id);
      console.log(`  [${kind}] enqueue → completed in ${Date.now() - enqueuedAt} ms`);
      assert.equal(done.status, "completed");
      assert.equal(done.text, content);
      assert.deepEqual(done.segments, [{ page: 1, text: "page one" }]);
      assert.equal(done.engine, "fake-echo");
      assert.equal(done.attempts, 1);
      assert.ok(done.startedAt && done.completedAt && done.completedAt >= done.startedAt);
      assert.equal(done.statusReason, null);
      await stopAll();
    });

    test("a run's page progress is on the row while it runs (for the transcript page) and cleared when it ends", async () => {
      const { processTranscription } = await import("@/lib/transcriptions/worker");
      const { id } = await queuedTranscription();
      const seen: unknown[] = [];
      const outcome = await processTranscription(id, async (input) => {
        await input.progress?.(1, 3);
        seen.push(await (await db()).transcription.findUniqueOrThrow({ where: { id }, select: { status: true, progressDone: true, progressTotal: true } }));
        return { status: "completed", engine: "fake-ocr", text: "read" };
      });
      assert.equal(outcome, "completed");
      assert.deepEqual(seen, [{ status: "processing", progressDone: 1, progressTotal: 3 }]);
      const done = await (await db()).transcription.findUniqueOrThrow({ where: { id } });
      assert.equal(done.progressDone, null);
      assert.equal(done.progressTotal, null);
    });

    test("needs_engine keeps the engine's message; a non-retryable engine error fails at once with its reason", async () => {
      const configure = "Audio transcription needs Google Cloud Speech: set GOOGLE_APPLICATION_CREDENTIALS.";
      const needs = await queuedTranscription();
      const broken = await queuedTranscription();
      await worker({
        engine: async (input) => {
          const text = await readAll(await input.open());
          if (text === needs.content) return { status: "needs_engine", reason: configure };
          throw new EngineError("The PDF is encrypted and cannot be read.", false);
        },
      });
      await (await jobs()).enqueueTranscription(needs.id);
      await (await jobs()).enqueueTranscription(broken.id);
      const a = await settled(needs.id);
      assert.equal(a.status, "needs_engine");
      assert.equal(a.statusReason, configure);
      assert.equal(a.text, null);
      const b = await settled(broken.id);
      assert.equal(b.status, "failed");
      assert.equal(b.statusReason, "The PDF is encrypted and cannot be read.");
      assert.equal(b.attempts, 1, "not retried");
      await stopAll();
    });

    test("a crash in the handler is retried and ends completed; one that keeps crashing ends failed with the reason", async () => {
      const flaky = await queuedTranscription();
      const doomed = await queuedTranscription();
      let flakyRuns = 0;
      await worker({
        engine: async (input) => {
          const text = await readAll(await input.open());
          if (text === doomed.content) throw new EngineError("Speech service unavailable (503)", true);
          if (++flakyRuns === 1) throw new TypeError("Cannot read properties of undefined (reading 'pages')");
          return echo({ ...input, open: async () => Readable.from([Buffer.from(text)]) });
        },
      });
      await (await jobs()).enqueueTranscription(flaky.id);
      await (await jobs()).enqueueTranscription(doomed.id);
      const a = await settled(flaky.id);
      assert.equal(a.status, "completed");
      assert.equal(a.attempts, 2);
      assert.equal(a.text, flaky.content);
      assert.equal(a.statusReason, null);
      const b = await settled(doomed.id);
      assert.equal(b.status, "failed");
      assert.equal(b.attempts, 4);
      assert.match(b.statusReason ?? "", /failed after 4 attempts: Speech service unavailable \(503\)/);
      await stopAll();
    });

    test("a file deleted before its job runs ends failed with a clear reason", async () => {
      const { getStore } = await import("@/lib/storage");
      const bytesGone = await queuedTranscription();
      await getStore().delete(bytesGone.key);
      const keyGone = await queuedTranscription();
      await (await db()).transcription.update({ where: { id: keyGone.id }, data: { storageKey: null, fileDeletedAt: new Date() } });
      let engineCalls = 0;
      await worker({ engine: async (input) => (engineCalls++, echo(input)) });
      for (const { id } of [bytesGone, keyGone]) {
        await (await jobs()).enqueueTranscription(id);
        const done = await settled(id);
        assert.equal(done.status, "failed");
        assert.equal(done.statusReason, "The uploaded file was deleted before it could be transcribed.");
      }
      assert.equal(engineCalls, 0);
      await stopAll();
    });

    test("a worker that dies while processing: the run expires and the job is retried to completed; runs that keep dying end failed", async () => {
      const { id, content } = await queuedTranscription();
      await (await jobs()).enqueueTranscription(id);
      // What a process that dies mid-job leaves behind: the job taken (active) and the row claimed.
      const dead = await worker({ concurrency: 0 });
      const [taken] = await dead.boss.fetch<{ id: string }>("transcription");
      assert.equal(taken.data.id, id);
      await (await db()).transcription.update({ where: { id }, data: { status: "processing", attempts: 1, startedAt: new Date() } });
      const restarted = Date.now();
      await worker({ engine: echo });
      const done = await settled(id);
      console.log(`  [${kind}] a dead worker's job completed ${Date.now() - restarted} ms after another worker started (expiry 2 s)`);
      assert.equal(done.status, "completed");
      assert.equal(done.text, content);
      assert.equal(done.attempts, 2);
      await stopAll();

      // Every run hangs past the expiry (and its late result must not count): after four runs the
      // queue gives up and the row ends failed with the reason.
      const hopeless = await queuedTranscription();
      await worker({
        concurrency: 4,
        engine: () => new Promise<EngineResult>((resolve) => setTimeout(() => resolve({ status: "completed", engine: "late", text: "too late" }), 8000)),
      });
      await (await jobs()).enqueueTranscription(hopeless.id);
      const failed = await settled(hopeless.id, ["failed", "completed"], 60_000);
      assert.equal(failed.status, "failed");
      assert.equal(failed.attempts, 4);
      assert.match(failed.statusReason ?? "", /did not finish after 4 attempts/);
      await sleep(8000);
      assert.equal((await row(hopeless.id)).status, "failed", "a late result does not overwrite the failure");
      await stopAll();
    });

    test("two workers on one database with 20 jobs: each job is processed exactly once", async () => {
      const rows = await Promise.all(Array.from({ length: 20 }, () => queuedTranscription()));
      const runs = new Map<string, string[]>();
      const engineFor = (name: string) => async (input: EngineInput) => {
        const text = await readAll(await input.open());
        runs.set(text, [...(runs.get(text) ?? []), name]);
        await sleep(20 + Math.random() * 60);
        return { status: "completed" as const, engine: name, text };
      };
      await Promise.all([worker({ engine: engineFor("a"), concurrency: 2 }), worker({ engine: engineFor("b"), concurrency: 2 })]);
      const started = Date.now();
      await Promise.all(rows.map(({ id }) => jobs().then((j) => j.enqueueTranscription(id))));
      const done = await Promise.all(rows.map(({ id }) => settled(id)));
      console.log(`  [${kind}] 20 jobs on two workers (concurrency 2 each) in ${Date.now() - started} ms`);
      for (const [i, r] of done.entries()) {
        assert.equal(r.status, "completed");
        assert.equal(r.attempts, 1);
        assert.deepEqual(runs.get(rows[i].content)?.length, 1, `job ${i} ran ${runs.get(rows[i].content)?.length} times`);
      }
      const byWorker = done.reduce<Record<string, number>>((count, r) => ({ ...count, [r.engine!]: (count[r.engine!] ?? 0) + 1 }), {});
      console.log(`  [${kind}] jobs per worker: ${JSON.stringify(byWorker)}`);
      assert.equal(runs.size, 20);
      await stopAll();
    });

    test("jobs queued while no worker runs are processed after the next start; a stopped worker hands its running job back", async () => {
      const queued = await Promise.all([queuedTranscription(), queuedTranscription(), queuedTranscription()]);
      for (const { id } of queued) await (await jobs()).enqueueTranscription(id);
      await sleep(1000);
      for (const { id } of queued) assert.equal((await row(id)).status, "queued");
      await worker({ engine: echo });
      for (const { id, content } of queued) {
        const done = await settled(id);
        assert.equal(done.status, "completed");
        assert.equal(done.text, content);
      }
      await stopAll();

      // A graceful stop (deploy) while a job runs: pg-boss fails the run, so it is retried at once.
      const running = await queuedTranscription();
      let release: (value: EngineResult) => void = () => {};
      const slow = await worker({ engine: () => new Promise<EngineResult>((resolve) => (release = resolve)) });
      await (await jobs()).enqueueTranscription(running.id);
      await settled(running.id, ["processing"]);
      await slow.stop(1000);
      workers.length = 0;
      await worker({ engine: echo });
      const done = await settled(running.id);
      assert.equal(done.status, "completed");
      assert.equal(done.text, running.content);
      assert.equal(done.attempts, 2);
      // The stopped run finishing late cannot overwrite the result (attempts is its fencing token).
      release({ status: "completed", engine: "stale", text: "written by a stopped run" });
      await sleep(300);
      assert.equal((await row(running.id)).text, running.content);
      await stopAll();
    });

    test("the sweep re-queues a row whose job was lost (crash between commit and enqueue)", async () => {
      const lost = await queuedTranscription();
      const w = await worker({ engine: echo });
      await (await db()).transcription.update({ where: { id: lost.id }, data: { updatedAt: new Date(Date.now() - 5 * 60_000) } });
      const { sweepTranscriptions } = await jobs();
      assert.equal(await sweepTranscriptions(w.boss as PgBoss), 1);
      const done = await settled(lost.id);
      assert.equal(done.status, "completed");
      assert.equal(await sweepTranscriptions(w.boss as PgBoss), 0);
      await stopAll();
    });

    test("an audio job's expiry is scaled to the recording's size when queued (and queued again); other files keep the queue's", async () => {
      const { transcriptionJobExpirySeconds, MAX_JOB_EXPIRY_SECONDS } = await import("@/lib/transcriptions/job-expiry");
      const { TRANSCRIPTION_QUEUE, requeueTranscription } = await jobs();
      const expiry = async (id: string) =>
        (
          await (
            await db()
          ).$queryRawUnsafe<{ seconds: number }[]>(
            `SELECT EXTRACT(epoch FROM expire_in)::int AS seconds FROM pgboss.job WHERE name = $1 AND id::text = $2`,
            TRANSCRIPTION_QUEUE,
            id,
          )
        )[0]?.seconds;
      // No worker runs, so the jobs stay queued while their expiry is read.
      const size = 120 * 1024 * 1024; // two hours of 128 kbit/s MP3
      const mp3 = await queuedTranscription("mp3", { kind: "audio", mimeType: "audio/mpeg", fileName: "round.mp3", fileSize: BigInt(size), language: "en-US" });
      const wav = await queuedTranscription("wav", { kind: "audio", mimeType: "audio/wav", fileName: "round.wav", fileSize: BigInt(size), language: "en-US" });
      const huge = await queuedTranscription("huge", {
        kind: "audio",
        mimeType: "audio/mpeg",
        fileName: "day.mp3",
        fileSize: BigInt(500 * 1024 * 1024),
        language: "en-US",
      });
      const pdf = await queuedTranscription();
      for (const { id } of [mp3, wav, huge, pdf]) await (await jobs()).enqueueTranscription(id);
      const mp3Expiry = transcriptionJobExpirySeconds({ kind: "audio", mimeType: "audio/mpeg", size })!;
      assert.equal(await expiry(mp3.id), mp3Expiry);
      assert.ok(mp3Expiry > 2 * 3600 * 1.5, `${mp3Expiry} s leaves room for two hours of audio sent in turn`);
      assert.equal(await expiry(wav.id), transcriptionJobExpirySeconds({ kind: "audio", mimeType: "audio/wav", size }));
      assert.equal(await expiry(huge.id), MAX_JOB_EXPIRY_SECONDS);
      const [queue] = await (
        await db()
      ).$queryRawUnsafe<{ seconds: number }[]>(`SELECT expire_seconds AS seconds FROM pgboss.queue WHERE name = $1`, TRANSCRIPTION_QUEUE);
      assert.equal(await expiry(pdf.id), queue.seconds);
      // Queued again after it finished (Try again, or an engine configured later): the same expiry.
      await (
        await db()
      ).$executeRawUnsafe(`UPDATE pgboss.job SET state = 'completed', completed_on = now() WHERE name = $1 AND id::text = $2`, TRANSCRIPTION_QUEUE, mp3.id);
      await requeueTranscription(mp3.id);
      assert.equal(await expiry(mp3.id), mp3Expiry);
      await (await db()).transcription.updateMany({ where: { id: { in: [mp3.id, wav.id, huge.id, pdf.id] } }, data: { status: "completed" } });
    });

    test("audio left needs_engine is queued again when a worker starts with a speech engine configured, and transcribed", async () => {
      const { resetEnvForTests } = await import("@/lib/env");
      const waiting = await queuedTranscription("recorded ward round", {
        kind: "audio",
        mimeType: "audio/wav",
        fileName: "round.wav",
        language: "en-US",
        status: "needs_engine",
        statusReason: "No speech engine is configured",
        attempts: 1,
      });
      const image = await queuedTranscription("scan", {
        kind: "image",
        mimeType: "image/png",
        fileName: "scan.png",
        status: "needs_engine",
        statusReason: "No OCR",
        attempts: 1,
      });
      // Without an engine, a start changes nothing.
      await worker({ engine: echo });
      await sleep(1500);
      assert.equal((await row(waiting.id)).status, "needs_engine");
      await stopAll();
      process.env.GOOGLE_SPEECH_ENDPOINT = "127.0.0.1:9";
      resetEnvForTests();
      try {
        await worker({ engine: echo });
        const done = await settled(waiting.id, ["completed", "failed"]);
        assert.equal(done.status, "completed");
        assert.equal(done.text, waiting.content);
        assert.equal(done.attempts, 1);
        assert.equal((await row(image.id)).status, "needs_engine", "only audio waits for the speech engine");
      } finally {
        delete process.env.GOOGLE_SPEECH_ENDPOINT;
        resetEnvForTests();
        await stopAll();
      }
    });

    test("the scheduled maintenance jobs (malware re-scan, transcription and file retention, integrity) are scheduled and run by a started worker", async () => {
      const { scheduledJobs } = await import("@/lib/jobs/schedule");
      const byName = new Map(scheduledJobs.map((job) => [job.name, job]));
      assert.equal(byName.get("transcription_retention")?.run, (await import("@/lib/transcriptions/retention")).runRetention);
      assert.equal(byName.get("submission_file_retention")?.run, (await import("@/lib/privacy/file-retention")).runFileRetention);
      assert.equal(byName.get("file_integrity")?.run, (await import("@/lib/security/integrity")).verifyStoredFiles);
      assert.equal(byName.get("malware_rescan")?.run, (await import("@/lib/security/scan")).rescanPendingFiles);
      assert.equal(byName.get("orphan_upload_sweep")?.run, (await import("@/lib/uploads/orphan-sweep")).sweepOrphanedUploads);

      const w = await worker({ retention: true, engine: echo });
      const schedules = await w.boss.getSchedules();
      assert.deepEqual(
        schedules.map((schedule) => [schedule.name, schedule.cron, (schedule as PgBoss.Schedule & { timezone?: string }).timezone]).sort(),
        scheduledJobs.map((job) => [job.name, job.cron, "UTC"]).sort(),
      );
      // Each queue has a worker: a job sent to it (as the scheduler does) completes.
      const sent = await Promise.all(scheduledJobs.map(async (job) => [job.name, (await w.boss.send(job.name, {}))!] as const));
      for (const [name, id] of sent) {
        const until = Date.now() + 30_000;
        for (;;) {
          const job = await w.boss.getJobById(name, id);
          if (job?.state === "completed") break;
          if (Date.now() > until) assert.fail(`${name} is ${job?.state ?? "gone"}`);
          await sleep(200);
        }
      }
      await stopAll();
    });

    test("TRANSCRIPTION_WORKER=off: startTranscriptionWorker does nothing", async () => {
      const { resetEnvForTests } = await import("@/lib/env");
      process.env.TRANSCRIPTION_WORKER = "off";
      resetEnvForTests();
      try {
        const { id } = await queuedTranscription();
        await (await jobs()).startTranscriptionWorker({ ...FAST, engine: echo });
        await (await jobs()).enqueueTranscription(id);
        await sleep(2000);
        assert.equal((await row(id)).status, "queued");
      } finally {
        delete process.env.TRANSCRIPTION_WORKER;
        resetEnvForTests();
      }
    });

    test("a real restart: the process is killed (SIGKILL) in the middle of a job; the next start finishes it", { timeout: 120_000 }, async () => {
      const env: Record<string, string> = {
        DATA_DIR: mkdtempSync(path.join(tmpdir(), "afya-jobs-restart-")),
        APP_URL: "http://localhost:3000",
        BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
        STORAGE_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
        DATABASE_URL: postgres?.url ?? "",
      };
      const first = runChild("hang", env, /PROCESSING (\S+)/);
      const output = await first.seen;
      const id = output.match(/PROCESSING (\S+)/)![1];
      first.child.kill("SIGKILL");
      await first.exited;
      const killedAt = Date.now();
      const second = runChild("resume", { ...env, AFYA_JOBS_ID: id });
      const code = await second.exited;
      assert.equal(code, 0, second.output());
      const result = JSON.parse(second.output().match(/RESULT (.+)/)![1]) as { status: string; text: string; attempts: number; ms: number };
      console.log(
        `  [${kind}] killed mid-job; the next process completed it ${result.ms} ms after its worker started (${Date.now() - killedAt} ms after the kill, process start included)`,
      );
      assert.equal(result.status, "completed");
      assert.equal(result.text, "transcribed after a restart");
      assert.equal(result.attempts, 2);
    });

    if (kind === "pglite" && process.env.TEST_DATABASE_URL)
      test("the same on PostgreSQL (TEST_DATABASE_URL)", { timeout: 600_000 }, async () => {
        const run = runChild("", { AFYA_JOBS_DB: "postgres", AFYA_JOBS_CHILD: "" });
        const code = await run.exited;
        console.log(run.output().replace(/^/gm, "    "));
        assert.equal(code, 0);
      });
  });
}
