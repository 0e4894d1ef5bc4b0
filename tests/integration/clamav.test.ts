import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import PDFDocument from "pdfkit";
import { Browser, useFreshApp } from "./support/app";
import { callRoute, signUpAdmin, signUpPartner, signUpPatient, type Actor } from "./support/actors";
import { multipartBody, MULTIPART_TYPE, samples, toStream, validFields } from "./support/multipart";
import type { TranscriptionWorker } from "@/lib/transcriptions/jobs";

/**
 * Malware scanning against a real clamd (Debian's clamav-daemon), of patients' files and of staff's
 * transcription uploads (with the real transcription worker and engine). Signature downloads are
 * impossible here, so the test writes its own database: one signature for the EICAR test string.
 */
const EICAR = "X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*";
const SIGNATURE = "Afya.Test.EICAR";
const clamdPath = ["/usr/sbin/clamd", "/usr/bin/clamd"].find((candidate) => existsSync(candidate)) ?? spawnSync("which", ["clamd"]).stdout?.toString().trim();
const skip = clamdPath ? false : "clamd is not installed (apt-get install clamav-daemon): the malware-scanning test needs a real clamd";

const db = async () => (await import("@/lib/db")).db();
type Handler = (request: Request, context?: { params: Promise<Record<string, string>> }) => Promise<Response>;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

async function startClamd(): Promise<{ child: ChildProcess; port: number; dir: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), "afya-clamd-"));
  const port = await freePort();
  // An extended signature: the EICAR string anywhere in a file of any type.
  writeFileSync(path.join(dir, "afya-test.ndb"), `${SIGNATURE}:0:*:${Buffer.from(EICAR).toString("hex")}\n`);
  writeFileSync(
    path.join(dir, "clamd.conf"),
    [
      `TCPSocket ${port}`,
      "TCPAddr 127.0.0.1",
      "Foreground yes",
      `DatabaseDirectory ${dir}`,
      `LogFile ${path.join(dir, "clamd.log")}`,
      "StreamMaxLength 100M",
      "",
    ].join("\n"),
  );
  const child = spawn(clamdPath!, ["-c", path.join(dir, "clamd.conf")], { stdio: "ignore" });
  const { pingClamd } = await import("@/lib/security/clamav");
  for (let waited = 0; !(await pingClamd({ host: "127.0.0.1", port })); waited += 250) {
    if (child.exitCode !== null || waited > 60_000) {
      child.kill();
      throw new Error(`clamd did not start: ${existsSync(path.join(dir, "clamd.log")) ? readFileSync(path.join(dir, "clamd.log"), "utf8") : "no log"}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { child, port, dir };
}

/** Uploads files through the public submission route, signed in as `patient`. */
async function upload(patient: Actor, files: { name: string; data: Buffer; type?: string }[]): Promise<string> {
  const handler = (await import("@/app/api/medical-submissions/route")).POST as Handler;
  const body = multipartBody([
    ...validFields({ email: patient.email }),
    ...files.map((file) => ({ name: "files", file: { name: file.name, type: file.type ?? "application/pdf", data: file.data } })),
  ]);
  const response = await handler(patient.browser.request("/api/medical-submissions", { body: toStream(body), contentType: MULTIPART_TYPE }));
  assert.equal(response.status, 201, await response.clone().text());
  return ((await response.json()) as { id: string }).id;
}

async function readStatus(browser: Browser, fileId: string): Promise<number> {
  const handler = (await import("@/app/api/files/[id]/route")).GET as Handler;
  const response = await handler(browser.request(`/api/files/${fileId}`), { params: Promise.resolve({ id: fileId }) });
  await response.arrayBuffer();
  return response.status;
}

async function filesOf(submissionId: string) {
  return (await db()).submissionFile.findMany({ where: { submissionId }, orderBy: { originalName: "asc" } });
}

/** A real PDF with a text layer, which the PDF engine (unpdf) transcribes. */
function textPdf(text: string): Promise<Buffer> {
  const doc = new PDFDocument();
  const parts: Buffer[] = [];
  doc.on("data", (part: Buffer) => parts.push(part));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(parts))));
  doc.text(text);
  doc.end();
  return done;
}

/** A staff upload through POST /api/transcriptions, after the recording consent it needs. */
async function uploadTranscription(staff: Actor, file: { name: string; type: string; data: Buffer }): Promise<string> {
  const consent = await callRoute(staff.browser, (await import("@/app/api/consent/route")).POST as Handler, "/api/consent", {
    json: { consentType: "recording", granted: true },
  });
  assert.equal(consent.status, 201, await consent.clone().text());
  const handler = (await import("@/app/api/transcriptions/route")).POST as Handler;
  const { id: consentId } = (await consent.json()) as { id: string };
  const body = multipartBody([
    { name: "consentIds", value: consentId },
    { name: "meetingType", value: "case-review" },
    { name: "file", file },
  ]);
  const response = await handler(staff.browser.request("/api/transcriptions", { body: toStream(body), contentType: MULTIPART_TYPE }));
  assert.equal(response.status, 201, await response.clone().text());
  return ((await response.json()) as { id: string }).id;
}

/** GET /api/transcriptions/[id]/file as `staff`: the status, and the error of a refusal. */
async function openTranscriptionFile(staff: Actor, id: string): Promise<{ status: number; error?: string }> {
  const handler = (await import("@/app/api/transcriptions/[id]/file/route")).GET as Handler;
  const response = await handler(staff.browser.request(`/api/transcriptions/${id}/file`), { params: Promise.resolve({ id }) });
  if (response.ok) {
    await response.arrayBuffer();
    return { status: response.status };
  }
  return { status: response.status, error: ((await response.json()) as { error: string }).error };
}

/** GET /api/transcriptions/[id] as `staff`. */
async function transcriptionDetail(staff: Actor, id: string) {
  const handler = (await import("@/app/api/transcriptions/[id]/route")).GET as Handler;
  const response = await handler(staff.browser.request(`/api/transcriptions/${id}`), { params: Promise.resolve({ id }) });
  assert.equal(response.status, 200);
  return (await response.json()) as { status: string; statusReason: string | null; text: string | null; file: { available: boolean } };
}

async function transcription(id: string) {
  return (await db()).transcription.findUniqueOrThrow({ where: { id } });
}

/** Waits until the transcription is finished (completed, failed or needs_engine). */
async function finished(id: string, timeoutMs = 30_000) {
  for (let waited = 0; ; waited += 200) {
    const row = await transcription(id);
    if (["completed", "failed", "needs_engine"].includes(row.status)) return row;
    assert.ok(waited < timeoutMs, `transcription still ${row.status} after ${timeoutMs} ms (${row.statusReason ?? ""})`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe("malware scanning with clamd", { skip }, () => {
  let clamd: Awaited<ReturnType<typeof startClamd>>;
  let dataDir: string;
  let owner: Actor;
  let stranger: Actor;
  let admin: Actor;
  const useScanner = async (port: number | null) => {
    if (port === null) delete process.env.CLAMAV_HOST;
    else process.env.CLAMAV_HOST = "127.0.0.1";
    process.env.CLAMAV_PORT = String(port ?? 3310);
    (await import("@/lib/env")).resetEnvForTests();
  };

  before(async () => {
    clamd = await startClamd();
    ({ dataDir } = await useFreshApp());
    owner = await signUpPatient();
    stranger = await signUpPatient();
    admin = await signUpAdmin();
  });
  after(async () => {
    clamd?.child.kill();
    delete process.env.CLAMAV_HOST;
    delete process.env.CLAMAV_PORT;
    await (await db()).$disconnect();
  });

  describe("patients' files", () => {
    test("without CLAMAV_HOST files are not scanned and open as before", async () => {
      const id = await upload(owner, [{ name: "plain.pdf", data: samples.pdf() }]);
      const [file] = await filesOf(id);
      assert.equal(file.scanStatus, "not_scanned");
      assert.equal(await readStatus(admin.browser, file.id), 200);
    });

    test("while the scanner is unreachable, a new file stays pending: only its uploader can open it; the re-scan finishes it", async () => {
      await useScanner(await freePort()); // nothing listens there
      const id = await upload(owner, [{ name: "report.pdf", data: samples.pdf() }]);
      await new Promise((resolve) => setTimeout(resolve, 300)); // the background attempt fails
      const [file] = await filesOf(id);
      assert.equal(file.scanStatus, "pending");
      assert.equal(await readStatus(owner.browser, file.id), 200);
      assert.equal(await readStatus(admin.browser, file.id), 404);
      assert.equal(await readStatus(stranger.browser, file.id), 404);

      await useScanner(clamd.port);
      const { rescanPendingFiles } = await import("@/lib/security/scan");
      assert.equal(await rescanPendingFiles(new Date()), 0, "files younger than 10 minutes are left to the upload's own scan");
      assert.ok((await rescanPendingFiles(new Date(Date.now() + 11 * 60_000))) >= 1);
      const [scanned] = await filesOf(id);
      assert.equal(scanned.scanStatus, "clean");
      assert.ok(scanned.scannedAt);
      assert.equal(await readStatus(admin.browser, file.id), 200);
    });

    test("an upload is scanned right after it is stored: clean stays readable, EICAR is quarantined and admins are alerted", async () => {
      await useScanner(clamd.port);
      // The standard EICAR test file (68 bytes of text), which the upload accepts as text/plain.
      const id = await upload(owner, [
        { name: "a-clean.pdf", data: samples.pdf() },
        { name: "b-eicar.com.txt", data: Buffer.from(EICAR), type: "text/plain" },
      ]);
      for (let waited = 0; (await filesOf(id)).some((file) => file.scanStatus === "pending"); waited += 100) {
        assert.ok(waited < 30_000, "the scan did not finish within 30 s");
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const [clean, infected] = await filesOf(id);
      assert.equal(clean.scanStatus, "clean");
      assert.equal(await readStatus(owner.browser, clean.id), 200);
      assert.equal(await readStatus(admin.browser, clean.id), 200);

      assert.equal(infected.scanStatus, "infected");
      assert.equal(infected.scanSignature, `${SIGNATURE}.UNOFFICIAL`);
      for (const who of [owner, admin, stranger]) assert.equal(await readStatus(who.browser, infected.id), 404);

      // The bytes are kept only under quarantine/, re-encrypted; the original object is gone.
      const { getStore } = await import("@/lib/storage");
      assert.match(infected.storageKey ?? "", new RegExp(`^quarantine/${id}/`));
      assert.ok(await getStore().exists(infected.storageKey!));
      const keys: string[] = [];
      for await (const key of getStore().list(`submissions/${id}`)) keys.push(key);
      assert.deepEqual(keys, [clean.storageKey], "only the clean file stays outside quarantine");

      const audits = await (await db()).auditEvent.findMany({ where: { action: "file.quarantine", entityId: infected.id } });
      assert.equal(audits.length, 1);
      const alerts = await (await db()).notification.findMany({ where: { type: "security_alert", submissionId: id } });
      assert.deepEqual(
        alerts.map((alert) => alert.userId),
        [admin.id],
        "every admin, and only admins, get the alert",
      );
      assert.equal((alerts[0].params as { alert: string }).alert, "malware");

      // And an e-mail (no SMTP here: the development outbox).
      let mails: string[] = [];
      for (let waited = 0; waited < 5_000; waited += 100) {
        mails = existsSync(path.join(dataDir, "outbox"))
          ? readdirSync(path.join(dataDir, "outbox")).map((name) => readFileSync(path.join(dataDir, "outbox", name), "utf8"))
          : [];
        if (mails.some((mail) => mail.includes("Security alert"))) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const alertMail = mails.find((mail) => mail.includes("Security alert"));
      assert.ok(alertMail, "an alert e-mail was sent");
      assert.ok(alertMail.includes(admin.email));
    });

    test("files added later ('Add More Files') are scanned the same way", async () => {
      await useScanner(clamd.port);
      const id = await upload(owner, [{ name: "first.pdf", data: samples.pdf() }]);
      const handler = (await import("@/app/api/add-files-to-submission/route")).POST as Handler;
      const body = multipartBody([
        { name: "submissionId", value: id },
        { name: "files", file: { name: "later.pdf", type: "application/pdf", data: Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.from(EICAR)]) } },
      ]);
      const response = await handler(owner.browser.request("/api/add-files-to-submission", { body: toStream(body), contentType: MULTIPART_TYPE }));
      assert.equal(response.status, 201, await response.clone().text());
      assert.ok(response.headers.get("x-request-id"), "API responses carry a request id");
      for (let waited = 0; (await filesOf(id)).some((file) => file.scanStatus === "pending"); waited += 100) {
        assert.ok(waited < 30_000, "the scan did not finish within 30 s");
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const [first, later] = await filesOf(id);
      assert.equal(first.scanStatus, "clean");
      assert.equal(later.scanStatus, "infected");
      assert.equal(await readStatus(owner.browser, later.id), 404);
    });
  });

  describe("transcription uploads", () => {
    let partner: Actor;
    let otherPartner: Actor;
    let worker: TranscriptionWorker;
    const AWAITING_SCAN = "Waiting for the malware scan before transcription.";
    const QUARANTINED = "The file was quarantined: malware was detected.";

    before(async () => {
      partner = await signUpPartner("medipol-mega");
      otherPartner = await signUpPartner("memorial-sisli");
      // The real worker and engine, with quick polling and retries.
      const { createTranscriptionWorker } = await import("@/lib/transcriptions/jobs");
      worker = await createTranscriptionWorker({
        pollingIntervalSeconds: 0.5,
        maintenanceIntervalSeconds: 1,
        retryDelaySeconds: 1,
        retryBackoff: false,
        retention: false,
        sweep: false,
      });
    });
    after(async () => {
      await worker?.stop(5_000);
      await (await import("@/lib/transcriptions/jobs")).stopTranscriptionJobs();
    });

    test("without CLAMAV_HOST a transcription is not held for a scan: transcribed, and its file opens for admins", async () => {
      await useScanner(null);
      const id = await uploadTranscription(partner, { name: "plain.pdf", type: "application/pdf", data: await textPdf("Ward round notes without a scanner.") });
      assert.equal((await transcription(id)).statusReason, null);
      const done = await finished(id);
      assert.equal(done.status, "completed", done.statusReason ?? "");
      assert.match(done.text ?? "", /Ward round notes without a scanner/);
      assert.equal((await openTranscriptionFile(admin, id)).status, 200);
    });

    test("while the scanner is unreachable the file waits: only its uploader opens it, the engine never runs; the re-scan clears it and it is transcribed", async () => {
      await useScanner(await freePort()); // nothing listens there
      const id = await uploadTranscription(partner, {
        name: "echo-report.pdf",
        type: "application/pdf",
        data: await textPdf("Echocardiogram: normal ejection fraction."),
      });
      const { TRANSCRIPTION_QUEUE, sweepTranscriptions } = await import("@/lib/transcriptions/jobs");
      // The job tries to scan on each of its runs, fails, and the queue gives up on it.
      for (let waited = 0; (await worker.boss.getJobById(TRANSCRIPTION_QUEUE, id))?.state !== "failed"; waited += 200) {
        assert.ok(waited < 30_000, "the job did not run out of retries within 30 s");
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      await new Promise((resolve) => setTimeout(resolve, 1_500)); // the queue's give-up handler runs
      const { giveUpTranscription } = await import("@/lib/transcriptions/worker");
      assert.equal(await giveUpTranscription(id), false, "a file awaiting its scan is not given up on");
      const waiting = await transcription(id);
      assert.equal(waiting.status, "queued");
      assert.equal(waiting.statusReason, AWAITING_SCAN);
      assert.equal(waiting.scanStatus, "pending");
      assert.equal(waiting.attempts, 0, "the engine was never started");
      assert.equal(waiting.startedAt, null);

      assert.equal((await openTranscriptionFile(partner, id)).status, 200, "the uploader opens their own file");
      assert.deepEqual(await openTranscriptionFile(admin, id), { status: 404, error: "The file can be opened once its malware scan is finished." });
      assert.equal((await openTranscriptionFile(otherPartner, id)).status, 404);
      assert.equal((await transcriptionDetail(admin, id)).file.available, false);
      assert.equal((await transcriptionDetail(partner, id)).file.available, true);

      await useScanner(clamd.port);
      const { rescanPendingFiles } = await import("@/lib/security/scan");
      assert.equal(await rescanPendingFiles(new Date()), 0, "files younger than 10 minutes are left to their job");
      assert.ok((await rescanPendingFiles(new Date(Date.now() + 11 * 60_000))) >= 1);
      const clean = await transcription(id);
      assert.equal(clean.status, "queued");
      assert.equal(clean.statusReason, null);
      assert.equal(clean.scanStatus, "clean");
      assert.equal((await openTranscriptionFile(admin, id)).status, 200);

      // Its job is gone: the worker's sweep (every 10 minutes) sends a new one.
      assert.ok((await sweepTranscriptions(worker.boss, 0)) >= 1);
      const done = await finished(id);
      assert.equal(done.status, "completed", done.statusReason ?? "");
      assert.equal(done.engine, "unpdf");
      assert.match(done.text ?? "", /Echocardiogram: normal ejection fraction/);
    });

    test("a clean upload is scanned by its job and then transcribed", async () => {
      await useScanner(clamd.port);
      const id = await uploadTranscription(partner, {
        name: "discharge.pdf",
        type: "application/pdf",
        data: await textPdf("Discharge summary: stable, follow up in two weeks."),
      });
      assert.equal((await transcription(id)).statusReason, AWAITING_SCAN);
      const done = await finished(id);
      assert.equal(done.status, "completed", done.statusReason ?? "");
      assert.match(done.text ?? "", /Discharge summary: stable/);
      assert.equal((await openTranscriptionFile(admin, id)).status, 200);
      assert.equal((await transcriptionDetail(admin, id)).file.available, true);
    });

    test("EICAR disguised as a PDF: quarantined before the engine opens it, failed with the reason, closed to everyone, admins alerted, audited", async () => {
      await useScanner(clamd.port);
      // Starts with the PDF magic bytes, so the upload accepts it as a PDF; the test signature matches EICAR anywhere.
      const id = await uploadTranscription(partner, {
        name: "minutes.pdf",
        type: "application/pdf",
        data: Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.from(EICAR)]),
      });
      const done = await finished(id);
      assert.equal(done.status, "failed");
      assert.equal(done.statusReason, QUARANTINED);
      assert.equal(done.scanStatus, "infected");
      assert.ok(done.scanSignature?.includes(SIGNATURE), done.scanSignature ?? "");
      assert.equal(done.attempts, 0, "the engine never ran on it");
      assert.equal(done.startedAt, null);
      assert.equal(done.text, null);

      // The bytes are kept only under quarantine/, re-encrypted; the original object is gone.
      const { getStore } = await import("@/lib/storage");
      assert.match(done.storageKey ?? "", new RegExp(`^quarantine/transcriptions/${id}/`));
      assert.ok(await getStore().exists(done.storageKey!));
      const left: string[] = [];
      for await (const key of getStore().list(`transcriptions/${id}`)) left.push(key);
      assert.deepEqual(left, []);

      for (const who of [partner, admin, otherPartner]) assert.equal((await openTranscriptionFile(who, id)).status, 404);
      assert.equal((await openTranscriptionFile(admin, id)).error, QUARANTINED);
      const seen = await transcriptionDetail(admin, id);
      assert.deepEqual([seen.status, seen.statusReason, seen.file.available], ["failed", QUARANTINED, false]);

      const audits = await (await db()).auditEvent.findMany({ where: { action: "file.quarantine", entityType: "transcription", entityId: id } });
      assert.equal(audits.length, 1);
      assert.equal((audits[0].metadata as { signature: string }).signature, `${SIGNATURE}.UNOFFICIAL`);
      const alerts = (await (await db()).notification.findMany({ where: { type: "security_alert" } })).filter(
        (alert) => (alert.params as { reference: string }).reference === `transcription ${id}`,
      );
      const admins = await (await db()).user.findMany({ where: { role: "admin" }, select: { id: true } });
      assert.deepEqual(alerts.map((alert) => alert.userId).sort(), admins.map((user) => user.id).sort(), "every admin, and only admins, get the alert");
      assert.deepEqual(alerts[0].params, { alert: "malware", reference: `transcription ${id}`, detail: `${SIGNATURE}.UNOFFICIAL` });
    });
  });
});
