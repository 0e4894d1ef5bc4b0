import { before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { inflateSync } from "node:zlib";
import { decodeText, encodeText, textWidth } from "@/lib/departments-pdf/fonts";
import { wrapText } from "@/lib/departments-pdf/layout";

const ORIGIN = "https://afyabridge.example";

/** The text a PDF shows: every `(...) Tj` string of its (deflated) content streams, one per line. */
function extractText(pdf: Buffer): string {
  const raw = pdf.toString("latin1");
  const lines: string[] = [];
  for (const match of raw.matchAll(/<< \/Length (\d+) \/Filter \/FlateDecode >>\nstream\n/g)) {
    const start = match.index + match[0].length;
    const content = inflateSync(pdf.subarray(start, start + Number(match[1]))).toString("latin1");
    for (const [, literal] of content.matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g)) {
      const bytes = literal.replace(/\\([0-7]{3}|.)/g, (_, escaped: string) => (escaped.length === 3 ? String.fromCharCode(parseInt(escaped, 8)) : escaped));
      lines.push(decodeText(Buffer.from(bytes, "latin1")));
    }
  }
  return lines.join("\n");
}

/** Every xref entry points at its object, and startxref at the xref table. */
function assertWellFormed(pdf: Buffer): void {
  const raw = pdf.toString("latin1");
  assert.ok(raw.startsWith("%PDF-1.7\n"));
  assert.ok(raw.endsWith("%%EOF\n"));
  const startxref = Number(raw.match(/startxref\n(\d+)\n%%EOF\n$/)![1]);
  assert.equal(raw.slice(startxref, startxref + 4), "xref");
  const [, count] = raw.slice(startxref).match(/^xref\n0 (\d+)\n/)!;
  const entries = [...raw.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((entry) => Number(entry[1]));
  assert.equal(entries.length, Number(count) - 1);
  entries.forEach((offset, index) => assert.equal(raw.slice(offset, offset + `${index + 1} 0 obj`.length), `${index + 1} 0 obj`));
}

describe("GET /api/download/medical-departments", () => {
  let GET: (request: Request) => Promise<Response>;
  const download = (query = "") => GET(new Request(`${ORIGIN}/api/download/medical-departments${query}`));

  before(async () => {
    process.env.APP_URL = ORIGIN;
    GET = (await import("@/app/api/download/medical-departments/route")).GET;
  });

  test("serves the English guide as a PDF download, cacheable for an hour", async () => {
    const response = await download();
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("content-type"), "application/pdf");
    assert.match(response.headers.get("content-disposition")!, /^attachment; filename="afyabridge-medical-departments-en\.pdf"/);
    assert.equal(response.headers.get("cache-control"), "public, max-age=3600");
    assert.equal(response.headers.get("content-language"), "en");
    const pdf = Buffer.from(await response.arrayBuffer());
    assert.equal(pdf.subarray(0, 5).toString("latin1"), "%PDF-");
    assert.equal(Number(response.headers.get("content-length")), pdf.length);
    assertWellFormed(pdf);
  });

  test("lists the departments, their treatments and hospitals, and the six check-up packages", async () => {
    const text = extractText(Buffer.from(await (await download("?locale=en")).arrayBuffer()));
    for (const expected of [
      "Medical Departments Guide",
      "Heart and Cancer Care",
      "Cardiovascular Surgery",
      "Interpreters and Patient Coordination",
      "Medical interpreters in your language",
      "Coronary artery bypass surgery (CABG)",
      "Memorial Şişli Hospital",
      "Medipol Çamlıca University Hospital",
      `Submit files: ${ORIGIN}/contact?specialty=cardiology`,
      "Standard Check-up for Men",
      "Standard Check-up for Women 40+",
      "Standard Check-up for Women under 40",
      "Plus Check-up for Men",
      "Plus Check-up for Women 40+",
      "Premium Check-up",
      "Everything in Standard Check-up for Men, plus:",
    ]) {
      assert.ok(text.includes(expected), `missing: ${expected}`);
    }
    assert.match(text, /Page 1 of \d/);
    assert.doesNotMatch(text, /departments\.|checkups\.|\{\w+\}/, "a message key or placeholder was printed");
  });

  test("the language-support group has no submit link", async () => {
    const text = extractText(Buffer.from(await (await download()).arrayBuffer()));
    const support = text.slice(text.indexOf("Language and Patient Support"), text.indexOf("Health check-up packages"));
    assert.ok(support.includes("Interpreters and Patient Coordination"));
    assert.ok(!support.includes("Submit files"));
  });

  test("a Latin-script language gets its own guide and links (English words where not yet translated)", async () => {
    const response = await download("?locale=tr");
    assert.equal(response.headers.get("content-language"), "tr");
    assert.match(response.headers.get("content-disposition")!, /medical-departments-tr\.pdf/);
    const text = extractText(Buffer.from(await response.arrayBuffer()));
    assert.ok(text.includes(`${ORIGIN}/tr/contact?specialty=oncology`));
    assert.ok(text.includes("Cardiovascular Surgery") || text.includes("Kalp"));
  });

  test("an unknown language, or one the built-in fonts cannot draw yet, gets the English guide", async () => {
    for (const query of ["?locale=xx", "?locale=", "?locale=ar", "?locale=zh"]) {
      const response = await download(query);
      assert.equal(response.status, 200);
      assert.equal(response.headers.get("content-language"), "en", query);
      assert.ok(extractText(Buffer.from(await response.arrayBuffer())).includes("Cardiovascular Surgery"), query);
    }
  });
});

describe("PDF text encoding and wrapping", () => {
  test("Turkish, French and Spanish letters survive; Hausa hooked letters fall back to their base letter", () => {
    for (const text of ["Şişli Ağrı İzmir Dicle", "Hôpital à Genève, œuvre « soins »", "¿Qué año? Niño", "€ – — • …"]) {
      assert.equal(decodeText(encodeText(text)), text);
    }
    assert.equal(decodeText(encodeText("ɗan ƙasa ɓangare")), "dan kasa bangare");
    assert.equal(decodeText(encodeText("中")), "?");
  });

  test("wrapped lines never exceed the width, and keep every word", () => {
    const style = { font: "regular", size: 10, color: [0, 0, 0] } as const;
    const text = "Medipol Mega University Hospital · Memorial Şişli Hospital · Supercalifragilisticexpialidociousextraordinarilylongword";
    const lines = wrapText(text, style, 120);
    assert.ok(lines.length > 1);
    for (const line of lines) assert.ok(textWidth(line, "regular", 10) <= 120, line);
    assert.equal(lines.join(" ").replace(/\s+/g, ""), text.replace(/\s+/g, ""));
  });
});
