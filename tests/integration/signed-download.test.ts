import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Readable } from "node:stream";
import { useFreshApp } from "./support/app";

describe("signed download links for local files", () => {
  let GET: (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
  let link: string;
  const bytes = Buffer.from("%PDF-1.4 lab report of Amina Bello");

  before(async () => {
    await useFreshApp();
    GET = (await import("@/app/api/storage/signed/[token]/route")).GET;
    const { getStore } = await import("@/lib/storage");
    const stored = await getStore().put("submissions/test", Readable.from([bytes]));
    link = await getStore().signedUrl(stored.key, { downloadName: 'Röntgen "scan".pdf', contentType: "application/pdf" });
  });
  after(async () => {
    const { db } = await import("@/lib/db");
    await db().$disconnect();
  });

  const fetchLink = (url: string) => {
    const token = new URL(url).pathname.split("/").pop()!;
    return GET(new Request(url), { params: Promise.resolve({ token }) });
  };

  test("a valid link streams the bytes with safe headers", async () => {
    const response = await fetchLink(link);
    assert.equal(response.status, 200);
    assert.deepEqual(Buffer.from(await response.arrayBuffer()), bytes);
    assert.equal(response.headers.get("content-type"), "application/pdf");
    assert.equal(response.headers.get("cache-control"), "no-store, private");
    assert.equal(response.headers.get("x-content-type-options"), "nosniff");
    assert.match(
      response.headers.get("content-disposition")!,
      /^attachment; filename="R_ntgen _scan_\.pdf"|^attachment; filename=".*"; filename\*=UTF-8''R%C3%B6ntgen%20%22scan%22\.pdf$/,
    );
  });

  test("a tampered link is refused with a JSON 404", async () => {
    const tampered = link.slice(0, -3) + (link.endsWith("A") ? "BBB" : "AAA");
    const response = await fetchLink(tampered);
    assert.equal(response.status, 404);
    assert.deepEqual(await response.json(), { error: "This download link is invalid or has expired.", code: "signed_link_invalid" });
  });

  test("only the canonical spelling of a valid signature is accepted", async () => {
    const token = new URL(link).pathname.split("/").pop()!;
    const signature = token.split(".")[1]!;
    // 32 bytes in 43 characters: the last character's two lowest bits are padding, so flipping its
    // lowest bit, or adding a character the decoder skips, still decodes to the same signature.
    const last = signature.at(-1)!;
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const sameBytes = alphabet[alphabet.indexOf(last) ^ 1]!;
    for (const variant of [token.slice(0, -1) + sameBytes, `${token}!`]) {
      assert.deepEqual(Buffer.from(variant.split(".")[1]!, "base64url"), Buffer.from(signature, "base64url"));
      const response = await fetchLink(link.replace(token, variant));
      assert.equal(response.status, 404, variant);
    }
  });
});
