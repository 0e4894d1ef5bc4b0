/** @jest-environment node */
import { sniff } from "@/lib/contracts/file-types";
import { newTrackingNumber, normalizeTrackingNumber, TRACKING_NUMBER_PATTERN } from "@/lib/submissions/tracking-number";
import { normalizeSubmissionFields } from "@/lib/submissions/rules";
import { applicationStage, statusColour, statusText, submissionFieldsSchema, urgencyColour } from "@/lib/contracts/submissions";

const bytes = (...values: number[]) => Uint8Array.from(values);
const withAt = (offset: number, text: string, length = offset + text.length + 16) => {
  const buffer = new Uint8Array(length);
  buffer.set(new TextEncoder().encode(text), offset);
  return buffer;
};

describe("file type sniffing looks at bytes, not names", () => {
  test.each([
    ["pdf", new TextEncoder().encode("%PDF-1.7\n..."), "x.bin", "application/pdf"],
    ["jpeg", bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0), "photo", "image/jpeg"],
    ["png", bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0), "scan.jpg", "image/png"],
    ["heic", withAt(4, "ftypheic"), "IMG_0001.HEIC", "image/heic"],
    ["heif", withAt(4, "ftypmif1"), "x", "image/heif"],
    ["dicom with preamble, no extension", withAt(128, "DICM"), "IM000001", "application/dicom"],
    ["dicom without preamble", bytes(0x08, 0x00, 0x05, 0x00, 0x43, 0x53, 0x0a, 0x00), "slice.dcm", "application/dicom"],
    ["zip", bytes(0x50, 0x4b, 0x03, 0x04, 0x14, 0), "cd.zip", "application/zip"],
    ["text", new TextEncoder().encode("Haemoglobin 13.2 g/dL\r\nWBC 6.1 — normal ✓"), "lab.txt", "text/plain"],
    ["wav", withAt(0, "RIFF\0\0\0\0WAVE"), "a.wav", "audio/wav"],
    ["mp3", bytes(0x49, 0x44, 0x33, 4, 0), "a.mp3", "audio/mpeg"],
    ["an iPhone memo (M4A)", withAt(4, "ftypM4A "), "New Recording.m4a", "audio/mp4"],
    ["a WhatsApp voice note (Ogg)", withAt(0, "OggS\0\x02"), "PTT-20261126-WA0003.opus", "audio/ogg"],
    [
      "a browser recording (WebM)",
      Uint8Array.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84, ...new TextEncoder().encode("webm")]),
      "note.webm",
      "audio/webm",
    ],
  ])("%s", (_label, head, name, mimeType) => {
    expect(sniff(head, name)?.mimeType).toBe(mimeType);
  });

  test.each([
    ["a Windows executable named .pdf", bytes(0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0), "report.pdf"],
    ["an ELF binary", bytes(0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0), "scan.mp3"],
    ["binary noise", bytes(0, 1, 2, 3, 0xfe, 0xfd, 0, 0), "x.dcm"],
    ["an empty file", new Uint8Array(0), "empty.pdf"],
  ])("refuses %s", (_label, head, name) => {
    expect(sniff(head, name)).toBeNull();
  });
});

describe("tracking numbers", () => {
  test("are SUB- + date + 10 unguessable characters, and distinct", () => {
    const numbers = new Set(Array.from({ length: 2000 }, () => newTrackingNumber(new Date("2026-11-22T10:00:00Z"))));
    expect(numbers.size).toBe(2000);
    for (const number of numbers) expect(number).toMatch(TRACKING_NUMBER_PATTERN);
    expect([...numbers][0]).toMatch(/^SUB-20261122-/);
  });
  test("accept what people type", () => {
    expect(normalizeTrackingNumber(" sub-20261122-abcd1234oi ")).toBe("SUB-20261122-ABCD123401");
  });
});

describe("submission fields", () => {
  const raw = {
    patientInfo: JSON.stringify({ name: "Amina Bello", email: "amina@example.com", phone: "+234", country: "Nigeria" }),
    specialty: "cardiology",
    urgency: "urgent",
    preferredCountries: JSON.stringify(["Both"]),
    homeCountry: "Nigeria",
    consent: "true",
    consentFullName: "Amina Bello",
    consentEmail: "amina@example.com",
    consentDate: "2026-11-22",
  };
  test("accept the guest variant's patientInfo JSON and turn 'Both' into both countries", () => {
    const parsed = submissionFieldsSchema.parse(normalizeSubmissionFields(raw));
    expect(parsed.patientName).toBe("Amina Bello");
    expect(parsed.email).toBe("amina@example.com");
    expect(parsed.preferredCountries).toEqual(["Turkey", "India"]);
  });
  test("default urgency is standard", () => {
    expect(submissionFieldsSchema.parse(normalizeSubmissionFields({ ...raw, urgency: "" })).urgency).toBe("standard");
  });
  test("broken JSON in preferredCountries is reported, not thrown", () => {
    const result = submissionFieldsSchema.safeParse(normalizeSubmissionFields({ ...raw, preferredCountries: "[Tur" }));
    expect(result.success).toBe(false);
  });
});

describe("status display", () => {
  test("status badge colours, grey otherwise", () => {
    expect([statusColour("submitted"), statusColour("under_review"), statusColour("responded"), statusColour("urgent"), statusColour("closed")]).toEqual([
      "blue",
      "yellow",
      "green",
      "red",
      "grey",
    ]);
    expect(statusText("under_review")).toBe("under review");
    expect(statusText(undefined)).toBe("Submitted");
    expect([urgencyColour("urgent"), urgencyColour("emergency"), urgencyColour("standard")]).toEqual(["red", "red", "grey"]);
  });
  test("patient dashboard progress: Received 25, Under Review 65, Hospital Response 90, Complete 100", () => {
    expect(["submitted", "under_review", "sent_to_hospitals", "responded", "plan_accepted", "closed"].map((s) => applicationStage(s).progress)).toEqual([
      25, 65, 65, 90, 100, 100,
    ]);
  });
});
