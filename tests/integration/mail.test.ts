import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { Browser, useFreshApp } from "./support/app";
import { multipartBody, MULTIPART_TYPE, samples, toStream, validFields } from "./support/multipart";

/** A real SMTP server on loopback that keeps what it receives. */
function startSmtp() {
  const received: { to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  return new Promise<{ server: SMTPServer; port: number; received: typeof received }>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve({ server, port: (server.server.address() as AddressInfo).port, received })),
  );
}

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
  });

  test("a guest submission sends the confirmation with the tracking number to the submitter", async () => {
    const { POST } = await import("@/app/api/medical-submissions/route");
    const browser = new Browser();
    const body = toStream(multipartBody([...validFields({ email: "ngozi@example.com", locale: "fr" }), { name: "files", file: { name: "a.pdf", data: samples.pdf() } }]));
    const response = await POST(browser.request("/api/medical-submissions", { body, contentType: MULTIPART_TYPE }));
    assert.equal(response.status, 201);
    const { trackingNumber } = (await response.json()) as { trackingNumber: string };
    for (let i = 0; i < 100 && smtp.received.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    assert.equal(smtp.received.length, 1);
    assert.deepEqual(smtp.received[0].to, ["ngozi@example.com"]);
    assert.ok(smtp.received[0].raw.includes(trackingNumber), "the tracking number is in the message");
  });
});
