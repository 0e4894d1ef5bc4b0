/** @jest-environment node */
import { createLogger, currentRequestId, redact, withRequestId } from "@/lib/log";

function capture() {
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const logger = createLogger({ write: (line: string) => void (raw.push(line), lines.push(JSON.parse(line))) });
  logger.level = "info";
  return { logger, lines, raw };
}

describe("structured logs", () => {
  it("writes one JSON object per line with level, time and message", () => {
    const { logger, lines } = capture();
    logger.info({ submissionId: "abc", transcriptionId: "t-1", transcriptions: 2, transcript: "the patient said" }, "submission stored");
    expect(lines).toHaveLength(1);
    // Ids and counts stay readable; a transcript is health data.
    expect(lines[0]).toMatchObject({
      level: "info",
      msg: "submission stored",
      submissionId: "abc",
      transcriptionId: "t-1",
      transcriptions: 2,
      transcript: "[redacted]",
    });
    expect(typeof lines[0].time).toBe("string");
  });

  it("redacts e-mail addresses, names, passwords, tokens, cookies, health data and file contents, at any depth", () => {
    const { logger, raw, lines } = capture();
    const error = Object.assign(new Error("Sign-in failed for amina.bello@example.com with Bearer abc.def.ghi"), {
      password: "correct horse battery",
      token: "tok_secret_123",
      request: { headers: { cookie: "better-auth.session_token=sess_secret_456", authorization: "Bearer hdr_secret_789" } },
    });
    logger.error(
      {
        err: error,
        user: { email: "amina.bello@example.com", name: "Amina Bello", patientName: "Amina Bello", phone: "+234 803 000 0000" },
        submission: { medicalCondition: "Coronary artery disease", message: "chest pain at night" },
        file: Buffer.from("%PDF-1.4 secret scan"),
        chunk: new Uint8Array([1, 2, 3]),
        upload: { originalName: "amina-bello-mri.pdf", bytes: Buffer.from("x") },
        backupCodes: ["bk-code-aaa", "bk-code-bbb"],
      },
      "Could not notify amina.bello@example.com",
    );
    const text = raw.join("");
    for (const secret of [
      "amina.bello@example.com",
      "correct horse",
      "tok_secret_123",
      "sess_secret_456",
      "hdr_secret_789",
      "abc.def.ghi",
      "Amina Bello",
      "803 000",
      "Coronary",
      "chest pain",
      "secret scan",
      "amina-bello-mri",
      "bk-code",
    ])
      expect(text).not.toContain(secret);
    const [line] = lines as [{ msg: string; err: { message: string; type: string; stack: string } }];
    expect(line.msg).toBe("Could not notify [email]");
    expect(line.err.type).toBe("Error");
    expect(line.err.message).toBe("Sign-in failed for [email] with Bearer [redacted]");
    expect(line.err.stack).toContain("log.test.ts");
    expect(text).toContain("[redacted]");
  });

  it("drops the query arguments that Prisma prints in its validation errors, keeping what went wrong", () => {
    const { logger, raw, lines } = capture();
    // The message of a real PrismaClientValidationError (Prisma 7, colorless).
    const message = [
      "",
      "Invalid `prisma.submission.create()` invocation:",
      "",
      "{",
      "  data: {",
      '    patientName: "Amina Bello",',
      '    medicalCondition: "Coronary artery disease",',
      "    email: 5,",
      "+   trackingNumber: String",
      "  }",
      "}",
      "",
      "Argument `trackingNumber` is missing.",
    ].join("\n");
    const error = Object.assign(new Error(message), { name: "PrismaClientValidationError" });
    logger.error({ err: error }, "Unhandled error in route handler");
    expect(raw.join("")).not.toMatch(/Amina|Coronary/);
    const [line] = lines as [{ err: { message: string } }];
    expect(line.err.message).toBe("\nInvalid `prisma.submission.create()` invocation: [arguments redacted]\n\nArgument `trackingNumber` is missing.");
  });

  it("keeps ordinary values", () => {
    expect(redact({ submissionId: "s1", count: 3, ok: true, size: BigInt(5), nested: { status: "clean" } })).toEqual({
      submissionId: "s1",
      count: 3,
      ok: true,
      size: "5",
      nested: { status: "clean" },
    });
  });
});

describe("request ids", () => {
  it("gives every request an id, in the X-Request-Id header and on each log line written while serving it", async () => {
    const { logger, lines } = capture();
    let seen: string | undefined;
    const response = await withRequestId(new Request("http://localhost/api/x"), async () => {
      seen = currentRequestId();
      logger.info("inside");
      return Response.json({ ok: true });
    });
    const id = response.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen).toBe(id);
    expect(lines[0].requestId).toBe(id);
    logger.info("outside");
    expect(lines[1].requestId).toBeUndefined();
  });

  it("keeps a sane X-Request-Id from the caller and replaces anything else", async () => {
    const serve = async () => new Response(null, { status: 204 });
    const sane = await withRequestId(new Request("http://localhost/", { headers: { "x-request-id": "edge-proxy-1234abcd" } }), serve);
    expect(sane.headers.get("x-request-id")).toBe("edge-proxy-1234abcd");
    const injected = await withRequestId(new Request("http://localhost/", { headers: { "x-request-id": 'a"}{injected: true' } }), serve);
    expect(injected.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("sets the header on responses whose headers are immutable", async () => {
    const response = await withRequestId(new Request("http://localhost/"), async () => Response.redirect("http://localhost/elsewhere", 303));
    expect(response.status).toBe(303);
    expect(response.headers.get("x-request-id")).toBeTruthy();
  });
});
