import { after, before, beforeEach, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Browser, useFreshApp } from "./support/app";
import { callRoute, signUpAdmin, signUpPartner, signUpPatient, submitCase, validPlan, type Actor } from "./support/actors";
import { createTestDatabase, type TestDatabase } from "./support/databases";

type Handler = (request: Request, context?: { params: Promise<Record<string, string>> }) => Promise<Response>;
const routes: Record<string, Handler> = {};
const db = async () => (await import("@/lib/db")).db();

const ROUTED = ["medipol-mega", "memorial-sisli"];
const OTHER = "medipol-kosuyolu";

/** Routes a case to hospitals as the admin routing does (72-hour clock), and marks it sent to hospitals. */
async function route(submissionId: string, hospitalIds: string[], routedAt = new Date()) {
  for (const hospitalId of hospitalIds)
    await (
      await db()
    ).caseRouting.create({
      data: {
        submissionId,
        hospitalId,
        routedAt,
        dueAt: new Date(routedAt.getTime() + 72 * 3600 * 1000),
        destinationCountry: "TR",
        transferBasis: "explicit_consent",
      },
    });
  await (await db()).submission.update({ where: { id: submissionId }, data: { status: "sent_to_hospitals" } });
}

function call(actor: Actor | Browser, name: string, id: string, json?: unknown) {
  const browser = actor instanceof Browser ? actor : actor.browser;
  const path = name === "detail" ? `/api/partner/cases/${id}` : `/api/partner/cases/${id}/${name}`;
  return callRoute(browser, routes[name], path, { json, method: json === undefined ? "GET" : "POST", params: { id } });
}

const errorOf = async (response: Response) => ((await response.json()) as { error: string }).error;

describe("partner portal: cases, plans, declines, appointments", () => {
  let patient: Actor;
  let partnerA: Actor; // medipol-mega (routed)
  let partnerA2: Actor; // medipol-mega (routed), a colleague
  let partnerB: Actor; // memorial-sisli (routed)
  let outsider: Actor; // a hospital the case is not routed to
  let admin: Actor;
  let caseId: string;
  let fileId: string;
  // On PostgreSQL when TEST_DATABASE_URL is set, so that the concurrent answers really race.
  let postgres: TestDatabase | null = null;

  before(async () => {
    if (process.env.TEST_DATABASE_URL) postgres = await createTestDatabase("postgres");
    await useFreshApp({ databaseUrl: postgres?.url ?? null });
    routes.list = (await import("@/app/api/partner/cases/route")).GET;
    routes.detail = (await import("@/app/api/partner/cases/[id]/route")).GET;
    routes.plan = (await import("@/app/api/partner/cases/[id]/plan/route")).POST;
    routes.decline = (await import("@/app/api/partner/cases/[id]/decline/route")).POST;
    routes.appointment = (await import("@/app/api/partner/cases/[id]/appointment/route")).POST;
    routes.file = (await import("@/app/api/files/[id]/route")).GET;
    patient = await signUpPatient();
    admin = await signUpAdmin();
    partnerA = await signUpPartner(ROUTED[0]);
    partnerA2 = await signUpPartner(ROUTED[0]);
    partnerB = await signUpPartner(ROUTED[1]);
    outsider = await signUpPartner(OTHER);
  });
  after(async () => {
    await (await db()).$disconnect();
    await postgres?.drop();
  });

  beforeEach(async () => {
    caseId = (await submitCase(patient)).id;
    await route(caseId, ROUTED);
    fileId = (await (await db()).submissionFile.findFirstOrThrow({ where: { submissionId: caseId } })).id;
  });

  test("each partner lists only the cases routed to their own hospital, newest first, with only their own routing", async () => {
    const older = (await submitCase(patient)).id;
    await route(older, [ROUTED[0]], new Date(Date.now() - 80 * 3600 * 1000));
    const response = await callRoute(partnerA.browser, routes.list, "/api/partner/cases", { method: "GET" });
    assert.equal(response.status, 200);
    const { cases } = (await response.json()) as { cases: { id: string; routing: { dueAt: string; status: string } }[] };
    const ids = cases.map((c) => c.id);
    assert.ok(ids.indexOf(caseId) < ids.indexOf(older), "newest routing first");
    assert.equal(cases.find((c) => c.id === caseId)!.routing.status, "awaiting_response");
    assert.ok(new Date(cases.find((c) => c.id === older)!.routing.dueAt) < new Date(), "the older case is overdue");

    const forB = (await (await callRoute(partnerB.browser, routes.list, "/api/partner/cases", { method: "GET" })).json()) as { cases: { id: string }[] };
    assert.ok(forB.cases.some((c) => c.id === caseId));
    assert.ok(!forB.cases.some((c) => c.id === older), "not routed to B");
    const forOutsider = (await (await callRoute(outsider.browser, routes.list, "/api/partner/cases", { method: "GET" })).json()) as { cases: unknown[] };
    assert.ok(!JSON.stringify(forOutsider).includes(caseId));
  });

  test("the list is ordered by routing date (not submission date) and paged by cursor, so no case is lost", async () => {
    const pager = await signUpPartner("medipol-esenler");
    const base = Date.now() - 10 * 24 * 3600 * 1000;
    // Submitted in one order, routed in another; two routed at the same instant (the id breaks the tie).
    const routedHoursAfterBase = [5, 1, 9, 3, 3, 7];
    const ids: { id: string; routedAt: number }[] = [];
    for (const hours of routedHoursAfterBase) {
      const id = (await submitCase(patient)).id;
      const routedAt = base + hours * 3600 * 1000;
      await (
        await db()
      ).caseRouting.create({
        data: {
          submissionId: id,
          hospitalId: "medipol-esenler",
          routedAt: new Date(routedAt),
          dueAt: new Date(routedAt + 72 * 3600 * 1000),
          destinationCountry: "TR",
          transferBasis: "explicit_consent",
        },
      });
      ids.push({ id, routedAt });
    }
    const routingIds = new Map((await (await db()).caseRouting.findMany({ where: { hospitalId: "medipol-esenler" } })).map((r) => [r.submissionId, r.id]));
    const expected = [...ids].sort((a, b) => b.routedAt - a.routedAt || routingIds.get(b.id)!.localeCompare(routingIds.get(a.id)!)).map((c) => c.id);

    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?limit=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const response = await callRoute(pager.browser, routes.list, `/api/partner/cases${query}`, { method: "GET" });
      assert.equal(response.status, 200, await response.clone().text());
      const page = (await response.json()) as { cases: { id: string; routing: { routedAt: string } }[]; nextCursor: string | null };
      sizes.push(page.cases.length);
      seen.push(...page.cases.map((c) => c.id));
      cursor = page.nextCursor;
    } while (cursor);
    assert.deepEqual(sizes, [4, 2]);
    assert.deepEqual(seen, expected, "every case once, newest routing first across pages");

    for (const query of ["?limit=0", "?limit=101", "?limit=two", "?cursor=not-a-cursor"]) {
      const response = await callRoute(pager.browser, routes.list, `/api/partner/cases${query}`, { method: "GET" });
      assert.equal(response.status, 400, query);
      assert.equal(typeof (await errorOf(response)), "string");
    }
  });

  test("the 72-hour clock: time left, then overdue", async () => {
    const { answerClock } = await import("@/lib/contracts/cases");
    const routedAt = new Date("2026-03-01T08:00:00Z");
    const dueAt = new Date(routedAt.getTime() + 72 * 3600 * 1000);
    assert.deepEqual(answerClock(dueAt, new Date("2026-03-01T08:00:00Z")), { overdue: false, days: 3, hours: 0, minutes: 0 });
    assert.deepEqual(answerClock(dueAt, new Date("2026-03-04T05:15:00Z")), { overdue: false, days: 0, hours: 2, minutes: 45 });
    assert.deepEqual(answerClock(dueAt, new Date("2026-03-05T09:30:00Z")), { overdue: true, days: 1, hours: 1, minutes: 30 });
  });

  test("who may call the partner APIs: guests 401, patients and admins 404, partners of other hospitals 404", async () => {
    assert.equal((await callRoute(new Browser(), routes.list, "/api/partner/cases", { method: "GET" })).status, 401);
    assert.equal((await callRoute(patient.browser, routes.list, "/api/partner/cases", { method: "GET" })).status, 404);
    assert.equal((await callRoute(admin.browser, routes.list, "/api/partner/cases", { method: "GET" })).status, 404);
    assert.equal((await call(new Browser(), "detail", caseId)).status, 401);
    assert.equal((await call(patient, "detail", caseId)).status, 404);
    assert.equal((await call(outsider, "detail", caseId)).status, 404);
    assert.equal((await call(outsider, "plan", caseId, validPlan())).status, 404);
    assert.equal((await call(outsider, "decline", caseId, { reason: "no" })).status, 404);
    assert.equal((await call(outsider, "appointment", caseId, { at: new Date(Date.now() + 86400000).toISOString() })).status, 404);
    assert.equal((await call(partnerA, "detail", "not-a-uuid")).status, 404);
    assert.equal((await call(partnerA, "detail", "00000000-0000-4000-8000-000000000000")).status, 404);
    assert.equal(await (await db()).treatmentPlan.count({ where: { submissionId: caseId } }), 0);
    assert.equal((await (await db()).caseRouting.findMany({ where: { submissionId: caseId, status: { not: "awaiting_response" } } })).length, 0);
  });

  test("files: partners of a routed hospital may read them (audited); other partners get 404", async () => {
    const own = await callRoute(partnerA.browser, routes.file, `/api/files/${fileId}`, { method: "GET", params: { id: fileId } });
    assert.equal(own.status, 200);
    await own.arrayBuffer();
    assert.ok(await (await db()).auditEvent.findFirst({ where: { action: "file.read", entityId: fileId, actorId: partnerA.id } }));
    const other = await callRoute(outsider.browser, routes.file, `/api/files/${fileId}`, { method: "GET", params: { id: fileId } });
    assert.equal(other.status, 404);
    // A file of a case routed nowhere: not readable by any partner.
    const unrouted = (await submitCase(patient)).id;
    const unroutedFile = (await (await db()).submissionFile.findFirstOrThrow({ where: { submissionId: unrouted } })).id;
    assert.equal((await callRoute(partnerA.browser, routes.file, `/api/files/${unroutedFile}`, { method: "GET", params: { id: unroutedFile } })).status, 404);
  });

  test("the case detail shows what the hospital needs, and nothing about other hospitals", async () => {
    assert.equal((await call(partnerB, "plan", caseId, { ...validPlan(), leadDoctor: "Dr. Secret Other Hospital" })).status, 201);
    const response = await call(partnerA, "detail", caseId);
    assert.equal(response.status, 200);
    const text = await response.text();
    const body = JSON.parse(text) as {
      case: { patientName: string; homeCountry: string; files: { id: string }[]; routing: { status: string; plan: unknown } };
    };
    assert.ok(body.case.patientName);
    assert.ok(body.case.homeCountry);
    assert.deepEqual(
      body.case.files.map((f) => f.id),
      [fileId],
    );
    assert.equal(body.case.routing.status, "awaiting_response");
    assert.equal(body.case.routing.plan, null);
    assert.ok(!text.includes("Secret Other Hospital"));
    assert.ok(!text.includes(ROUTED[1]));
    assert.ok(await (await db()).auditEvent.findFirst({ where: { action: "submission.read", entityId: caseId, actorId: partnerA.id } }));
  });

  test("a plan: stored with the routing answered, the case responded, audited, and the patient notified", async () => {
    const response = await call(partnerA, "plan", caseId, validPlan());
    assert.equal(response.status, 201, await response.clone().text());
    const { planId } = (await response.json()) as { planId: string };
    const plan = await (await db()).treatmentPlan.findUniqueOrThrow({ where: { id: planId }, include: { routing: true } });
    assert.equal(plan.hospitalId, ROUTED[0]);
    assert.equal(plan.authorId, partnerA.id);
    assert.equal(plan.priceMin, 7000);
    assert.equal(plan.currency, "EUR");
    assert.equal(plan.routing.status, "responded");
    assert.ok(plan.routing.respondedAt);
    assert.equal((await (await db()).submission.findUniqueOrThrow({ where: { id: caseId } })).status, "responded");
    assert.ok(await (await db()).statusChange.findFirst({ where: { submissionId: caseId, toStatus: "responded" } }));
    assert.ok(await (await db()).auditEvent.findFirst({ where: { action: "plan.submit", entityId: planId } }));
    const notifications = await (await db()).notification.findMany({ where: { submissionId: caseId } });
    assert.deepEqual(
      notifications.filter((n) => n.type !== "submission_received").map((n) => ({ type: n.type, userId: n.userId })),
      [{ type: "hospital_response", userId: patient.id }],
      "hospital_response to the patient only; no separate status_changed",
    );

    // A second plan from the same hospital (a colleague too): 409 and nothing changes.
    const again = await call(partnerA2, "plan", caseId, validPlan());
    assert.equal(again.status, 409);
    assert.match(await errorOf(again), /already answered/);
    assert.equal((await call(partnerA, "decline", caseId, { reason: "changed our mind" })).status, 409);
    assert.equal(await (await db()).treatmentPlan.count({ where: { submissionId: caseId } }), 1);

    // The second hospital's plan keeps the case responded and notifies again.
    assert.equal((await call(partnerB, "plan", caseId, validPlan())).status, 201);
    assert.equal((await (await db()).submission.findUniqueOrThrow({ where: { id: caseId } })).status, "responded");
    assert.equal(await (await db()).notification.count({ where: { submissionId: caseId, type: "hospital_response", userId: patient.id } }), 2);
  });

  test("two partners of one hospital answering at once yield exactly one plan", async () => {
    const results = await Promise.all([call(partnerA, "plan", caseId, validPlan()), call(partnerA2, "plan", caseId, validPlan())]);
    assert.deepEqual(results.map((r) => r.status).sort(), [201, 409]);
    assert.equal(await (await db()).treatmentPlan.count({ where: { submissionId: caseId, hospitalId: ROUTED[0] } }), 1);
  });

  test("malformed plans: each a clear 400 and nothing stored", async () => {
    // Each refusal names its field and its code (errors.<code>), with the text in the request's language.
    const cases: [string, Record<string, unknown>, string, string, RegExp][] = [
      ["missing diagnosis", { diagnosisSummary: undefined }, "diagnosisSummary", "field_required", /required/],
      ["blank treatment", { proposedTreatment: "   " }, "proposedTreatment", "field_required", /required/],
      ["too long included", { included: "x".repeat(4001) }, "included", "too_long", /under 4000 characters/],
      ["stay 0", { lengthOfStayDays: 0 }, "lengthOfStayDays", "plan_length_of_stay", /from 1 to 365/],
      ["stay 366", { lengthOfStayDays: 366 }, "lengthOfStayDays", "plan_length_of_stay", /from 1 to 365/],
      ["stay fraction", { lengthOfStayDays: 2.5 }, "lengthOfStayDays", "plan_length_of_stay", /whole number/],
      ["stay as text", { lengthOfStayDays: "ten" }, "lengthOfStayDays", "number_invalid", /number/],
      ["negative price", { priceMin: -5 }, "priceMin", "plan_price", /from 1 to 10,000,000/],
      ["zero price", { priceMax: 0 }, "priceMax", "plan_price", /whole amount/],
      ["min above max", { priceMin: 9000, priceMax: 7000 }, "priceMax", "plan_price_order", /must not be lower/],
      ["unknown currency", { currency: "BTC" }, "currency", "plan_currency", /currencies/],
      ["past validity", { validUntil: "2020-01-01" }, "validUntil", "plan_valid_until", /in the future/],
      [
        "yesterday's validity everywhere",
        { validUntil: new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10) },
        "validUntil",
        "plan_valid_until",
        /in the future/,
      ],
      ["not a date", { validUntil: "next week" }, "validUntil", "date_invalid", /real date/],
      ["impossible date", { validUntil: "2099-02-31" }, "validUntil", "date_invalid", /real date/],
      ["no doctor", { leadDoctor: "" }, "leadDoctor", "field_required", /required/],
      ["long message", { message: "m".repeat(4001) }, "message", "too_long", /under 4000 characters/],
    ];
    for (const [label, change, field, code, message] of cases) {
      const response = await call(partnerA, "plan", caseId, { ...validPlan(), ...change });
      assert.equal(response.status, 400, label);
      const body = (await response.json()) as { error: string; code: string; field: string };
      assert.deepEqual([body.field, body.code], [field, code], label);
      assert.match(body.error, message, label);
    }
    const notJson = await partnerA.browser.remember(
      await routes.plan(partnerA.browser.request(`/api/partner/cases/${caseId}/plan`, { method: "POST", contentType: "text/plain" }), {
        params: Promise.resolve({ id: caseId }),
      }),
    );
    assert.equal(notJson.status, 415);
    assert.equal(await (await db()).treatmentPlan.count({ where: { submissionId: caseId } }), 0);
    const routing = await (await db()).caseRouting.findFirstOrThrow({ where: { submissionId: caseId, hospitalId: ROUTED[0] } });
    assert.equal(routing.status, "awaiting_response");
    assert.equal((await (await db()).submission.findUniqueOrThrow({ where: { id: caseId } })).status, "sent_to_hospitals");
  });

  test("no plans for cancelled, closed or decided cases (409, nothing stored)", async () => {
    for (const status of ["cancelled", "plan_accepted", "closed"] as const) {
      await (await db()).submission.update({ where: { id: caseId }, data: { status } });
      const response = await call(partnerA, "plan", caseId, validPlan());
      assert.equal(response.status, 409, status);
      assert.match(await errorOf(response), /no longer open/);
      assert.equal((await call(partnerA, "decline", caseId, { reason: "Not our field" })).status, 409);
    }
    assert.equal(await (await db()).treatmentPlan.count({ where: { submissionId: caseId } }), 0);
  });

  test("decline: routing declined with the reason, audited, no patient notification; then no plan", async () => {
    assert.equal((await call(partnerA, "decline", caseId, { reason: "" })).status, 400);
    assert.equal((await call(partnerA, "decline", caseId, { reason: "r".repeat(2001) })).status, 400);
    const response = await call(partnerA, "decline", caseId, { reason: "We do not perform this procedure." });
    assert.equal(response.status, 200, await response.clone().text());
    const routing = await (await db()).caseRouting.findFirstOrThrow({ where: { submissionId: caseId, hospitalId: ROUTED[0] } });
    assert.equal(routing.status, "declined");
    assert.equal(routing.declineReason, "We do not perform this procedure.");
    assert.ok(routing.respondedAt);
    assert.ok(await (await db()).auditEvent.findFirst({ where: { action: "routing.decline", entityId: routing.id } }));
    assert.equal(await (await db()).notification.count({ where: { submissionId: caseId, type: { not: "submission_received" } } }), 0);
    assert.equal((await (await db()).submission.findUniqueOrThrow({ where: { id: caseId } })).status, "sent_to_hospitals");
    const plan = await call(partnerA2, "plan", caseId, validPlan());
    assert.equal(plan.status, 409);
    const detail = (await (await call(partnerA, "detail", caseId)).json()) as { case: { routing: { status: string; declineReason: string } } };
    assert.equal(detail.case.routing.status, "declined");
  });

  test("appointments: only for my hospital's accepted plan; notifies the patient", async () => {
    const at = new Date(Date.now() + 14 * 24 * 3600 * 1000);
    at.setUTCHours(9, 30, 0, 0);
    // Before any plan, and for a plan that is only proposed: 409.
    assert.equal((await call(partnerA, "appointment", caseId, { at: at.toISOString() })).status, 409);
    const { planId } = (await (await call(partnerA, "plan", caseId, validPlan())).json()) as { planId: string };
    const { planId: otherPlan } = (await (await call(partnerB, "plan", caseId, validPlan())).json()) as { planId: string };
    assert.equal((await call(partnerA, "appointment", caseId, { at: at.toISOString() })).status, 409);

    // The patient approves hospital A's plan (as the approval route does).
    await (await db()).treatmentPlan.update({ where: { id: planId }, data: { status: "accepted", decidedAt: new Date() } });
    await (await db()).treatmentPlan.update({ where: { id: otherPlan }, data: { status: "not_selected", decidedAt: new Date() } });
    await (await db()).submission.update({ where: { id: caseId }, data: { status: "plan_accepted" } });

    assert.equal((await call(partnerB, "appointment", caseId, { at: at.toISOString() })).status, 409, "not B's accepted plan");
    assert.equal((await call(outsider, "appointment", caseId, { at: at.toISOString() })).status, 404);
    assert.equal((await call(partnerA, "appointment", caseId, { at: "2020-01-01T10:00:00Z" })).status, 400);
    assert.equal((await call(partnerA, "appointment", caseId, { at: "tomorrow" })).status, 400);
    assert.equal((await call(partnerA, "appointment", caseId, { at: at.toISOString(), note: "n".repeat(2001) })).status, 400);
    assert.equal(await (await db()).notification.count({ where: { submissionId: caseId, type: "appointment_scheduled" } }), 0);

    const response = await call(partnerA2, "appointment", caseId, { at: at.toISOString(), note: "Please bring your MRI CD." });
    assert.equal(response.status, 200, await response.clone().text());
    const plan = await (await db()).treatmentPlan.findUniqueOrThrow({ where: { id: planId } });
    assert.equal(plan.appointmentAt?.toISOString(), at.toISOString());
    assert.equal(plan.appointmentNote, "Please bring your MRI CD.");
    const notification = await (await db()).notification.findFirstOrThrow({ where: { submissionId: caseId, type: "appointment_scheduled" } });
    assert.equal(notification.userId, patient.id);
    const params = notification.params as { hospitalName: string; date: string; trackingNumber: string };
    assert.ok(params.hospitalName.length > 0);
    assert.match(params.date, /09:30 UTC$/);
    assert.ok(await (await db()).auditEvent.findFirst({ where: { action: "plan.appointment", entityId: planId } }));
  });
});
