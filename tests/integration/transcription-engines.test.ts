import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
// pdf.js draws pages with an ES2024 method Node 20 lacks (see lib/transcriptions/engines/pdf.ts).
import "core-js/actual/array-buffer/transfer-to-fixed-length";
import PDFDocument from "pdfkit";
import { getDocumentProxy, renderPageAsImage } from "unpdf";
import { resetEnvForTests } from "@/lib/env";
import type { EngineInput } from "@/lib/transcriptions/engines";
import { explicitGradient16, malformedDicom, patientElements, writeDicom, TS, type DicomElement } from "../support/dicom-fixtures";

type Engines = typeof import("@/lib/transcriptions/engines");
let engines: Engines;
let stopOcrWorker: () => Promise<void>;
const timings: Record<string, number> = {};

function input(
  kind: EngineInput["kind"],
  mimeType: string,
  bytes: Buffer | (() => Readable),
  language: string | null = null,
  progress?: EngineInput["progress"],
): EngineInput {
  return {
    kind,
    mimeType,
    fileName: `upload.${kind}`,
    size: Buffer.isBuffer(bytes) ? bytes.length : 0,
    language,
    progress,
    // Several chunks, as a decrypting store delivers them.
    open: async () => (Buffer.isBuffer(bytes) ? Readable.from(chunks(bytes, 1000)) : bytes()),
  };
}

function* chunks(bytes: Buffer, size: number) {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function timed<T>(name: string, run: () => Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await run();
  } finally {
    timings[name] = Math.round(performance.now() - start);
  }
}

async function rejectsWith(promise: Promise<unknown>, retryable: boolean, message: RegExp) {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof engines.EngineError, `expected an EngineError, got ${String(error)}`);
    assert.equal(error.retryable, retryable);
    assert.match(error.message, message);
    return true;
  });
}

function pdf(draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const doc = new PDFDocument();
  const parts: Buffer[] = [];
  doc.on("data", (part: Buffer) => parts.push(part));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(parts))));
  draw(doc);
  doc.end();
  return done;
}

/**
 * A printed report as a scanner gives it back: each page of a text PDF drawn to an image (pdf.js on
 * a Skia canvas, 150 dpi), then a PDF whose pages are only those images (no text layer).
 */
async function scanned(printed: Buffer): Promise<Buffer> {
  const images = await pageImages(printed);
  return pdf((doc) => images.forEach((image, index) => (index ? doc.addPage() : doc).image(image, 0, 0, { width: 612 })));
}

async function pageImages(printed: Buffer): Promise<Buffer[]> {
  const document = await getDocumentProxy(new Uint8Array(printed));
  const images: Buffer[] = [];
  for (let page = 1; page <= document.numPages; page++)
    images.push(Buffer.from(await renderPageAsImage(document, page, { canvasImport: () => import("@napi-rs/canvas"), scale: 150 / 72 })));
  await document.destroy();
  return images;
}

// Explicit VR little endian pieces for a Structured Report's content tree (sequences with defined lengths).
function element(group: number, elementNumber: number, vr: string, value: Buffer): Buffer {
  const padded = value.length % 2 ? Buffer.concat([value, Buffer.from(vr === "UI" ? "\0" : " ")]) : value;
  const long = ["OB", "OW", "SQ", "UT", "UN", "UC"].includes(vr);
  const header = Buffer.alloc(long ? 12 : 8);
  header.writeUInt16LE(group, 0);
  header.writeUInt16LE(elementNumber, 2);
  header.write(vr, 4, "latin1");
  if (long) header.writeUInt32LE(padded.length, 8);
  else header.writeUInt16LE(padded.length, 6);
  return Buffer.concat([header, padded]);
}
function item(...elements: Buffer[]): Buffer {
  const body = Buffer.concat(elements);
  const header = Buffer.alloc(8);
  header.writeUInt16LE(0xfffe, 0);
  header.writeUInt16LE(0xe000, 2);
  header.writeUInt32LE(body.length, 4);
  return Buffer.concat([header, body]);
}
const sequence = (group: number, elementNumber: number, ...items: Buffer[]) => element(group, elementNumber, "SQ", Buffer.concat(items));
const text = (value: string) => Buffer.from(value, "latin1");
const concept = (meaning: string) =>
  sequence(0x0040, 0xa043, item(element(0x0008, 0x0100, "SH", text("121071")), element(0x0008, 0x0104, "LO", text(meaning))));
const textItem = (meaning: string, value: string) =>
  item(
    element(0x0040, 0xa010, "CS", text("CONTAINS")),
    element(0x0040, 0xa040, "CS", text("TEXT")),
    concept(meaning),
    element(0x0040, 0xa160, "UT", text(value)),
  );

function structuredReport(): Buffer {
  const content = sequence(
    0x0040,
    0xa730,
    textItem("Findings", "No acute intracranial haemorrhage.\r\nSmall chronic infarct in the left parietal lobe."),
    item(
      element(0x0040, 0xa040, "CS", text("CONTAINER")),
      concept("Impression"),
      sequence(0x0040, 0xa730, item(element(0x0040, 0xa040, "CS", text("TEXT")), element(0x0040, 0xa160, "UT", text("Stable compared with 2023.")))),
    ),
  );
  const elements: DicomElement[] = [
    ...patientElements.filter(([group, el]) => !(group === 0x0008 && el === 0x0060)),
    [0x0008, 0x0030, "TM", "101530"],
    [0x0008, 0x0050, "SH", "ACC-778"],
    [0x0008, 0x0060, "CS", "SR"],
    [0x0008, 0x0090, "PN", "Okafor^Ngozi^^Dr"],
    [0x0010, 0x0030, "DA", "19800102"],
    [0x0010, 0x0040, "CS", "M"],
    [0x0020, 0x0011, "IS", "3"],
    [0x0040, 0xa730, "SQ", content.subarray(12)],
  ];
  return writeDicom(TS.explicitLittle, elements);
}

describe("transcription engines", () => {
  before(async () => {
    process.env.BETTER_AUTH_SECRET = "test-secret-test-secret-test-secret-0123";
    process.env.STORAGE_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString("base64");
    process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "afya-engines-"));
    delete process.env.GOOGLE_APPLICATION_CREDENTIALS;
    delete process.env.GOOGLE_SPEECH_ENDPOINT;
    resetEnvForTests();
    engines = await import("@/lib/transcriptions/engines");
    stopOcrWorker = (await import("@/lib/transcriptions/engines/ocr")).stopOcrWorker;
  });
  after(async () => {
    await stopOcrWorker();
    console.log("engine timings (ms):", JSON.stringify(timings));
  });

  describe("PDF (unpdf)", () => {
    test("text page by page: one segment per page, markers in the text", async () => {
      const bytes = await pdf((doc) => {
        doc.text("Discharge summary for Amina Bello.");
        doc.text("Blood pressure 150/95.");
        doc.addPage().text("Plan: amlodipine 5 mg daily, review in three weeks.");
      });
      const result = await timed("pdf (2 pages)", () => engines.runEngine(input("pdf", "application/pdf", bytes)));
      assert.equal(result.status, "completed");
      assert.ok(result.status === "completed");
      assert.equal(result.engine, "unpdf");
      assert.deepEqual(result.segments, [
        { page: 1, text: "Discharge summary for Amina Bello.\nBlood pressure 150/95." },
        { page: 2, text: "Plan: amlodipine 5 mg daily, review in three weeks." },
      ]);
      assert.equal(
        result.text,
        "--- Page 1 of 2 ---\nDischarge summary for Amina Bello.\nBlood pressure 150/95.\n\n--- Page 2 of 2 ---\nPlan: amlodipine 5 mg daily, review in three weeks.",
      );
    });

    test("a PDF with neither a text layer nor text in its pages says so rather than inventing text", async () => {
      const bytes = await pdf((doc) => doc.rect(50, 50, 200, 100).fill("#333"));
      const result = await engines.runEngine(input("pdf", "application/pdf", bytes));
      assert.ok(result.status === "completed");
      assert.match(result.text, /No text layer was found and OCR found no text/);
      assert.deepEqual(result.segments, []);
    });

    test("a scanned report (pages that are only images) is read by OCR page by page, with progress; a page with a text layer keeps it", async () => {
      const printed = await pdf((doc) => {
        doc.fontSize(14).text("Discharge summary");
        doc.text("Patient: Amina Bello");
        doc.text("Diagnosis: hypertension, follow up in two weeks");
        doc.addPage().fontSize(14).text("Medication: amlodipine 5 mg once daily");
      });
      // The two scanned pages with a typed page between them (a mixed document).
      const pages = await pageImages(printed);
      const bytes = await pdf((doc) => {
        doc.image(pages[0], 0, 0, { width: 612 });
        doc.addPage().fontSize(14).text("Typed note: blood pressure 150/95 at discharge.");
        doc.addPage().image(pages[1], 0, 0, { width: 612 });
      });

      const reported: [number, number][] = [];
      const result = await timed("scanned pdf (2 of 3 pages by OCR)", () =>
        engines.runEngine(input("pdf", "application/pdf", bytes, null, async (done, total) => void reported.push([done, total]))),
      );
      assert.ok(result.status === "completed");
      assert.equal(result.engine, "unpdf + tesseract.js (eng)");
      assert.deepEqual(reported, [
        [0, 2],
        [1, 2],
        [2, 2],
      ]);
      const [first, typed, last] = result.segments ?? [];
      assert.equal(first.page, 1);
      assert.match(first.text, /Discharge summary\nPatient: Amina Bello\nDiagnosis: hypertension, follow up in two weeks/);
      assert.deepEqual(typed, { page: 2, text: "Typed note: blood pressure 150/95 at discharge." });
      assert.equal(last.page, 3);
      assert.match(last.text, /Medication: amlodipine 5 mg once daily/);
      assert.match(result.text, /^--- Page 1 of 3 ---\nDischarge summary/);
    });

    test("a French scan is read with the French model when the upload names French; other languages fall back to English", async () => {
      const letter = await scanned(
        await pdf((doc) => {
          doc.fontSize(14).text("Compte rendu de sortie");
          doc.text("Patiente : Aïcha Diallo, née le 3 février 1980");
          doc.text("Diagnostic : hypertension artérielle, contrôle dans deux semaines.");
        }),
      );
      const french = await timed("scanned pdf (fra, incl. worker start)", () => engines.runEngine(input("pdf", "application/pdf", letter, "fr-FR")));
      assert.ok(french.status === "completed");
      assert.equal(french.engine, "unpdf + tesseract.js (fra)");
      assert.match(french.text, /Patiente : Aïcha Diallo, née le 3 février 1980/);
      assert.match(french.text, /hypertension artérielle, contrôle dans deux semaines/);
      // Hausa has no Tesseract model installed here: the English one reads the page.
      const other = await engines.runEngine(input("pdf", "application/pdf", letter, "ha-NG"));
      assert.ok(other.status === "completed" && other.engine === "unpdf + tesseract.js (eng)");
    });

    test("malformed and truncated PDFs fail for good", async () => {
      await rejectsWith(engines.runEngine(input("pdf", "application/pdf", Buffer.from("%PDF-1.7\n1 0 obj garbage"))), false, /could not be read as a PDF/);
      const whole = await pdf((doc) => doc.text("Cut short"));
      await rejectsWith(engines.runEngine(input("pdf", "application/pdf", whole.subarray(0, 300))), false, /could not be read as a PDF/);
    });

    test("a PDF over 100 MB is refused without reading it all", async () => {
      const megabyte = Buffer.alloc(1024 * 1024, 0x20);
      let pulled = 0;
      const huge = () =>
        Readable.from(
          (function* () {
            yield Buffer.from("%PDF-1.7\n");
            for (let i = 0; i < 500; i++, pulled++) yield megabyte;
          })(),
        );
      await rejectsWith(engines.runEngine(input("pdf", "application/pdf", huge)), false, /larger than 100 MB/);
      assert.ok(pulled <= 102, `read ${pulled} MB`);
    });
  });

  describe("images (tesseract.js, offline)", () => {
    test("OCR of a PNG finds its words", async () => {
      const png = readFileSync(path.join(process.cwd(), "tests/fixtures/ocr-discharge.png"));
      const result = await timed("ocr (png, first, incl. worker start)", () => engines.runEngine(input("image", "image/png", png)));
      assert.ok(result.status === "completed");
      assert.equal(result.engine, "tesseract.js (eng)");
      assert.match(result.text, /Discharge summary/);
      assert.match(result.text, /Patient: Amina Bello/);
      assert.match(result.text, /hypertension, follow up in two weeks/);
      // The worker is reused: a second image costs only the recognition.
      await timed("ocr (png, warm worker)", () => engines.runEngine(input("image", "image/png", png)));
    });

    test("images sent at the same time are all read (one worker, one image at a time)", async () => {
      const png = readFileSync(path.join(process.cwd(), "tests/fixtures/ocr-discharge.png"));
      const results = await Promise.all([1, 2].map(() => engines.runEngine(input("image", "image/png", png))));
      for (const result of results) assert.ok(result.status === "completed" && /Amina Bello/.test(result.text));
    });

    test("bytes that are not an image fail for good, and the worker keeps working", async () => {
      const png = readFileSync(path.join(process.cwd(), "tests/fixtures/ocr-discharge.png"));
      const broken = Buffer.concat([png.subarray(0, 64), Buffer.alloc(2000, 0x42)]);
      await rejectsWith(engines.runEngine(input("image", "image/png", broken)), false, /could not be read/);
      const result = await engines.runEngine(input("image", "image/png", png));
      assert.ok(result.status === "completed" && /Amina Bello/.test(result.text));
    });
  });

  describe("DICOM", () => {
    test("a readable summary of an image's header", async () => {
      const result = await timed("dicom (image header)", () => engines.runEngine(input("dicom", "application/dicom", explicitGradient16())));
      assert.ok(result.status === "completed");
      assert.equal(result.engine, "dicom-parser");
      assert.equal(
        result.text,
        [
          "DICOM summary",
          "Patient: John Doe, ID AFY-12345",
          "Study: Brain MRI, 2024-03-15",
          "Series: T1 axial",
          "Modality: MR",
          "Body part: HEAD",
          "Institution: Lagos University Teaching Hospital",
          "Image: 64 × 64, 1 frame, MONOCHROME2",
          "Transfer syntax: Explicit VR Little Endian",
        ].join("\n"),
      );
    });

    test("a Structured Report: details and its text items, labelled with their concept names", async () => {
      const result = await timed("dicom (structured report)", () => engines.runEngine(input("dicom", "application/dicom", structuredReport())));
      assert.ok(result.status === "completed");
      assert.match(result.text, /^Patient: John Doe, ID AFY-12345, born 1980-01-02, male$/m);
      assert.match(result.text, /^Study: Brain MRI, 2024-03-15 10:15:30, accession ACC-778$/m);
      assert.match(result.text, /^Series: T1 axial, series 3$/m);
      assert.match(result.text, /^Modality: SR$/m);
      assert.match(result.text, /^Referring physician: Dr Ngozi Okafor$/m);
      assert.ok(
        result.text.endsWith(
          "Report\n\nFindings:\nNo acute intracranial haemorrhage.\nSmall chronic infarct in the left parietal lobe.\n\nImpression:\nStable compared with 2023.",
        ),
        result.text,
      );
    });

    test("comments in an image header are report text too", async () => {
      const file = writeDicom(TS.implicitLittle, [
        ...patientElements,
        [0x0020, 0x4000, "LT", "Motion artefact on slices 12-14."],
        [0x0032, 0x4000, "LT", "Urgent"],
      ]);
      const result = await engines.runEngine(input("dicom", "application/dicom", file));
      assert.ok(result.status === "completed");
      assert.match(result.text, /Report\n\nStudy comments:\nUrgent\n\nImage comments:\nMotion artefact on slices 12-14\.$/);
    });

    test("an Encapsulated PDF report: its text follows the summary", async () => {
      const report = await pdf((doc) => doc.text("Radiology report: no fracture seen."));
      const file = writeDicom(TS.explicitLittle, [
        ...patientElements,
        [0x0042, 0x0011, "OB", new Uint8Array(report)],
        [0x0042, 0x0012, "LO", "application/pdf"],
      ]);
      const result = await engines.runEngine(input("dicom", "application/dicom", file));
      assert.ok(result.status === "completed");
      assert.match(result.text, /^Patient: John Doe, ID AFY-12345$/m);
      assert.match(result.text, /Encapsulated PDF report:\nRadiology report: no fracture seen\.$/);
    });

    test("malformed DICOM and non-DICOM bytes fail for good", async () => {
      await rejectsWith(engines.runEngine(input("dicom", "application/dicom", malformedDicom())), false, /could not be read as DICOM/);
      await rejectsWith(
        engines.runEngine(input("dicom", "application/dicom", Buffer.from("MZ this is not DICOM at all".repeat(10)))),
        false,
        /could not be read as DICOM/,
      );
    });
  });

  describe("audio without a speech engine", () => {
    test("needs_engine, naming what the administrator must configure; never a transcript", async () => {
      assert.equal(engines.speechEngineConfigured(), false);
      let opened = false;
      const result = await engines.runEngine({ ...input("audio", "audio/mpeg", Buffer.from("ID3")), open: async () => ((opened = true), Readable.from([])) });
      assert.equal(result.status, "needs_engine");
      assert.ok(result.status === "needs_engine");
      assert.ok(typeof result.reason === "object" && result.reason.code === "no_speech_engine");
      const { englishReason } = await import("@/lib/transcriptions/status-reason");
      assert.match(englishReason(result.reason), /GOOGLE_APPLICATION_CREDENTIALS/);
      assert.match(englishReason(result.reason), /GOOGLE_SPEECH_ENDPOINT/);
      assert.equal(opened, false);
    });

    test("speechEngineConfigured follows the configuration", () => {
      process.env.GOOGLE_SPEECH_ENDPOINT = "127.0.0.1:50051";
      resetEnvForTests();
      try {
        assert.equal(engines.speechEngineConfigured(), true);
      } finally {
        delete process.env.GOOGLE_SPEECH_ENDPOINT;
        resetEnvForTests();
      }
      process.env.GOOGLE_APPLICATION_CREDENTIALS = "/etc/afya/speech-key.json";
      resetEnvForTests();
      try {
        assert.equal(engines.speechEngineConfigured(), true);
      } finally {
        delete process.env.GOOGLE_APPLICATION_CREDENTIALS;
        resetEnvForTests();
      }
      assert.equal(engines.speechEngineConfigured(), false);
    });
  });
});
