import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import jpeg from "jpeg-js";
import { Browser, useFreshApp } from "./support/app";
import { signUpAdmin, signUpPatient, type Actor } from "./support/actors";
import { multipartBody, MULTIPART_TYPE, samples, toStream, validFields } from "./support/multipart";

type Handler = (request: Request, context?: { params: Promise<Record<string, string>> }) => Promise<Response>;
const routes: Record<"preview" | "file" | "submit", Handler> = {} as never;

let owner: Actor;
let stranger: Actor;
let admin: Actor;
const fileIds: Record<string, string> = {};
// 64×48, left half red and right half blue, made with libheif's heif-enc (tests/fixtures/README.md).
const heic = readFileSync(path.join(process.cwd(), "tests/fixtures/photo.heic"));

async function get(browser: Browser, route: "preview" | "file", id: string) {
  return routes[route](browser.request(`/api/files/${id}${route === "preview" ? "/heic-preview" : ""}`), { params: Promise.resolve({ id }) });
}

async function reads(fileId: string) {
  const { db } = await import("@/lib/db");
  return db().auditEvent.count({ where: { action: "file.read", entityType: "file", entityId: fileId } });
}

describe("HEIC preview: a stored HEIC photo as JPEG, under the file access rules", () => {
  before(async () => {
    await useFreshApp();
    routes.preview = (await import("@/app/api/files/[id]/heic-preview/route")).GET;
    routes.file = (await import("@/app/api/files/[id]/route")).GET;
    routes.submit = (await import("@/app/api/my-submissions/route")).POST;
    owner = await signUpPatient("HeicOwner");
    stranger = await signUpPatient("HeicStranger");
    admin = await signUpAdmin("HeicAdmin");
    const files = { "IMG_0001.HEIC": heic, "broken.heic": Buffer.concat([heic.subarray(0, 200), Buffer.alloc(64)]), "report.pdf": samples.pdf() };
    const parts = [...validFields({ email: owner.email }), ...Object.entries(files).map(([name, data]) => ({ name: "files", file: { name, data } }))];
    const response = owner.browser.remember(
      await routes.submit(owner.browser.request("/api/my-submissions", { body: toStream(multipartBody(parts)), contentType: MULTIPART_TYPE })),
    );
    assert.equal(response.status, 201, await response.clone().text());
    const submissionId = ((await response.json()) as { id: string }).id;
    const { db } = await import("@/lib/db");
    for (const row of await db().submissionFile.findMany({ where: { submissionId } })) fileIds[row.originalName] = row.id;
    assert.equal(Object.keys(fileIds).length, 3);
  });
  after(async () => {
    const { db } = await import("@/lib/db");
    await db().$disconnect();
  });

  test("staff (admin) get the photo as a JPEG with its pixels; the read is audited", async () => {
    const id = fileIds["IMG_0001.HEIC"];
    const before = await reads(id);
    const response = await get(admin.browser, "preview", id);
    assert.equal(response.status, 200, await response.clone().text());
    assert.equal(response.headers.get("content-type"), "image/jpeg");
    assert.match(response.headers.get("content-disposition") ?? "", /inline; filename="IMG_0001\.jpg"/);
    assert.equal(response.headers.get("cache-control"), "no-store, private");
    const bytes = Buffer.from(await response.arrayBuffer());
    assert.deepEqual([...bytes.subarray(0, 3)], [0xff, 0xd8, 0xff]);
    const image = jpeg.decode(bytes, { useTArray: true });
    assert.deepEqual([image.width, image.height], [64, 48]);
    const pixel = (x: number, y: number) => [...image.data.subarray((y * 64 + x) * 4, (y * 64 + x) * 4 + 3)];
    const [r1, , b1] = pixel(10, 24);
    const [r2, , b2] = pixel(54, 24);
    assert.ok(r1 > 180 && b1 < 80, `left is red: ${pixel(10, 24)}`);
    assert.ok(r2 < 80 && b2 > 160, `right is blue: ${pixel(54, 24)}`);
    assert.equal(await reads(id), before + 1);
  });

  test("the uploader sees the preview too, and the original HEIC is still downloaded as it was stored", async () => {
    const id = fileIds["IMG_0001.HEIC"];
    assert.equal((await get(owner.browser, "preview", id)).status, 200);
    const original = await get(owner.browser, "file", id);
    assert.equal(original.status, 200);
    assert.equal(original.headers.get("content-type"), "image/heic");
    assert.ok(Buffer.from(await original.arrayBuffer()).equals(heic));
  });

  test("another patient and an anonymous visitor get 404, and nothing is audited", async () => {
    const id = fileIds["IMG_0001.HEIC"];
    const before = await reads(id);
    for (const browser of [stranger.browser, new Browser()]) {
      const response = await get(browser, "preview", id);
      assert.equal(response.status, 404);
      assert.equal(response.headers.get("content-type")?.startsWith("image/"), false);
    }
    assert.equal((await get(admin.browser, "preview", "not-a-uuid")).status, 404);
    assert.equal(await reads(id), before);
  });

  test("a file of another type is refused with 415 before being read; an undecodable HEIC gives 400", async () => {
    const pdf = fileIds["report.pdf"];
    const response = await get(admin.browser, "preview", pdf);
    assert.equal(response.status, 415);
    assert.equal(((await response.json()) as { code: string }).code, "not_heic");
    assert.equal(await reads(pdf), 0);
    const broken = await get(admin.browser, "preview", fileIds["broken.heic"]);
    assert.equal(broken.status, 400, await broken.clone().text());
    assert.equal(((await broken.json()) as { code: string }).code, "heic_unreadable");
  });
});
