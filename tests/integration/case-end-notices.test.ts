import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { useFreshApp } from "./support/app";
import { callRoute, signUpAdmin, signUpPartner, signUpPatient, submitCase, validPlan, type Actor } from "./support/actors";
import { createTestDatabase, type TestDatabase } from "./support/databases";

type Handler = (request: Request, context?: { params: Promise<Record<string, string>> }) => Promise<Response>;
const routes: Record<string, Handler> = {};
const db = async () => (await import("@/lib/db")).db();

let dataDir: string;
function mails(): string[] {
  const outbox = path.join(dataDir, "outbox");
  return existsSync(outbox) ? readdirSync(outbox).map((name) => readFileSync(path.join(outbox, name), "utf8")) : [];
}
async function waitForMail(predicate: (mail: string) => boolean): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const found = mails().find(predicate);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  assert.fail("expected e-mail not found in the outbox");
}

/**
 * Issue 5 follow-up: when a case ends (a plan chosen, closed, cancelled), every routed hospital still
 * expected to answer is told, once, by bell and e-mail; its routing reads "withdrawn", its clock stops,
 * and answers are refused (409, nothing changed).
 */
describe("hospitals are told when a case no longer needs their answer", () => {
  let admin: Actor;
  let patient: Actor;
  const partners: Record<string, Actor> = {};
  const HOSPITALS = ["medipol-mega", "memorial-sisli", "medipol-kosuyolu", "medipol-camlica"] as const;
  const [PLAN_A, PLAN_B, PENDING, DECLINES] = HOSPITALS;
  let postgres: TestDatabase | null = null;

  before(async () => {
    if (process.env.TEST_DATABASE_URL) postgres = await createTestDatabase("postgres");
    ({ dataDir } = await useFreshApp({ databaseUrl: postgres?.url ?? null }));
    routes.route = (await import("@/app/api/admin/cases/[id]/route/route")).POST as Handler;
    routes.status = (await import("@/app/api/admin/cases/[id]/status/route")).POST as Handler;
    routes.plan = (await import("@/app/api/partner/cases/[id]/plan/route")).POST as Handler;
    routes.decline = (await import("@/app/api/partner/cases/[id]/decline/route")).POST as Handler;
    routes.detail = (await import("@/app/api/partner/cases/[id]/route")).GET as Handler;
    routes.list = (await import("@/app/api/partner/cases/route")).GET as Handler;
    routes.approve = (await import("@/app/api/my-submissions/[id]/approve-plan/route")).POST as Handler;
    routes.mine = (await import("@/app/api/my-submissions/route")).GET as Handler;
    admin = await signUpAdmin();
    patient = await signUpPatient();
    for (const hospital of HOSPITALS) partners[hospital] = await signUpPartner(hospital);
  });
  after(async () => {
    await (await db()).$disconnect();
    await postgres?.drop();
  });

  const partnerCall = (hospital: string, name: "plan" | "decline" | "detail", id: string, json?: unknown) =>
    callRoute(partners[hospital].browser, routes[name], name === "detail" ? `/api/partner/cases/${id}` : `/api/partner/cases/${id}/${name}`, {
      json,
      method: json === undefined ? "GET" : "POST",
      params: { id },
    });
  const setStatus = (id: string, to: string, note?: string) =>
    callRoute(admin.browser, routes.status, `/api/admin/cases/${id}/status`, { json: { to, note }, params: { id } });

  /** A case routed by the admin to `hospitals`, with plans from `plans` and a decline from `declines`. */
  async function caseWith(hospitals: readonly string[], plans: readonly string[], declines: readonly string[] = []) {
    const kase = await submitCase(patient);
    const routed = await callRoute(admin.browser, routes.route, `/api/admin/cases/${kase.id}/route`, {
      json: { hospitalIds: hospitals },
      params: { id: kase.id },
    });
    assert.equal(routed.status, 200, await routed.clone().text());
    const planIds: Record<string, string> = {};
    for (const hospital of plans) {
      const response = await partnerCall(hospital, "plan", kase.id, validPlan());
      assert.equal(response.status, 201, await response.clone().text());
      planIds[hospital] = ((await response.json()) as { planId: string }).planId;
    }
    for (const hospital of declines)
      assert.equal((await partnerCall(hospital, "decline", kase.id, { reason: "We do not perform this procedure." })).status, 200);
    return { ...kase, planIds };
  }

  /** Each hospital partner's notification types about the case, except the routing itself. */
  async function told(submissionId: string) {
    const rows = await (
      await db()
    ).notification.findMany({
      where: { submissionId, type: { not: "case_routed" }, userId: { in: Object.values(partners).map((p) => p.id) } },
      orderBy: { createdAt: "asc" },
    });
    return Object.fromEntries(
      HOSPITALS.map((hospital) => [
        hospital,
        rows
          .filter((row) => row.userId === partners[hospital].id)
          .map((row) => `${row.type}${(row.params as { reason?: string }).reason ? `:${(row.params as { reason: string }).reason}` : ""}`),
      ]),
    );
  }

  async function routingStatus(hospital: string, submissionId: string) {
    return ((await (await partnerCall(hospital, "detail", submissionId)).json()) as { case: { status: string; routing: { status: string } } }).case;
  }

  test("approval: the not chosen hospital gets plan_not_selected, the one still pending case_ended, each once; the declined one nothing", async () => {
    const kase = await caseWith(HOSPITALS, [PLAN_A, PLAN_B], [DECLINES]);
    const approved = await callRoute(patient.browser, routes.approve, `/api/my-submissions/${kase.id}/approve-plan`, {
      json: { planId: kase.planIds[PLAN_B] },
      params: { id: kase.id },
    });
    assert.equal(approved.status, 200, await approved.clone().text());

    assert.deepEqual(await told(kase.id), {
      [PLAN_A]: ["plan_not_selected"],
      [PLAN_B]: ["plan_accepted"],
      [PENDING]: ["case_ended:plan_chosen"],
      [DECLINES]: [],
    });
    const mail = await waitForMail(
      (text) => text.includes(partners[PENDING].email) && text.includes(kase.trackingNumber) && text.includes("Another plan was chosen"),
    );
    assert.match(mail.replace(/=\n/g, ""), /no longer needs to answer it/); // quoted-printable soft line breaks

    // The pending hospital's routing is no longer awaited: withdrawn, its form closed; the others keep their answer.
    assert.deepEqual(await routingStatus(PENDING, kase.id).then((c) => [c.status, c.routing.status]), ["plan_accepted", "withdrawn"]);
    assert.equal((await routingStatus(DECLINES, kase.id)).routing.status, "declined");
    assert.equal((await routingStatus(PLAN_A, kase.id)).routing.status, "responded");
    const routings = await (await db()).caseRouting.findMany({ where: { submissionId: kase.id } });
    const noticed = Object.fromEntries(routings.map((routing) => [routing.hospitalId, routing.endNoticeAt !== null]));
    assert.deepEqual(noticed, { [PLAN_A]: true, [PLAN_B]: false, [PENDING]: true, [DECLINES]: false });

    // Closing the case later tells nobody again.
    const closed = await setStatus(kase.id, "closed", "Treatment completed.");
    assert.equal(closed.status, 200, await closed.clone().text());
    assert.deepEqual(await told(kase.id), {
      [PLAN_A]: ["plan_not_selected"],
      [PLAN_B]: ["plan_accepted"],
      [PENDING]: ["case_ended:plan_chosen"],
      [DECLINES]: [],
    });

    // The steps the insights read, kept on the case and its routings by the database (migration case_steps).
    const database = await db();
    const [steps, plans, closing, afterClosing] = await Promise.all([
      database.submission.findUniqueOrThrow({
        where: { id: kase.id },
        select: { firstRoutedAt: true, firstPlanAt: true, approvedAt: true, closedAt: true, planCount: true },
      }),
      database.treatmentPlan.findMany({ where: { submissionId: kase.id }, orderBy: { createdAt: "asc" } }),
      database.statusChange.findFirstOrThrow({ where: { submissionId: kase.id, toStatus: "closed" } }),
      database.caseRouting.findMany({ where: { submissionId: kase.id } }),
    ]);
    const accepted = plans.find((plan) => plan.status === "accepted")!;
    assert.deepEqual(steps, {
      firstRoutedAt: routings[0].routedAt,
      firstPlanAt: plans[0].createdAt,
      approvedAt: accepted.decidedAt,
      closedAt: closing.createdAt,
      planCount: 2,
    });
    const acceptedOn = Object.fromEntries(afterClosing.map((routing) => [routing.hospitalId, routing.planAcceptedAt]));
    assert.deepEqual(acceptedOn, { [PLAN_A]: null, [PLAN_B]: accepted.decidedAt, [PENDING]: null, [DECLINES]: null });
  });

  test("cancellation: the pending hospital and the one whose plan awaited the decision are told, the declined one is not", async () => {
    const kase = await caseWith([PLAN_A, PENDING, DECLINES], [PLAN_A], [DECLINES]);
    const cancelled = await setStatus(kase.id, "cancelled", "The patient chose to be treated at home.");
    assert.equal(cancelled.status, 200, await cancelled.clone().text());
    assert.deepEqual(await told(kase.id), { [PLAN_A]: ["case_ended:cancelled"], [PLAN_B]: [], [PENDING]: ["case_ended:cancelled"], [DECLINES]: [] });
    await waitForMail((text) => text.includes(partners[PENDING].email) && text.includes(`Subject: Case cancelled: ${kase.trackingNumber}`));
    assert.equal((await routingStatus(PENDING, kase.id)).routing.status, "withdrawn");

    // The partner list shows the case's status and the routing as no longer awaited.
    const list = (await (await callRoute(partners[PENDING].browser, routes.list, "/api/partner/cases", { method: "GET" })).json()) as {
      cases: { id: string; status: string; routing: { status: string } }[];
    };
    const row = list.cases.find((item) => item.id === kase.id)!;
    assert.deepEqual([row.status, row.routing.status], ["cancelled", "withdrawn"]);
  });

  test("an answer for an ended case is refused (409) and changes nothing", async () => {
    const kase = await caseWith([PENDING, PLAN_A], []);
    assert.equal((await setStatus(kase.id, "cancelled")).status, 200);
    const database = await db();
    const snapshot = async () => ({
      routings: await database.caseRouting.findMany({ where: { submissionId: kase.id }, orderBy: { hospitalId: "asc" } }),
      plans: await database.treatmentPlan.count({ where: { submissionId: kase.id } }),
      notifications: await database.notification.count({ where: { submissionId: kase.id } }),
      status: (await database.submission.findUniqueOrThrow({ where: { id: kase.id } })).status,
    });
    const before = await snapshot();
    const plan = await partnerCall(PENDING, "plan", kase.id, validPlan());
    assert.equal(plan.status, 409);
    assert.equal(((await plan.json()) as { error: string }).error, "This case is no longer open for treatment plans.");
    assert.equal((await partnerCall(PLAN_A, "decline", kase.id, { reason: "Too late" })).status, 409);
    assert.deepEqual(await snapshot(), before);
  });

  test("a plan racing a cancellation: either way the hospital is told exactly once and no plan lands unnoticed", async () => {
    for (let round = 0; round < 3; round++) {
      const kase = await caseWith([PENDING], []);
      const [plan, cancel] = await Promise.all([partnerCall(PENDING, "plan", kase.id, validPlan()), setStatus(kase.id, "cancelled")]);
      assert.equal(cancel.status, 200, await cancel.clone().text());
      assert.ok([201, 409].includes(plan.status), `plan answered ${plan.status}`);
      // A plan that won the race is still only proposed when the case is cancelled, so its hospital is told like a pending one.
      assert.deepEqual((await told(kase.id))[PENDING], ["case_ended:cancelled"]);
      assert.equal(await (await db()).treatmentPlan.count({ where: { submissionId: kase.id } }), plan.status === 201 ? 1 : 0);
    }
  });

  test("closing a case whose pending hospitals were never told (accepted before this change) tells them, once", async () => {
    const kase = await caseWith([PLAN_B, PENDING], [PLAN_B]);
    const database = await db();
    // As an approval did before hospitals were told: plan accepted, case plan_accepted, nobody noticed.
    await database.treatmentPlan.update({ where: { id: kase.planIds[PLAN_B] }, data: { status: "accepted", decidedAt: new Date() } });
    await database.submission.update({ where: { id: kase.id }, data: { status: "plan_accepted" } });
    assert.equal((await setStatus(kase.id, "closed")).status, 200);
    assert.deepEqual((await told(kase.id))[PENDING], ["case_ended:closed"]);
    assert.deepEqual((await told(kase.id))[PLAN_B], [], "the chosen hospital is not told its answer is not needed");
    await waitForMail((text) => text.includes(partners[PENDING].email) && text.includes(`Subject: Case closed: ${kase.trackingNumber}`));
  });

  test("the patient sees the coordinator's note in the history, and a hospital that declined as declined", async () => {
    const kase = await caseWith([PLAN_A, DECLINES], [PLAN_A], [DECLINES]);
    assert.equal((await setStatus(kase.id, "cancelled", "Cancelled at your request by phone.")).status, 200);
    const mine = (
      (await (await routes.mine(patient.browser.request("/api/my-submissions"))).json()) as {
        id: string;
        history: { status: string; note: string | null }[];
        matchedHospitals: { name: string; declined: boolean }[];
        responsesCount: number;
      }[]
    ).find((submission) => submission.id === kase.id)!;
    assert.deepEqual(mine.history.at(-1), { ...mine.history.at(-1), status: "cancelled", note: "Cancelled at your request by phone." });
    const names = Object.fromEntries((await (await db()).hospital.findMany({ select: { id: true, name: true } })).map((h) => [h.id, h.name]));
    assert.deepEqual(
      mine.matchedHospitals.map((h) => [h.name, h.declined]).sort(),
      [
        [names[PLAN_A], false],
        [names[DECLINES], true],
      ].sort(),
    );
    assert.equal(mine.responsesCount, 1, "one plan received; a decline is not a treatment-plan response");
  });
});
