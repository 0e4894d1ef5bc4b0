/** @jest-environment node */
import { fingerprintOf, matchPendingFile, type PendingFile } from "@/client/uploads/pending-uploads";

/*
 * After a reload the patient picks the missing files again; each must be the very file that was
 * announced, or its upload would continue with another file's bytes.
 */
const file = (content: string, lastModified = 1_700_000_000_000, name = "scan.pdf") => new File([content.padEnd(100_000, "x")], name, { lastModified });

async function pending(chosen: File, uploadId = "u1"): Promise<PendingFile> {
  return { uploadId, name: chosen.name, size: chosen.size, lastModified: chosen.lastModified, fingerprint: await fingerprintOf(chosen) };
}

test("the same file (name, size, date and first bytes) is recognised", async () => {
  const original = file("%PDF-1.4 report of 12 March");
  expect(await matchPendingFile([await pending(original)], file("%PDF-1.4 report of 12 March"))).toMatchObject({ uploadId: "u1" });
});

test("another file with the same name, size and date is not taken for it", async () => {
  const original = file("%PDF-1.4 report of 12 March");
  expect(await matchPendingFile([await pending(original)], file("%PDF-1.4 report of 19 March"))).toBeUndefined();
});

test("a file with another date or size is not taken for it", async () => {
  const original = file("%PDF-1.4 report");
  expect(await matchPendingFile([await pending(original)], file("%PDF-1.4 report", 1_800_000_000_000))).toBeUndefined();
  expect(await matchPendingFile([await pending(original)], new File(["short"], "scan.pdf", { lastModified: original.lastModified }))).toBeUndefined();
});

test("of two pending files with the same name, the one with the same bytes is chosen", async () => {
  const first = file("%PDF-1.4 first visit", 1, "IM0001");
  const second = file("%PDF-1.4 second visit", 1, "IM0001");
  const candidates = [await pending(first, "first"), await pending(second, "second")];
  expect(await matchPendingFile(candidates, file("%PDF-1.4 second visit", 1, "IM0001"))).toMatchObject({ uploadId: "second" });
});
