import { before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { inflateSync } from "node:zlib";
import { visualRuns } from "@/lib/departments-pdf/bidi";
import { Typesetter } from "@/lib/departments-pdf/typesetter";
import { locales, type Locale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/messages";

const ORIGIN = "https://afyabridge.example";

interface PdfObject {
  dict: string;
  stream?: Buffer;
}

/** Every xref entry points at its object, and startxref at the xref table; returns the objects by number. */
function parsePdf(pdf: Buffer): Map<number, PdfObject> {
  const raw = pdf.toString("latin1");
  assert.ok(raw.startsWith("%PDF-1.7\n"));
  assert.ok(raw.endsWith("%%EOF\n"));
  const startxref = Number(raw.match(/startxref\n(\d+)\n%%EOF\n$/)![1]);
  assert.equal(raw.slice(startxref, startxref + 4), "xref");
  const [, count] = raw.slice(startxref).match(/^xref\n0 (\d+)\n/)!;
  const entries = [...raw.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((entry) => Number(entry[1]));
  assert.equal(entries.length, Number(count) - 1);
  const objects = new Map<number, PdfObject>();
  entries.forEach((offset, index) => {
    const header = `${index + 1} 0 obj\n`;
    assert.equal(raw.slice(offset, offset + header.length), header);
    const start = offset + header.length;
    const end = raw.indexOf("endobj", start);
    const streamAt = raw.indexOf("\nstream\n", start);
    if (streamAt === -1 || streamAt > end) return objects.set(index + 1, { dict: raw.slice(start, end) });
    const dict = raw.slice(start, streamAt);
    const data = pdf.subarray(streamAt + 8, streamAt + 8 + Number(dict.match(/\/Length (\d+)/)![1]));
    objects.set(index + 1, { dict, stream: dict.includes("/FlateDecode") ? inflateSync(data) : data });
  });
  return objects;
}

const ref = (dict: string, key: string) => Number(dict.match(new RegExp(`/${key} (\\d+) 0 R`))![1]);

/** A PDF literal string's text (UTF-16 with a byte-order mark, or bytes). */
function literalText(literal: string): string {
  const bytes = literal.replace(/\\([0-7]{1,3}|.)/g, (_, escaped: string) =>
    /^[0-7]+$/.test(escaped) ? String.fromCharCode(parseInt(escaped, 8)) : ({ n: "\n", r: "\r", t: "\t", b: "\b", f: "\f" }[escaped] ?? escaped),
  );
  return bytes.startsWith("\xfe\xff") ? Buffer.from(bytes.slice(2), "latin1").swap16().toString("utf16le") : bytes;
}

/** A font's character codes (glyphs) and the text each stands for, from its /ToUnicode CMap. */
function toUnicode(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const [, first, , list] of cmap.matchAll(/<([0-9a-f]{4})> <([0-9a-f]{4})> \[([^\]]*)\]/g)) {
    [...list.matchAll(/<([^>]*)>/g)].forEach(([, units], index) => {
      const text = String.fromCharCode(...units.split(" ").map((unit) => parseInt(unit, 16)));
      map.set((parseInt(first, 16) + index).toString(16).padStart(4, "0"), text);
    });
  }
  return map;
}

interface Glyphs {
  /** Each page's text, line by line from the top, pieces of a line from the left. */
  text: string;
  /** Glyph codes 0 (the font's "missing glyph" box) drawn. */
  missing: number;
}

/** The text a PDF shows, through its fonts' /ToUnicode maps. */
function extractText(pdf: Buffer): Glyphs {
  const objects = parsePdf(pdf);
  const catalog = [...objects.values()].find((object) => object.dict.includes("/Type /Catalog"))!;
  const kids = objects.get(ref(catalog.dict, "Pages"))!.dict.match(/\/Kids \[([^\]]*)\]/)![1];
  let missing = 0;
  const pages = [...kids.matchAll(/(\d+) 0 R/g)].map(([, id]) => {
    const page = objects.get(Number(id))!.dict;
    const resources = objects.get(ref(page, "Resources"))!.dict;
    const fonts = new Map(
      [...resources.matchAll(/\/(F\d+) (\d+) 0 R/g)].map(([, name, font]) => [
        name,
        toUnicode(objects.get(ref(objects.get(Number(font))!.dict, "ToUnicode"))!.stream!.toString("latin1")),
      ]),
    );
    const pieces: { x: number; y: number; text: string }[] = [];
    let [x, y, font] = [0, 0, ""];
    for (const line of objects.get(ref(page, "Contents"))!.stream!.toString("latin1").split("\n")) {
      const position = line.match(/^1 0 0 1 ([\d.-]+) ([\d.-]+) Tm$/);
      if (position) [x, y] = [Number(position[1]), Number(position[2])];
      font = line.match(/^\/(F\d+) [\d.]+ Tf$/)?.[1] ?? font;
      if (!line.endsWith(" TJ")) continue;
      const codes = [...line.matchAll(/<([0-9a-f]+)>/g)].flatMap(([, hex]) => hex.match(/.{4}/g)!);
      missing += codes.filter((code) => code === "0000").length;
      pieces.push({ x, y, text: codes.map((code) => fonts.get(font)!.get(code) ?? "\ufffd").join("") });
    }
    const lines = new Map<number, typeof pieces>();
    for (const piece of pieces) lines.set(Math.round(piece.y * 10), [...(lines.get(Math.round(piece.y * 10)) ?? []), piece]);
    return [...lines.entries()]
      .sort(([a], [b]) => b - a)
      .map(([, line]) =>
        line
          .sort((a, b) => a.x - b.x)
          .map((piece) => piece.text)
          .join(""),
      )
      .join("\n");
  });
  return { text: pages.join("\n"), missing };
}

/** The document's title, language, link addresses and embedded fonts (name: has a font file). */
function documentFacts(pdf: Buffer) {
  const objects = [...parsePdf(pdf).values()];
  const dicts = objects.map((object) => object.dict);
  const info = dicts.find((dict) => dict.includes("/Producer"))!;
  const catalog = dicts.find((dict) => dict.includes("/Type /Catalog"))!;
  const literal = (id: number) => literalText(parsePdf(pdf).get(id)!.dict.trim().slice(1, -1));
  return {
    title: literal(ref(info, "Title")),
    language: catalog.match(/\/Lang \(([^)]*)\)/)![1],
    uris: dicts.flatMap((dict) => [...dict.matchAll(/\/URI \(([^)]*)\)/g)].map(([, uri]) => uri)),
    fonts: dicts
      .filter((dict) => dict.includes("/Type /FontDescriptor"))
      .map((dict) => ({ name: dict.match(/\/FontName \/\w{6}\+([\w-]+)/)![1], embedded: /\/FontFile2 \d+ 0 R/.test(dict) })),
  };
}

describe("GET /api/download/medical-departments", () => {
  let GET: (request: Request) => Promise<Response>;
  const download = (query = "") => GET(new Request(`${ORIGIN}/api/download/medical-departments${query}`));
  const pdfOf = async (query = "") => Buffer.from(await (await download(query)).arrayBuffer());

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
    const facts = documentFacts(pdf);
    assert.equal(facts.title, "AfyaBridge – Medical Departments Guide");
    assert.equal(facts.language, "en");
    assert.ok(facts.uris.includes(`${ORIGIN}/contact?specialty=cardiology`));
    assert.ok(facts.uris.includes(`${ORIGIN}/contact?specialty=health-checkup`));
    assert.ok(facts.uris.includes(`${ORIGIN}/contact`));
  });

  test("lists the departments, their treatments and hospitals, and the six check-up packages", async () => {
    const { text, missing } = extractText(await pdfOf("?locale=en"));
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
    assert.equal(missing, 0, "a character was drawn as a missing glyph");
  });

  test("the language-support group has no submit link", async () => {
    const { text } = extractText(await pdfOf());
    const support = text.slice(text.indexOf("Language and Patient Support"), text.indexOf("Health check-up packages"));
    assert.ok(support.includes("Interpreters and Patient Coordination"));
    assert.ok(!support.includes("Submit files"));
  });

  test("a Latin-script language gets its own guide and links (English words where not yet translated)", async () => {
    const response = await download("?locale=tr");
    assert.equal(response.headers.get("content-language"), "tr");
    assert.match(response.headers.get("content-disposition")!, /medical-departments-tr\.pdf/);
    const pdf = Buffer.from(await response.arrayBuffer());
    assert.ok(extractText(pdf).text.includes(`${ORIGIN}/tr/contact?specialty=oncology`));
    assert.ok(extractText(pdf).text.includes("Cardiovascular Surgery") || extractText(pdf).text.includes("Kalp"));
    assert.ok(documentFacts(pdf).uris.includes(`${ORIGIN}/tr/contact?specialty=oncology`));
  });

  test("every language gets its own guide, every character drawn with an embedded font", async () => {
    const scriptFonts: Partial<Record<Locale, RegExp>> = { ar: /^NotoSansArabic-/, hi: /^NotoSansDevanagari-/, zh: /^NotoSansSC/, ru: /^NotoSans-/ };
    for (const locale of locales) {
      const response = await download(`?locale=${locale}`);
      assert.equal(response.status, 200, locale);
      assert.equal(response.headers.get("content-type"), "application/pdf", locale);
      assert.equal(response.headers.get("content-language"), locale);
      assert.match(response.headers.get("content-disposition")!, new RegExp(`^attachment; filename="afyabridge-medical-departments-${locale}\\.pdf"`));
      const pdf = Buffer.from(await response.arrayBuffer());
      const facts = documentFacts(pdf);
      const t = await translatorFor(locale);
      assert.equal(facts.language, locale);
      assert.equal(facts.title, `${t("common.appName")} – ${t("departments.pdf.title")}`);
      assert.ok(facts.fonts.length > 0 && facts.fonts.every((font) => font.embedded), `${locale}: a font is not embedded`);
      const scriptFont = scriptFonts[locale];
      if (scriptFont)
        assert.ok(
          facts.fonts.some((font) => scriptFont.test(font.name)),
          `${locale}: no ${scriptFont} font in ${facts.fonts.map((font) => font.name)}`,
        );
      const { text, missing } = extractText(pdf);
      assert.equal(missing, 0, `${locale}: a character was drawn as a missing glyph`);
      // Shaped scripts (Arabic, Devanagari) come out in display order: check the title's characters.
      for (const char of t("departments.pdf.title").replace(/\s/g, "")) assert.ok(text.includes(char), `${locale}: "${char}" not drawn`);
      const url = `${ORIGIN}${locale === "en" ? "" : `/${locale}`}/contact?specialty=cardiology`;
      assert.ok(text.includes(url) && facts.uris.includes(url), `${locale}: no link to ${url}`);
    }
  });

  test("Cyrillic, Chinese and Hausa text is printed as written", async () => {
    for (const locale of ["ru", "zh", "ha"] as const) {
      const t = await translatorFor(locale);
      const { text } = extractText(await pdfOf(`?locale=${locale}`));
      for (const key of ["departments.pdf.title", "departments.pdf.departmentsHeading", "departments.pdf.checkupsHeading"]) {
        assert.ok(text.includes(t(key)), `${locale}: missing ${t(key)}`);
      }
    }
    assert.match(extractText(await pdfOf("?locale=ha")).text, /[ɓɗƙ]/u, "Hausa hooked letters are kept");
  });

  test("an unknown language gets the English guide", async () => {
    for (const query of ["?locale=xx", "?locale=", "?locale=AR"]) {
      const response = await download(query);
      assert.equal(response.status, 200);
      assert.equal(response.headers.get("content-language"), "en", query);
      assert.ok(extractText(Buffer.from(await response.arrayBuffer())).text.includes("Cardiovascular Surgery"), query);
    }
  });
});

describe("PDF typesetting", () => {
  test("an Arabic line shows right to left, with Latin names and numbers left to right inside it", () => {
    const runs = visualRuns("أرسل ملفاتك: https://x.example/ar (TAVI) خلال 72 ساعة", true);
    assert.deepEqual(
      runs.map((run) => [run.text, run.rtl]),
      [
        [" ساعة", true],
        ["72", false],
        [" خلال ", true],
        ["https://x.example/ar (TAVI)", false],
        ["أرسل ملفاتك: ", true],
      ],
    );
    assert.deepEqual(
      visualRuns("زراعة القسطرة (TAVI) · زراعة", true).map((run) => [run.text, run.rtl]),
      [
        [") · زراعة", true],
        ["TAVI", false],
        ["زراعة القسطرة (", true],
      ],
    );
    assert.deepEqual(visualRuns("Medipol Mega · Memorial Şişli", false), [{ text: "Medipol Mega · Memorial Şişli", rtl: false }]);
    assert.deepEqual(visualRuns("Memorial Hospital · Acıbadem", true), [{ text: "Memorial Hospital · Acıbadem", rtl: false }]);
  });

  test("wrapped lines never exceed the width, and keep every character", () => {
    const style = { font: "regular", size: 10, color: [0, 0, 0] } as const;
    const typesetter = new Typesetter(false);
    for (const text of [
      "Medipol Mega University Hospital · Memorial Şişli Hospital · Supercalifragilisticexpialidociousextraordinarilylongword",
      "只需提交一次病历：土耳其经认证的合作医院会在 72 小时内给出治疗方案，在您批准方案之前，无需支付任何费用。",
      "अपने मेडिकल रिकॉर्ड एक बार भेजें: तुर्की के मान्यता प्राप्त पार्टनर अस्पताल 72 घंटों के भीतर उपचार योजनाओं के साथ जवाब देते हैं",
    ]) {
      const lines = typesetter.wrap(text, style, 120);
      assert.ok(lines.length > 1);
      for (const line of lines) assert.ok(typesetter.width(line, style) <= 120, line);
      assert.equal(lines.join("").replace(/\s+/g, ""), text.replace(/\s+/g, ""));
      assert.ok(
        lines.every((line) => !/^[，。：]/u.test(line)),
        "a line starts with closing punctuation",
      );
    }
  });
});
