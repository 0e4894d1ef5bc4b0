import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";
import { Browser, useFreshApp } from "./support/app";
import arabic from "@/messages/ar.json";
import { largePdf, multipartBody, MULTIPART_TYPE, samples, toStream, validFields, validJsonFields, type Part } from "./support/multipart";

type Handler = (request: Request, context?: { params: Promise<Record<string, string>> }) => Promise<Response>;
const routes: Record<string, Handler> = {};
let dataDir: string;

async function send(
  browser: Browser,
  route: string,
  pathname: string,
  parts: Part[],
  options: Parameters<typeof multipartBody>[1] & { headers?: Record<string, string> } = {},
) {
  const request = browser.request(pathname, { body: toStream(multipartBody(parts, options)), contentType: MULTIPART_TYPE, headers: options.headers });
  return browser.remember(await routes[route](request));
}
const guestSubmit = (parts: Part[], options?: Parameters<typeof send>[4]) => send(new Browser(), "guest", "/api/medical-submissions", parts, options);
const file = (name: string, data: Buffer, type = "application/octet-stream"): Part => ({ name: "files", file: { name, data, type } });

async function counts() {
  const { db } = await import("@/lib/db");
  const { getStore } = await import("@/lib/storage");
  const stored: string[] = [];
  for await (const key of getStore().list("submissions")) stored.push(key);
  return { submissions: await db().submission.count(), files: await db().submissionFile.count(), stored: stored.length };
}

async function signUp(name: string, ip: string) {
  const browser = new Browser(ip);
  const credentials = { email: `${name.toLowerCase()}@example.com`, password: "correct horse battery" };
  const response = await browser.request("/api/auth/sign-up/email", { json: { name, username: name.toLowerCase(), ...credentials } });
  browser.remember(await routes.auth(response));
  // Sign-up opens no session (ADR 14).
  browser.remember(await routes.auth(browser.request("/api/auth/sign-in/email", { json: credentials })));
  return browser;
}

describe("patient API: submissions, files, inquiries and tracking", () => {
  before(async () => {
    ({ dataDir } = await useFreshApp());
    routes.guest = (await import("@/app/api/medical-submissions/route")).POST;
    const mine = await import("@/app/api/my-submissions/route");
    routes.mineGet = mine.GET;
    routes.minePost = mine.POST;
    routes.addFiles = (await import("@/app/api/add-files-to-submission/route")).POST;
    routes.file = (await import("@/app/api/files/[id]/route")).GET;
    routes.inquiry = (await import("@/app/api/inquiries/route")).POST;
    routes.trackRequest = (await import("@/app/api/track/request-code/route")).POST;
    routes.trackVerify = (await import("@/app/api/track/verify/route")).POST;
    routes.trackView = (await import("@/app/api/track/submission/route")).GET;
    routes.auth = (await import("@/app/api/auth/[...all]/route")).POST;
  });
  after(async () => {
    const { db } = await import("@/lib/db");
    await db().$disconnect();
  });

  let guestSubmission: { id: string; trackingNumber: string };
  const pdf = samples.pdf();
  const dicom = samples.dicom();

  test("a guest submits records: 201 with id and tracking number; types sniffed from bytes; sha256 and size kept", async () => {
    const response = await guestSubmit([...validFields(), file("echo.pdf", pdf, "image/png"), file("CT_SLICE_0001", dicom)]);
    assert.equal(response.status, 201, await response.clone().text());
    guestSubmission = (await response.json()) as typeof guestSubmission;
    assert.match(guestSubmission.trackingNumber, /^SUB-\d{8}-[0-9A-Z]{10}$/);
    const { db } = await import("@/lib/db");
    const row = await db().submission.findUniqueOrThrow({
      where: { id: guestSubmission.id },
      include: { files: { orderBy: { originalName: "asc" } }, statusChanges: true },
    });
    assert.equal(row.source, "guest");
    assert.equal(row.status, "submitted");
    assert.deepEqual(row.preferredCountries, ["Turkey"]);
    assert.deepEqual(
      row.files.map((f) => [f.originalName, f.mimeType, Number(f.size), f.sha256]),
      [
        ["CT_SLICE_0001", "application/dicom", dicom.length, createHash("sha256").update(dicom).digest("hex")],
        ["echo.pdf", "application/pdf", pdf.length, createHash("sha256").update(pdf).digest("hex")],
      ],
    );
    assert.ok(row.files.every((f) => f.storageKey!.startsWith(`submissions/${row.id}/`) && !f.storageKey!.includes("echo")));
    assert.equal(row.statusChanges.length, 1);
  });

  test("the submitter gets a confirmation e-mail with the tracking number (kept in the dev outbox)", async () => {
    // The confirmation is sent after the answer, in the background: wait for it (up to 10 s).
    const outbox = path.join(dataDir, "outbox");
    const confirmation = () =>
      existsSync(outbox) &&
      readdirSync(outbox)
        .map((name) => readFileSync(path.join(outbox, name), "utf8"))
        .some((mail) => mail.includes(guestSubmission.trackingNumber) && mail.includes("amina.guest@example.com"));
    for (let i = 0; i < 100 && !confirmation(); i++) await new Promise((r) => setTimeout(r, 100));
    assert.ok(confirmation(), "no confirmation e-mail with the tracking number in the outbox");
  });

  describe("bad input gets a clear 4xx and leaves nothing behind", () => {
    const cases: [string, () => Promise<Response>, number, RegExp][] = [
      ["no files", () => guestSubmit(validFields()), 400, /^Medical Records Required - Please upload your medical records/],
      [
        "no specialty",
        () => guestSubmit([...validFields({ specialty: undefined }), file("a.pdf", samples.pdf())]),
        400,
        /^Specialty Required - Please select a medical specialty/,
      ],
      ["unknown specialty", () => guestSubmit([...validFields({ specialty: "astrology" }), file("a.pdf", samples.pdf())]), 400, /Specialty Required/],
      ["consent not ticked", () => guestSubmit([...validFields({ consent: "false" }), file("a.pdf", samples.pdf())]), 400, /Consent is required/],
      ["no consent name", () => guestSubmit([...validFields({ consentFullName: "" }), file("a.pdf", samples.pdf())]), 400, /full name to give consent/],
      ["bad consent date", () => guestSubmit([...validFields({ consentDate: "22/11/2026" }), file("a.pdf", samples.pdf())]), 400, /YYYY-MM-DD/],
      ["malformed e-mail", () => guestSubmit([...validFields({ email: "amina@" }), file("a.pdf", samples.pdf())]), 400, /valid email/],
      ["unknown urgency", () => guestSubmit([...validFields({ urgency: "yesterday" }), file("a.pdf", samples.pdf())]), 400, /urgent, standard or flexible/],
      ["unknown budget", () => guestSubmit([...validFields({ budget: "free" }), file("a.pdf", samples.pdf())]), 400, /budget ranges/],
      [
        "no preferred country",
        () => guestSubmit([...validFields({ preferredCountries: "[]" }), file("a.pdf", samples.pdf())]),
        400,
        /preferred treatment country/,
      ],
      [
        "refused type",
        () => guestSubmit([...validFields(), file("a.pdf", samples.pdf()), file("scan.pdf", samples.exe(), "application/pdf")]),
        415,
        /^scan\.pdf: this file type is not accepted/,
      ],
      ["empty file", () => guestSubmit([...validFields(), file("blank.pdf", Buffer.alloc(0))]), 400, /^blank\.pdf is empty/],
      ["51 files", () => guestSubmit([...validFields(), ...Array.from({ length: 51 }, (_, i) => file(`p${i}.png`, samples.png()))]), 400, /at most 50 files/],
      ["truncated body", () => guestSubmit([...validFields(), file("a.pdf", samples.pdf())], { truncateAfterBytes: 1500 }), 400, /interrupted or malformed/],
      [
        "client disconnects mid-upload",
        () => guestSubmit([...validFields(), file("a.pdf", samples.pdf()), file("b.pdf", samples.pdf())], { failAfterBytes: 4000 }),
        400,
        /interrupted/,
      ],
      [
        "neither multipart nor JSON",
        async () =>
          routes.guest(
            new Browser().request("/api/medical-submissions", {
              body: toStream(
                (async function* () {
                  yield Buffer.from("name=x");
                })(),
              ),
              contentType: "application/x-www-form-urlencoded",
            }),
          ),
        415,
        /multipart\/form-data/,
      ],
      [
        "JSON without its files",
        async () => routes.guest(new Browser().request("/api/medical-submissions", { json: validJsonFields() })),
        400,
        /Medical Records Required/,
      ],
      [
        "bad idempotency key",
        () => guestSubmit([...validFields(), file("a.pdf", samples.pdf())], { headers: { "idempotency-key": "x" } }),
        400,
        /Idempotency-Key/,
      ],
    ];
    for (const [label, act, status, message] of cases) {
      test(label, async () => {
        const before = await counts();
        const response = await act();
        assert.equal(response.status, status, `${label}: ${await response.clone().text()}`);
        const body = (await response.json()) as { error: string };
        assert.match(body.error, message);
        assert.deepEqual(await counts(), before, "no submission, file row or stored file was added");
      });
    }

    test("a refused field is named, with its code, in the language of the page it came from", async () => {
      for (const [field, code] of [
        ["email", "email_invalid"],
        ["consentEmail", "consent_email_invalid"],
      ] as const) {
        const response = await guestSubmit([...validFields({ [field]: "amina@" }), file("a.pdf", samples.pdf())], { headers: { "accept-language": "ar" } });
        assert.equal(response.status, 400);
        assert.deepEqual(await response.json(), { error: arabic.errors[code], code, field });
      }
    });

    test("a file over 500 MB is refused while streaming", { timeout: 120_000 }, async () => {
      const before = await counts();
      const response = await guestSubmit([...validFields(), { name: "files", file: { name: "huge-ct.pdf", data: largePdf(500 * 1024 * 1024 + 1) } }]);
      assert.equal(response.status, 413);
      assert.match(((await response.json()) as { error: string }).error, /^huge-ct\.pdf is larger than 500 MB/);
      assert.deepEqual(await counts(), before);
    });
  });

  describe("person names are one line of letters (phishing through the confirmation e-mail)", () => {
    const french = (JSON.parse(readFileSync(path.join(process.cwd(), "messages", "fr.json"), "utf8")) as { nameRules: Record<string, string> }).nameRules;
    for (const [label, name, problem] of [
      ["a line break", "Amina\nYour account is locked: reply to this e-mail", "lineBreak"],
      ["a link", "Amina https://evil.example/login", "link"],
      ["a domain", "Amina, see evil.example", "link"],
      ["markup", "<a href=x>Amina</a>", "markup"],
      ["a bidi override", "Amina \u202eolleB", "invisible"],
      ["digits", "Amina 2", "digits"],
    ] as const) {
      test(`a patient name with ${label} is refused with the translated message, and nothing is stored`, async () => {
        const before = await counts();
        const response = await guestSubmit([...validFields({ name: name, locale: "fr" }), file("a.pdf", samples.pdf())]);
        assert.equal(response.status, 400, await response.clone().text());
        assert.deepEqual(await response.json(), { error: french[problem], code: "invalid_name", field: "patientName" });
        assert.deepEqual(await counts(), before);
      });
    }

    test("the consent signature follows the same rule; without a locale the message is English", async () => {
      const response = await guestSubmit([...validFields({ consentFullName: "Amina\r\nBcc: someone@evil.example" }), file("a.pdf", samples.pdf())]);
      assert.equal(response.status, 400);
      assert.deepEqual(await response.json(), {
        error: "A name must fit on one line: please remove the line breaks.",
        code: "invalid_name",
        field: "consentFullName",
      });
    });

    test("names from many languages are accepted and stored as typed", async () => {
      const { db } = await import("@/lib/db");
      for (const name of ["Ngozi Okonkwo-Adeyemi", "Chiamaka O’Neil", "José Ñúñez", "محمد", "Nguyễn Thị Minh", "St. John Smith"]) {
        const response = await guestSubmit([...validFields({ name, consentFullName: name }), file("a.pdf", samples.pdf())]);
        assert.equal(response.status, 201, `${name}: ${await response.clone().text()}`);
        const { id } = (await response.json()) as { id: string };
        assert.equal((await db().submission.findUniqueOrThrow({ where: { id } })).patientName, name);
      }
    });

    test("an inquiry's name too, translated by the language cookie", async () => {
      const browser = new Browser();
      const request = browser.request("/api/inquiries", {
        json: { name: "Chidi\nhttps://evil.example", email: "chidi@example.com", message: "hi" },
        headers: { cookie: "NEXT_LOCALE=fr" },
      });
      const response = await routes.inquiry(request);
      assert.equal(response.status, 400);
      assert.deepEqual(await response.json(), { error: french.lineBreak, code: "invalid_name", field: "name" });
    });
  });

  test("the same form sent twice with one idempotency key creates one submission", async () => {
    const key = "double-tap-0123456789abcdef";
    const parts = [...validFields(), file("a.pdf", samples.pdf())];
    const before = await counts();
    const [first, second] = await Promise.all([
      guestSubmit(parts, { headers: { "idempotency-key": key } }),
      guestSubmit(parts, { headers: { "idempotency-key": key } }),
    ]);
    const bodies = [(await first.json()) as { id: string }, (await second.json()) as { id: string }];
    assert.deepEqual([first.status, second.status].sort(), [200, 201]);
    assert.equal(bodies[0].id, bodies[1].id);
    const afterCounts = await counts();
    assert.equal(afterCounts.submissions, before.submissions + 1);
    assert.equal(afterCounts.stored, before.stored + 1, "the losing request's file was removed");
  });

  describe("signed-in patients", () => {
    let amina: Browser;
    let musa: Browser;
    let mine: { id: string; trackingNumber: string };

    before(async () => {
      amina = await signUp("Amina", "203.0.113.21");
      musa = await signUp("Musa", "203.0.113.22");
    });

    test("submit to their account and list only their own submissions", async () => {
      const response = await send(amina, "minePost", "/api/my-submissions", [
        ...validFields({ email: "spoofed@example.com", name: undefined, patientName: "Amina Bello" }),
        file("lab.pdf", samples.pdf()),
      ]);
      assert.equal(response.status, 201, await response.clone().text());
      mine = (await response.json()) as typeof mine;
      const list = (await (await routes.mineGet(amina.request("/api/my-submissions"))).json()) as {
        id: string;
        trackingNumber: string;
        files: { id: string }[];
        fileName: string;
        status: string;
        matchedHospitals: unknown[];
      }[];
      assert.deepEqual(
        list.map((s) => s.id),
        [mine.id],
      );
      assert.equal(list[0].fileName, "lab.pdf");
      assert.equal(list[0].status, "submitted");
      const { db } = await import("@/lib/db");
      assert.equal((await db().submission.findUniqueOrThrow({ where: { id: mine.id } })).email, "amina@example.com", "the account's e-mail is used");
      const musaList = (await (await routes.mineGet(musa.request("/api/my-submissions"))).json()) as unknown[];
      assert.deepEqual(musaList, []);
      assert.equal((await routes.mineGet(new Browser().request("/api/my-submissions"))).status, 401);
    });

    test("add files to their own submission; never to someone else's", async () => {
      const ok = await send(amina, "addFiles", "/api/add-files-to-submission", [{ name: "submissionId", value: mine.id }, file("mri.png", samples.png())]);
      assert.equal(ok.status, 201, await ok.clone().text());
      assert.deepEqual(await ok.json(), { success: true, added: 1 });

      const before = await counts();
      for (const [label, who, parts, status] of [
        ["someone else's submission", musa, [{ name: "submissionId", value: mine.id }, file("x.png", samples.png())], 404],
        ["a made-up id", amina, [{ name: "submissionId", value: "00000000-0000-4000-8000-000000000000" }, file("x.png", samples.png())], 404],
        ["a malformed id", amina, [{ name: "submissionId", value: "../../etc/passwd" }, file("x.png", samples.png())], 404],
        ["no id", amina, [file("x.png", samples.png())], 400],
      ] as const) {
        const response = await send(who, "addFiles", "/api/add-files-to-submission", [...parts]);
        assert.equal(response.status, status, label);
        assert.equal(typeof ((await response.json()) as { error: string }).error, "string");
      }
      assert.deepEqual(await counts(), before);
    });

    test("files are served to their owner only, with safe headers, and every read is audited", async () => {
      const list = (await (await routes.mineGet(amina.request("/api/my-submissions"))).json()) as { files: { id: string; originalName: string }[] }[];
      const lab = list[0].files.find((f) => f.originalName === "lab.pdf")!;
      const get = (who: Browser, id: string, query = "") => routes.file(who.request(`/api/files/${id}${query}`), { params: Promise.resolve({ id }) });

      // Whoever shares a link does not choose the saved name or its extension: it is always the stored name.
      const response = await get(amina, lab.id, "?name=" + encodeURIComponent("evil.exe"));
      assert.equal(response.status, 200);
      assert.equal(response.headers.get("cache-control"), "no-store, private");
      assert.equal(response.headers.get("x-content-type-options"), "nosniff");
      assert.equal(response.headers.get("content-type"), "application/pdf");
      assert.equal(response.headers.get("content-disposition"), `attachment; filename="lab.pdf"; filename*=UTF-8''lab.pdf`);
      assert.ok(
        Buffer.from(await response.arrayBuffer())
          .subarray(0, 5)
          .equals(Buffer.from("%PDF-")),
      );

      for (const [label, who, id] of [
        ["another patient", musa, lab.id],
        ["a guest", new Browser(), lab.id],
        ["path traversal", amina, "../../.data/storage.key"],
      ] as const) {
        const denied = await get(who, id);
        assert.equal(denied.status, 404, label);
        assert.deepEqual(await denied.json(), { error: "File not found.", code: "file_not_found" });
      }
      const { db } = await import("@/lib/db");
      assert.equal(await db().auditEvent.count({ where: { action: "file.read", entityId: lab.id } }), 1);
    });
  });

  describe("file names cannot disguise a file", () => {
    test("bidi and other invisible characters are removed from the stored and the served name", async () => {
      const { db } = await import("@/lib/db");
      // As browsers send them: the name's UTF-8 bytes in filename="..." (so "Röntgen" must arrive intact too).
      const names = ["report\u202Efdp.exe", "scan\u2066\u200f.pdf\u2069", "\u200bnote\u00ad.pdf", "Röntgen Şişli.pdf"];
      const response = await guestSubmit([...validFields(), ...names.map((name) => file(name, samples.pdf()))]);
      assert.equal(response.status, 201, await response.clone().text());
      const { id } = (await response.json()) as { id: string };
      const stored = await db().submissionFile.findMany({ where: { submissionId: id } });
      assert.deepEqual(stored.map((f) => f.originalName).sort(), ["note.pdf", "reportfdp.exe", "Röntgen Şişli.pdf", "scan.pdf"].sort());
    });

    test("a name stored before the rule is served without its invisible characters", async () => {
      const { contentDisposition } = await import("@/lib/storage/content-disposition");
      assert.equal(contentDisposition("report\u202Efdp.exe", "attachment"), `attachment; filename="reportfdp.exe"; filename*=UTF-8''reportfdp.exe`);
      assert.equal(contentDisposition("\u2067\u200e", "inline"), `inline; filename="download"; filename*=UTF-8''download`);
    });
  });

  describe("guest tracking with a one-time code", () => {
    /** The newest code mailed for the case; the mail is sent after the answer, so it is waited for a little. */
    const outboxCode = async (trackingNumber: string) => {
      const outbox = path.join(dataDir, "outbox");
      for (let tries = 0; tries < 100; tries++, await new Promise((resolve) => setTimeout(resolve, 50))) {
        const mail = readdirSync(outbox)
          .sort()
          .map((name) => readFileSync(path.join(outbox, name), "utf8"))
          .filter((text) => text.includes(`submission ${trackingNumber} is`))
          .pop();
        const code = mail?.match(/ is (\d{6})\./)?.[1];
        if (code) return code;
      }
      return undefined;
    };

    test("a wrong pair gets the same answer as a right one, and no code", async () => {
      const wrong = await routes.trackRequest(
        new Browser().request("/api/track/request-code", { json: { trackingNumber: guestSubmission.trackingNumber, email: "someone.else@example.com" } }),
      );
      const right = await routes.trackRequest(
        new Browser().request("/api/track/request-code", {
          json: { trackingNumber: guestSubmission.trackingNumber.toLowerCase(), email: "Amina.Guest@example.com" },
        }),
      );
      assert.equal(wrong.status, 200);
      assert.equal(right.status, 200);
      assert.deepEqual(await wrong.json(), await right.json());
      assert.match((await outboxCode(guestSubmission.trackingNumber)) ?? "", /^\d{6}$/);
    });

    test("the code shows status, history and files; a wrong code does not; the code works once", async () => {
      const code = (await outboxCode(guestSubmission.trackingNumber))!;
      const guest = new Browser();
      const pair = { trackingNumber: guestSubmission.trackingNumber, email: "amina.guest@example.com" };
      const wrongCode = code === "000000" ? "111111" : "000000";
      const bad = await routes.trackVerify(guest.request("/api/track/verify", { json: { ...pair, code: wrongCode } }));
      assert.equal(bad.status, 400);

      const ok = guest.remember(await routes.trackVerify(guest.request("/api/track/verify", { json: { ...pair, code } })));
      assert.equal(ok.status, 200);
      const view = (await ok.json()) as { status: string; history: { status: string }[]; files: { id: string }[] };
      assert.equal(view.status, "submitted");
      assert.deepEqual(
        view.history.map((h) => h.status),
        ["submitted"],
      );
      assert.equal(view.files.length, 2);

      const fileResponse = await routes.file(guest.request(`/api/files/${view.files[0].id}`), { params: Promise.resolve({ id: view.files[0].id }) });
      assert.equal(fileResponse.status, 200, "the verified guest can read their own files");
      assert.equal((await routes.trackView(guest.request("/api/track/submission"))).status, 200);

      const again = await routes.trackVerify(new Browser().request("/api/track/verify", { json: { ...pair, code } }));
      assert.equal(again.status, 400, "a used code is refused");
      const other = new Browser();
      assert.equal((await routes.file(other.request(`/api/files/${view.files[0].id}`), { params: Promise.resolve({ id: view.files[0].id }) })).status, 404);
    });
  });

  describe("inquiries", () => {
    const inquiry = (json: unknown) => routes.inquiry(new Browser().request("/api/inquiries", { json }));

    test("a valid inquiry is stored", async () => {
      const response = await inquiry({
        name: "Chidi",
        email: "chidi@example.com",
        message: "Do you treat scoliosis?",
        specialty: "orthopedics",
        phone: "",
        country: "",
      });
      assert.equal(response.status, 201);
    });

    test("bad inquiries get a 4xx JSON error", async () => {
      for (const [body, status] of [
        [{ name: "Chidi", email: "nope", message: "hi" }, 400],
        [{ name: "", email: "chidi@example.com", message: "hi" }, 400],
        [{ name: "Chidi", email: "chidi@example.com", message: "" }, 400],
        [{ name: "Chidi", email: "chidi@example.com", message: "hi", specialty: "astrology" }, 400],
        [{ name: ["x"], email: 5, message: null }, 400],
      ] as const) {
        const response = await inquiry(body);
        assert.equal(response.status, status, JSON.stringify(body));
        assert.equal(typeof ((await response.json()) as { error: string }).error, "string");
      }
      const broken = await routes.inquiry(
        new Browser().request("/api/inquiries", {
          body: toStream(
            (async function* () {
              yield Buffer.from("{broken");
            })(),
          ),
          contentType: "application/json",
        }),
      );
      assert.equal(broken.status, 400);
    });
  });
});
