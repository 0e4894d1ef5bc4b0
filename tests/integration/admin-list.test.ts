import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { useFreshApp } from "./support/app";
import { callRoute, signUpAdmin, signUpPatient, type Actor } from "./support/actors";
import { createTestDatabase, type TestDatabase } from "./support/databases";

/**
 * GET /api/admin/all-submissions at the dashboard's scale: each tab is its own server query with its
 * own cursor, the overdue filter (72 hours past, case still waiting for hospitals), and search by a
 * partial tracking number. On PostgreSQL when TEST_DATABASE_URL is set, otherwise on PGlite.
 */
type Handler = Parameters<typeof callRoute>[1];
type Item = {
  id: string;
  urgency: string;
  source: string;
  status: string;
  trackingNumber: string;
  files: unknown[];
  routing: { hospitals: number; overdue: number };
};
type Counts = { total: number; urgent: number; registered: number; withFiles: number; overdue: number };
type Page = { items: Item[]; nextCursor: string | null; counts: Counts | null };

const HOUR = 3600 * 1000;
const routes: Record<string, Handler> = {};
const db = async () => (await import("@/lib/db")).db();

describe("admin list: tabs, overdue filter, tracking-number prefix", () => {
  let admin: Actor;
  let patient: Actor;
  let postgres: TestDatabase | null = null;
  // Ids by what the test expects of them.
  const urgent = new Set<string>();
  const registered = new Set<string>();
  const withFiles = new Set<string>();
  const overdue: Record<string, string> = {};
  const ROWS = 30;

  const list = async (query: string) => {
    const response = await callRoute(admin.browser, routes.list, `/api/admin/all-submissions${query}`);
    assert.equal(response.status, 200, await response.clone().text());
    return (await response.json()) as Page;
  };

  /** Every row of a query, page by page with its cursor; also the number of pages and the first page's counts. */
  async function all(query: string, limit = 4) {
    const items: Item[] = [];
    let cursor: string | null = null;
    let pages = 0;
    let counts: Counts | null = null;
    do {
      const page = await list(`?limit=${limit}${query ? `&${query}` : ""}${cursor ? `&cursor=${cursor}` : ""}`);
      if (pages === 0) counts = page.counts;
      else assert.equal(page.counts, null);
      items.push(...page.items);
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    assert.equal(new Set(items.map((item) => item.id)).size, items.length, "no row twice");
    return { items, pages, counts: counts! };
  }

  async function submission(i: number, fields: Record<string, unknown> = {}) {
    const authenticated = i % 4 === 0;
    const files = i % 5 === 0;
    const row = await (
      await db()
    ).submission.create({
      data: {
        trackingNumber: `SUB-20261101-AB${String(i).padStart(4, "0")}`,
        source: authenticated ? "authenticated" : "guest",
        userId: authenticated ? patient.id : null,
        patientName: `Listed Patient ${i}`,
        email: authenticated ? patient.email : `listed${i}@example.com`,
        homeCountry: "Nigeria",
        specialty: i % 2 ? "oncology" : "cardiology",
        urgency: i % 3 === 0 ? "urgent" : "standard",
        consent: true,
        consentFullName: `Listed Patient ${i}`,
        consentEmail: "consent@example.com",
        consentDate: new Date("2026-11-01"),
        consentVersion: "2025-01-01",
        hasFiles: files,
        files: files
          ? { create: [{ originalName: "scan.pdf", size: 1000n, mimeType: "application/pdf", sha256: "a".repeat(64), storageKey: `list-test/${i}` }] }
          : undefined,
        createdAt: new Date(Date.parse("2026-11-01T10:00:00Z") + Math.floor(i / 2) * 60_000),
        ...fields,
      },
    });
    if (i % 3 === 0) urgent.add(row.id);
    if (authenticated) registered.add(row.id);
    if (files) withFiles.add(row.id);
    return row;
  }

  /** A routing written directly, with the times the test needs. */
  async function routing(submissionId: string, hospitalId: string, dueAt: Date, status: "awaiting_response" | "responded" | "declined" = "awaiting_response") {
    await (
      await db()
    ).caseRouting.create({
      data: {
        submissionId,
        hospitalId,
        routedAt: new Date(dueAt.getTime() - 72 * HOUR),
        dueAt,
        status,
        respondedAt: status === "awaiting_response" ? null : new Date(),
        destinationCountry: "TR",
        transferBasis: "explicit_consent",
      },
    });
  }

  before(async () => {
    if (process.env.TEST_DATABASE_URL) postgres = await createTestDatabase("postgres");
    await useFreshApp({ databaseUrl: postgres?.url ?? null });
    routes.list = (await import("@/app/api/admin/all-submissions/route")).GET as Handler;
    routes.detail = (await import("@/app/api/admin/cases/[id]/route")).GET as Handler;
    admin = await signUpAdmin();
    patient = await signUpPatient();
    for (let i = 0; i < ROWS; i++) await submission(i);

    // The overdue cases and their look-alikes, each with two hospitals.
    const now = Date.now();
    const past = new Date(now - HOUR);
    const future = new Date(now + HOUR);
    const make = async (name: string, status: string) => (await submission(100 + Object.keys(overdue).length, { status, patientName: `Routing ${name}` })).id;
    overdue.late = await make("late", "sent_to_hospitals");
    await routing(overdue.late, "medipol-mega", past);
    await routing(overdue.late, "memorial-sisli", future);
    overdue.lateAfterOneAnswer = await make("lateAfterOneAnswer", "responded");
    await routing(overdue.lateAfterOneAnswer, "medipol-mega", past, "responded");
    await routing(overdue.lateAfterOneAnswer, "memorial-sisli", past);
    overdue.notYetDue = await make("notYetDue", "sent_to_hospitals");
    await routing(overdue.notYetDue, "medipol-mega", future);
    overdue.answered = await make("answered", "responded");
    await routing(overdue.answered, "medipol-mega", past, "responded");
    await routing(overdue.answered, "memorial-sisli", past, "declined");
    for (const status of ["cancelled", "closed", "plan_accepted"]) {
      overdue[status] = await make(status, status);
      await routing(overdue[status], "medipol-mega", past);
    }
  });
  after(async () => {
    await (await db()).$disconnect();
    await postgres?.drop();
  });

  const total = ROWS + 7;
  const ids = (items: Item[]) => new Set(items.map((item) => item.id));

  test("each tab is a server query: only its rows, on every page, all of them, with the counts of the filters", async () => {
    for (const [tab, expected] of [
      ["urgent", urgent],
      ["registered", registered],
      ["files", withFiles],
    ] as const) {
      const { items, pages, counts } = await all(`tab=${tab}`);
      assert.deepEqual(ids(items), expected, tab);
      assert.ok(pages > 1, `${tab} spans several pages`);
      // The counts are those of the search and filters, whichever tab is open.
      assert.deepEqual(counts, { total, urgent: urgent.size, registered: registered.size, withFiles: withFiles.size, overdue: 2 });
    }
    assert.equal((await all("")).items.length, total);
  });

  test("a tab combines with the filters and the search", async () => {
    const guestUrgent = [...urgent].filter((id) => !registered.has(id));
    const combined = await all("tab=urgent&source=guest");
    assert.deepEqual(ids(combined.items), new Set(guestUrgent));
    assert.equal(combined.counts.urgent, guestUrgent.length);
    assert.equal(combined.counts.registered, 0);
    // A tab that the filters exclude is empty, as its count says.
    assert.deepEqual((await all("tab=registered&source=guest")).items, []);
    const searched = await all("tab=files&q=listed%20patient%2010");
    assert.deepEqual(
      searched.items.map((item) => item.trackingNumber),
      ["SUB-20261101-AB0010"],
    );
    assert.equal(searched.counts.total, 1);
  });

  test("has-files filter, and the new parameters are validated", async () => {
    assert.deepEqual(ids((await all("hasFiles=true")).items), withFiles);
    assert.equal((await all("hasFiles=false")).items.length, total - withFiles.size);
    for (const bad of ["?hasFiles=yes", "?overdue=1", "?tab=overdue", "?tab="]) {
      const response = await callRoute(admin.browser, routes.list, `/api/admin/all-submissions${bad}`);
      assert.equal(response.status, 400, bad);
      assert.ok(((await response.json()) as { error: string }).error, bad);
    }
  });

  test("overdue: a hospital past its 72 hours on a case still waiting; not answered, not ended cases", async () => {
    const { items, counts } = await all("overdue=true");
    assert.deepEqual(ids(items), new Set([overdue.late, overdue.lateAfterOneAnswer]));
    assert.equal(counts.overdue, 2);
    assert.equal(counts.total, 2);
    const others = ids((await all("overdue=false")).items);
    assert.equal(others.size, total - 2);
    for (const name of ["notYetDue", "answered", "cancelled", "closed", "plan_accepted"]) assert.ok(others.has(overdue[name]), name);
    // The cards say the same.
    const cards = new Map((await all("")).items.map((item) => [item.id, item.routing]));
    assert.deepEqual(cards.get(overdue.late), { hospitals: 2, overdue: 1 });
    assert.deepEqual(cards.get(overdue.lateAfterOneAnswer), { hospitals: 2, overdue: 1 });
    for (const name of ["notYetDue", "answered", "cancelled", "closed", "plan_accepted"]) assert.equal(cards.get(overdue[name])?.overdue, 0, name);
    // It combines with the tabs and the other filters.
    assert.deepEqual(ids((await all("overdue=true&status=responded")).items), new Set([overdue.lateAfterOneAnswer]));
    const urgentOverdue = [overdue.late, overdue.lateAfterOneAnswer].filter((id) => urgent.has(id));
    assert.deepEqual(ids((await all("overdue=true&tab=urgent")).items), new Set(urgentOverdue));
  });

  test("overdue follows the clock and the case: answering or ending the case takes it off", async () => {
    await (
      await db()
    ).caseRouting.updateMany({
      where: { submissionId: overdue.lateAfterOneAnswer, status: "awaiting_response" },
      data: { status: "declined", respondedAt: new Date() },
    });
    await (await db()).submission.update({ where: { id: overdue.late }, data: { status: "cancelled" } });
    try {
      const { items, counts } = await all("overdue=true");
      assert.deepEqual(items, []);
      assert.equal(counts.overdue, 0);
      // On the case page, the cancelled case's unanswered hospital is no longer awaited: no clock, not overdue.
      const response = await callRoute(admin.browser, routes.detail, `/api/admin/cases/${overdue.late}`, { params: { id: overdue.late } });
      const detail = (await response.json()) as { routings: { hospitalId: string; awaited: boolean; overdue: boolean }[] };
      assert.deepEqual(detail.routings.map((r) => [r.hospitalId, r.awaited, r.overdue]).sort(), [
        ["medipol-mega", false, false],
        ["memorial-sisli", false, false],
      ]);
    } finally {
      await (await db()).submission.update({ where: { id: overdue.late }, data: { status: "sent_to_hospitals" } });
    }
    const response = await callRoute(admin.browser, routes.detail, `/api/admin/cases/${overdue.late}`, { params: { id: overdue.late } });
    const detail = (await response.json()) as { routings: { hospitalId: string; awaited: boolean; overdue: boolean }[] };
    assert.deepEqual(detail.routings.map((r) => [r.hospitalId, r.awaited, r.overdue]).sort(), [
      ["medipol-mega", true, true],
      ["memorial-sisli", true, false],
    ]);
  });

  test("a partial tracking number (its first characters, any case) finds the cases; other fragments do not", async () => {
    const tracking = async (q: string) => (await all(`q=${encodeURIComponent(q)}`)).items.map((item) => item.trackingNumber).sort();
    assert.deepEqual(
      await tracking("sub-20261101-ab001"),
      Array.from({ length: 10 }, (_, i) => `SUB-20261101-AB${String(10 + i).padStart(4, "0")}`),
    );
    assert.deepEqual(await tracking("Sub-20261101-AB0027"), ["SUB-20261101-AB0027"]);
    assert.equal((await tracking("SUB-20261101-AB")).length, total);
    assert.deepEqual(await tracking("AB0027"), []);
    assert.deepEqual(await tracking("SUB-20261102"), []);
  });

  test("the search's % and _ are plain characters, not wildcards", async () => {
    const found = async (q: string) => (await all(`q=${encodeURIComponent(q)}`)).counts.total;
    assert.ok((await found("listed patient 1")) > 0, "a plain search finds cases");
    assert.equal(await found("%"), 0);
    assert.equal(await found("listed%10"), 0);
    assert.equal(await found("listed_patient"), 0);
    assert.equal(await found("SUB-2026110_"), 0);
  });
});
