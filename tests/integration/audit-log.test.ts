import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Browser, useFreshApp } from "./support/app";
import { callRoute, makeStaff, signUpAdmin, signUpPartner, signUpPatient, submitCase, type Actor } from "./support/actors";

type Handler = (request: Request, context?: { params: Promise<Record<string, string>> }) => Promise<Response>;
type Page = {
  items: {
    id: string;
    at: string;
    action: string;
    actor: { id: string; name: string | null; email: string | null } | null;
    actorRole: string | null;
    entity: { type: string; id: string | null; label?: string | null; trackingNumber?: string | null; submissionId?: string | null } | null;
    ipAddress: string | null;
    userAgent: string | null;
    client: string | null;
  }[];
  nextCursor: string | null;
  filters: { submissionId: string | null; actorId: string | null };
};

const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
let audit: Handler;
let file: Handler;
let admin: Actor;
let patient: Actor;
let other: Actor;
let caseA: { id: string; trackingNumber: string };
let caseB: { id: string; trackingNumber: string };
let fileA: { id: string; originalName: string };

async function list(actor: Actor | Browser, query: Record<string, string> = {}) {
  const browser = actor instanceof Browser ? actor : actor.browser;
  return callRoute(browser, audit, `/api/admin/audit?${new URLSearchParams(query)}`, { method: "GET" });
}
async function page(query: Record<string, string> = {}): Promise<Page> {
  const response = await list(admin, query);
  assert.equal(response.status, 200, await response.clone().text());
  return (await response.json()) as Page;
}

describe("audit log API", () => {
  before(async () => {
    await useFreshApp();
    audit = (await import("@/app/api/admin/audit/route")).GET;
    file = (await import("@/app/api/files/[id]/route")).GET;
    admin = await signUpAdmin("AuditAdmin");
    patient = await signUpPatient("AuditPatient");
    other = await signUpPatient("AuditOther");
    caseA = await submitCase(patient);
    caseB = await submitCase(other);
    const { db } = await import("@/lib/db");
    fileA = await db().submissionFile.findFirstOrThrow({ where: { submissionId: caseA.id }, select: { id: true, originalName: true } });
    // The admin opens the patient's file from a Chrome on Windows.
    const read = await file(admin.browser.request(`/api/files/${fileA.id}`, { headers: { "user-agent": CHROME } }), {
      params: Promise.resolve({ id: fileA.id }),
    });
    assert.equal(read.status, 200);
    await read.arrayBuffer();
  });
  after(async () => {
    const { db } = await import("@/lib/db");
    await db().$disconnect();
  });

  test("a case filter finds the case's own events and its files' reads, and nothing of other cases", async () => {
    const result = await page({ submissionId: caseA.id });
    const actions = result.items.map((item) => item.action);
    assert.ok(actions.includes("submission.create"), actions.join());
    assert.ok(actions.includes("file.read"), actions.join());
    assert.ok(result.items.every((item) => item.entity?.submissionId === caseA.id));
    const { db } = await import("@/lib/db");
    const caseBEvents = await db().auditEvent.count({ where: { entityId: caseB.id } });
    assert.ok(caseBEvents > 0);
    assert.ok(!result.items.some((item) => item.entity?.id === caseB.id));

    const read = result.items.find((item) => item.action === "file.read")!;
    assert.deepEqual(read.actor, { id: admin.id, name: admin.name, email: admin.email });
    assert.equal(read.actorRole, "admin");
    assert.deepEqual(read.entity, { type: "file", id: fileA.id, label: fileA.originalName, trackingNumber: caseA.trackingNumber, submissionId: caseA.id });
    assert.match(read.ipAddress ?? "", /^198\.18\./);
    assert.equal(read.userAgent, CHROME);
    assert.equal(read.client, "Chrome 131 on Windows");
  });

  test("a case is also found by its tracking number as people type it; an unknown one is a clear 404", async () => {
    const typed = await page({ case: ` ${caseA.trackingNumber.toLowerCase()} ` });
    const byId = await page({ submissionId: caseA.id });
    assert.deepEqual(
      typed.items.map((item) => item.id),
      byId.items.map((item) => item.id),
    );
    assert.equal(typed.filters.submissionId, caseA.id);
    const unknown = await list(admin, { case: "SUB-20990101-ABCDEFGHJK" });
    assert.equal(unknown.status, 404);
    assert.deepEqual(await unknown.json(), { error: "No case has the tracking number SUB-20990101-ABCDEFGHJK.", code: "audit_case_unknown", field: "case" });
  });

  test("a user filter (by id or e-mail) shows only that user's events; an action filter matches from the start", async () => {
    const byId = await page({ actorId: patient.id });
    assert.ok(byId.items.length > 0);
    assert.ok(byId.items.every((item) => item.actor?.id === patient.id));
    const byEmail = await page({ actorEmail: patient.email.toUpperCase() });
    assert.deepEqual(
      byEmail.items.map((item) => item.id),
      byId.items.map((item) => item.id),
    );
    assert.equal((await list(admin, { actorEmail: "nobody@example.com" })).status, 404);

    const reads = await page({ action: "file" });
    assert.ok(reads.items.length > 0 && reads.items.every((item) => item.action.startsWith("file.")));
    const both = await page({ actorId: admin.id, submissionId: caseA.id });
    assert.deepEqual(
      both.items.map((item) => item.action),
      ["file.read"],
    );
    assert.equal((await page({ actorId: admin.id, submissionId: caseB.id })).items.length, 0);
  });

  test("guests and the system show as such", async () => {
    const { db } = await import("@/lib/db");
    const { audit: write, systemActor } = await import("@/lib/audit");
    await write(db(), systemActor, { action: "test.system_job", entityType: "submission", entityId: caseA.id });
    await write(
      db(),
      { id: null, role: "guest", ipAddress: "203.0.113.9", userAgent: "curl/8.5.0" },
      { action: "test.guest_look", entityType: "submission", entityId: caseA.id },
    );
    const result = await page({ submissionId: caseA.id, action: "test." });
    assert.deepEqual(
      result.items.map((item) => [item.action, item.actor, item.actorRole, item.client, item.entity?.trackingNumber]),
      [
        ["test.guest_look", null, "guest", "curl 8.5.0", caseA.trackingNumber],
        ["test.system_job", null, "system", null, caseA.trackingNumber],
      ],
    );
  });

  test("keyset pagination: newest first, every row once, ties on the timestamp broken by id", async () => {
    const { db } = await import("@/lib/db");
    const at = new Date("2030-01-01T00:00:00Z");
    // 7 events at the very same instant plus 5 spread out: the cursor must not skip or repeat any.
    await db().auditEvent.createMany({
      data: [
        ...Array.from({ length: 7 }, () => ({ action: "test.page", createdAt: at })),
        ...Array.from({ length: 5 }, (_, i) => ({ action: "test.page", createdAt: new Date(at.getTime() - (i + 1) * 1000) })),
      ],
    });
    const expected = await db().auditEvent.findMany({ where: { action: "test.page" }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: { id: true } });
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const result: Page = await page({ action: "test.page", limit: "5", ...(cursor ? { cursor } : {}) });
      assert.ok(result.items.length <= 5);
      seen.push(...result.items.map((item) => item.id));
      cursor = result.nextCursor;
      pages++;
    } while (cursor);
    assert.equal(pages, 3);
    assert.deepEqual(
      seen,
      expected.map((row) => row.id),
    );
    const first = await page({ limit: "1" });
    assert.equal(first.items[0].action, "test.page"); // the newest events overall come first
  });

  test("bad input: a clear 400 each", async () => {
    const queries: Record<string, string>[] = [
      { cursor: "not-a-cursor" },
      { cursor: Buffer.from('["yesterday", 4]').toString("base64url") },
      { limit: "101" },
      { limit: "0" },
      { submissionId: "abc" },
      { action: "DROP TABLE" },
    ];
    for (const query of queries) {
      const response = await list(admin, query);
      assert.equal(response.status, 400, JSON.stringify(query));
      assert.equal(typeof ((await response.json()) as { error: unknown }).error, "string");
    }
  });

  test("admins with the unlocked gate only: patient 404, partner 404, guest 401, locked admin 403", async () => {
    assert.equal((await list(patient)).status, 404);
    assert.equal((await list(await signUpPartner("medipol-mega"))).status, 404);
    assert.equal((await list(new Browser())).status, 401);
    const locked = await makeStaff(await signUpPatient("LockedAdmin"), "admin");
    const response = await list(locked);
    assert.equal(response.status, 403);
    assert.equal(typeof ((await response.json()) as { error: unknown }).error, "string");
  });
});
