import { after, afterEach, before, describe, mock, test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { inspect } from "node:util";
import { SMTPServer } from "smtp-server";
import { Browser, useFreshApp } from "./support/app";
import { multipartBody, MULTIPART_TYPE, samples, toStream, validFields } from "./support/multipart";
import { resetEnvForTests } from "@/lib/env";
import { log, redact } from "@/lib/log";

/**
 * A real SMTP server on loopback that keeps what it receives and refuses recipients at refused.example.
 * A client that drops its connection in the middle of a transaction (as nodemailer may after a refused
 * recipient) makes smtp-server emit "error": kept in `errors`, as an unheard "error" event would end the
 * test file's process before it reported a result.
 */
function startSmtp() {
  const received: { to: string[]; raw: string }[] = [];
  const errors: Error[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onRcptTo(address, _session, callback) {
      if (address.address.endsWith("@refused.example"))
        return callback(Object.assign(new Error(`<${address.address}>: Recipient address rejected: User unknown`), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  server.on("error", (error) => errors.push(error));
  return new Promise<{ server: SMTPServer; port: number; received: typeof received; errors: typeof errors }>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve({ server, port: (server.server.address() as AddressInfo).port, received, errors })),
  );
}

/**
 * Everything handed to the logger or the console from now on, as given (the address must not even
 * reach the logger's redaction) and as the logger writes it.
 */
function recordLogs(): { given: () => string; written: () => string } {
  const calls: unknown[][] = [];
  const record = (...args: unknown[]) => void calls.push(args);
  for (const level of ["trace", "debug", "info", "warn", "error", "fatal"] as const) mock.method(log, level, record);
  for (const name of ["log", "info", "warn", "error", "debug"] as const) mock.method(console, name, record);
  return { given: () => inspect(calls, { depth: 10 }), written: () => JSON.stringify(redact(calls)) };
}

/** The text body of a raw single-part message, its transfer encoding undone. */
function textBody(raw: string): { headers: string; text: string } {
  const split = raw.indexOf("\r\n\r\n");
  const headers = raw.slice(0, split);
  const body = raw.slice(split + 4);
  const encoding = /^Content-Transfer-Encoding: *(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === "base64") return { headers, text: Buffer.from(body, "base64").toString("utf8") };
  if (encoding === "quoted-printable") {
    const bytes = body.replace(/=\r\n/g, "").replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return { headers, text: Buffer.from(bytes, "latin1").toString("utf8") };
  }
  return { headers, text: body };
}

/** A subject can name a hospital or a tracking number: neither belongs in a log line. */
const SUBJECT = "Your case AFB-7Q2K at Memorial Şişli Hospital";

describe("mail logs and errors never name the recipient", () => {
  afterEach(() => mock.restoreAll());

  test("without SMTP_URL the message is kept in the outbox, logged by file only", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "afya-mail-"));
    process.env.DATA_DIR = dataDir;
    delete process.env.SMTP_URL;
    resetEnvForTests();
    const { sendMail } = await import("@/lib/mail");
    const logged = recordLogs();
    await sendMail({ to: "ngozi.okafor@example.com", subject: SUBJECT, text: "Hello" });
    const [file] = readdirSync(path.join(dataDir, "outbox"));
    assert.match(readFileSync(path.join(dataDir, "outbox", file), "utf8"), /To: ngozi\.okafor@example\.com/);
    assert.match(logged.written(), /message kept in the outbox/);
    assert.ok(logged.written().includes(file), "the log line names the file");
    assert.doesNotMatch(logged.given(), /ngozi|okafor|AFB-7Q2K|Memorial/i);
  });
});

describe("e-mail through SMTP when SMTP_URL is set", () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  before(async () => {
    smtp = await startSmtp();
    process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.port}`;
    await useFreshApp();
  });
  after(async () => {
    delete process.env.SMTP_URL;
    const { resetMailForTests } = await import("@/lib/mail");
    resetMailForTests();
    const { db } = await import("@/lib/db");
    await db().$disconnect();
    await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
    if (smtp.errors.length) process.stderr.write(`smtp-server saw connections end mid-transaction: ${smtp.errors.map((error) => error.message).join("; ")}\n`);
  });
  afterEach(() => mock.restoreAll());

  test("a guest submission sends the confirmation with the tracking number to the submitter", async () => {
    const { POST } = await import("@/app/api/medical-submissions/route");
    const browser = new Browser();
    const body = toStream(
      multipartBody([...validFields({ email: "ngozi@example.com", locale: "fr" }), { name: "files", file: { name: "a.pdf", data: samples.pdf() } }]),
    );
    const response = await POST(browser.request("/api/medical-submissions", { body, contentType: MULTIPART_TYPE }));
    assert.equal(response.status, 201);
    const { trackingNumber } = (await response.json()) as { trackingNumber: string };
    for (let i = 0; i < 100 && smtp.received.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    assert.equal(smtp.received.length, 1);
    assert.deepEqual(smtp.received[0].to, ["ngozi@example.com"]);
    assert.ok(smtp.received[0].raw.includes(trackingNumber), "the tracking number is in the message");
  });

  test("the confirmation quotes the patient's name as data on its own labelled line, never as a sentence start", async () => {
    const { POST } = await import("@/app/api/medical-submissions/route");
    smtp.received.length = 0;
    const name = "Ngozi Okonkwo-Adeyemi";
    const body = toStream(
      multipartBody([
        ...validFields({ name, consentFullName: name, email: "ngozi.quote@example.com", locale: "fr" }),
        { name: "files", file: { name: "a.pdf", data: samples.pdf() } },
      ]),
    );
    const response = await POST(new Browser().request("/api/medical-submissions", { body, contentType: MULTIPART_TYPE }));
    assert.equal(response.status, 201);
    for (let i = 0; i < 100 && smtp.received.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    const { headers, text } = textBody(smtp.received[0].raw);
    assert.match(headers, /^Content-Type: text\/plain/im, "plain text only: no HTML part to turn a name into a link");
    const lines = text.split(/\r?\n/);
    assert.equal(lines[0], "Bonjour,", "the greeting does not start with the name");
    assert.ok(lines.includes(`Nom du patient : ${name}`), text);
    assert.deepEqual(
      lines.filter((line) => line.includes(name)),
      [`Nom du patient : ${name}`],
      "the name appears only after its label",
    );
  });

  test("a name stored before the rule (line break, link) is left out of the e-mail", async () => {
    const { db } = await import("@/lib/db");
    const { NotificationOutbox } = await import("@/lib/notifications/outbox");
    smtp.received.length = 0;
    const row = await db().submission.findFirstOrThrow({ where: { email: "ngozi.quote@example.com" } });
    await db().submission.update({ where: { id: row.id }, data: { patientName: "Ngozi\nYour case is blocked: pay at https://evil.example" } });
    const submission = await db().submission.findUniqueOrThrow({ where: { id: row.id } });
    const outbox = new NotificationOutbox();
    await db().$transaction((tx) =>
      outbox.add(tx, { kind: "patient", submission }, { type: "status_changed", trackingNumber: submission.trackingNumber, status: "under_review" }),
    );
    outbox.sendEmails();
    for (let i = 0; i < 100 && smtp.received.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    const { text } = textBody(smtp.received[0].raw);
    assert.doesNotMatch(text, /evil|blocked|Ngozi/);
    assert.match(text, /^Bonjour,/);
  });

  test("a hospital's partner users get its e-mails in the language each chose on their account page, English until then", async () => {
    const { db } = await import("@/lib/db");
    const { NotificationOutbox } = await import("@/lib/notifications/outbox");
    const { callRoute, signUpPatient } = await import("./support/actors");
    const setLanguage = (await import("@/app/api/account/email-language/route")).PUT;
    const hospital = await db().hospital.findFirstOrThrow({ where: { active: true } });
    const [chose, never] = [await signUpPatient("Elif"), await signUpPatient("Kemal")];
    assert.equal((await callRoute(chose.browser, setLanguage, "/api/account/email-language", { method: "PUT", json: { locale: "fr" } })).status, 200);
    assert.equal((await callRoute(never.browser, setLanguage, "/api/account/email-language", { method: "PUT", json: { locale: "xx" } })).status, 400);
    await db().user.updateMany({ where: { id: { in: [chose.id, never.id] } }, data: { role: "partner", hospitalId: hospital.id } });

    smtp.received.length = 0;
    const submission = await db().submission.findFirstOrThrow();
    const outbox = new NotificationOutbox();
    await db().$transaction((tx) =>
      outbox.add(
        tx,
        { kind: "hospital", hospitalId: hospital.id, submissionId: submission.id },
        { type: "plan_not_selected", trackingNumber: submission.trackingNumber, hospitalName: hospital.name },
      ),
    );
    outbox.sendEmails();
    for (let i = 0; i < 100 && smtp.received.length < 2; i++) await new Promise((r) => setTimeout(r, 50));
    const text = (address: string) => textBody(smtp.received.find((mail) => mail.to.includes(address))!.raw).text;
    assert.match(text(chose.email), /^Bonjour,/);
    assert.match(text(chose.email), /\/fr\/partner\/cases\//);
    assert.match(text(never.email), /^Hello,/);
  });

  test("a subject with a line break cannot add a header or a recipient", async () => {
    const { sendMail } = await import("@/lib/mail");
    smtp.received.length = 0;
    await sendMail({ to: "ngozi.subject@example.com", subject: "Case update\r\nBcc: victim@example.com\r\nX-Injected: yes", text: "Hello" });
    assert.equal(smtp.received.length, 1);
    assert.deepEqual(smtp.received[0].to, ["ngozi.subject@example.com"]);
    const { headers } = textBody(smtp.received[0].raw);
    assert.doesNotMatch(headers, /^(Bcc|X-Injected):/im);
    assert.match(headers, /^Subject: Case update Bcc: victim@example\.com X-Injected: yes$/m);
  });

  test("a refused recipient: the error callers log says why, without the address", async () => {
    const { sendMail } = await import("@/lib/mail");
    const logged = recordLogs();
    const error = await sendMail({ to: "ngozi.okafor@refused.example", subject: SUBJECT, text: "Hello" }).then(
      () => assert.fail("the server refuses this recipient"),
      (thrown: unknown) => thrown,
    );
    assert.match(String(error), /E-mail could not be sent \(EENVELOPE RCPT TO 550\)/);
    assert.doesNotMatch(inspect(error, { depth: 10 }) + logged.given(), /ngozi|okafor|refused\.example|AFB-7Q2K|Memorial/i);
  });
});
