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
const clocks = async () => (await import("@/lib/cases/response-clocks")).runResponseClocks;
const HOUR = 60 * 60 * 1000;

let dataDir: string;
function mails(): string[] {
  const outbox = path.join(dataDir, "outbox");
  return existsSync(outbox) ? readdirSync(outbox).map((name) => readFileSync(path.join(outbox, name), "utf8").replace(/=\n/g, "")) : [];
}
async function waitForMails(predicate: (mail: string) => boolean, count: number): Promise<string[]> {
  for (let i = 0; i < 100; i++) {
    const found = mails().filter(predicate);
    if (found.length >= count) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  assert.fail(`expected ${count} e-mail(s) in the outbox`);
}

/**
 * Issue 21, parts 1 and 4: the 72-hour clocks act (reminders 24 h and 8 h before the deadline, the
 * overdue alert at it, each exactly once however often and however many instances run the job), the
 * coordinator is offered the next suitable hospital in one click and the patient is told, a hospital
 * can ask for more time once, and each hospital's median time to a plan is computed from SQL.
 * The clock is controlled: runResponseClocks(now) and computeHospitalResponseTimes(now).
 */
describe("response clocks", () => {
  let admin: Actor;
  let patient: Actor;
  // Cardiology hospitals (content/hospitals.ts): the case is cardiology.
  const LATE = "medipol-mega";
  const FAST = "medipol-kosuyolu";
  const SLOW = "memorial-ankara";
  const partners: Record<string, Actor> = {};
  let postgres: TestDatabase | null = null;

  before(async () => {
    if (process.env.TEST_DATABASE_URL) postgres = await createTestDatabase("postgres");
    ({ dataDir } = await useFreshApp({ databaseUrl: postgres?.url ?? null }));
    routes.route = (await import("@/app/api/admin/cases/[id]/route/route")).POST as Handler;
    routes.adminCase = (await import("@/app/api/admin/cases/[id]/route")).GET as Handler;
    routes.extension = (await import("@/app/api/partner/cases/[id]/extension/route")).POST as Handler;
    routes.plan = (await import("@/app/api/partner/cases/[id]/plan/route")).POST as Handler;
    routes.mine = (await import("@/app/api/my-submissions/route")).GET as Handler;
    routes.times = (await import("@/app/api/hospitals/response-times/route")).GET as Handler;
    admin = await signUpAdmin();
    patient = await signUpPatient();
    for (const hospital of [LATE, FAST, SLOW]) partners[hospital] = await signUpPartner(hospital);
    // The late hospital's partner reads e-mail in French: the reminders come in French.
    await (await db()).user.update({ where: { id: partners[LATE].id }, data: { emailLocale: "fr" } });
  });
  after(async () => {
    await (await db()).$disconnect();
    await postgres?.drop();
  });

  async function routedCase(hospitals: string[]) {
    const kase = await submitCase(patient);
    const routed = await callRoute(admin.browser, routes.route, `/api/admin/cases/${kase.id}/route`, {
      json: { hospitalIds: hospitals },
      params: { id: kase.id },
    });
    assert.equal(routed.status, 200, await routed.clone().text());
    const routing = await (
      await db()
    ).caseRouting.findUniqueOrThrow({ where: { submissionId_hospitalId: { submissionId: kase.id, hospitalId: hospitals[0] } } });
    return { ...kase, routing };
  }
  const notifications = async (submissionId: string, type: string) =>
    (await db()).notification.findMany({ where: { submissionId, type: type as never }, orderBy: { createdAt: "asc" } });
  const audits = async (action: string, entityId: string) => (await db()).auditEvent.count({ where: { action, entityId } });
  const extend = (hospital: string, id: string, json: unknown) =>
    callRoute(partners[hospital].browser, routes.extension, `/api/partner/cases/${id}/extension`, { json, params: { id } });
  const adminCase = async (id: string) =>
    (await (await callRoute(admin.browser, routes.adminCase, `/api/admin/cases/${id}`, { method: "GET", params: { id } })).json()) as {
      routings: { hospitalId: string; overdue: boolean; extension: { hours: number; reason: string; at: string } | null }[];
      suggestedHospital: { id: string; medianHours: number | null } | null;
    };
  const patientView = async (id: string) =>
    ((await (await routes.mine(patient.browser.request("/api/my-submissions"))).json()) as { id: string; lateNotice: string | null }[]).find(
      (submission) => submission.id === id,
    )!;

  test("reminders 24 h and 8 h before the deadline and the overdue alert: each once, even run twice or by two instances at once", async () => {
    const run = await clocks();
    const kase = await routedCase([LATE]);
    const due = kase.routing.dueAt.getTime();
    const at = (hoursBefore: number) => new Date(due - hoursBefore * HOUR);

    assert.deepEqual(await run(at(30)), { reminded24: 0, reminded8: 0, overdue: 0 }, "30 hours left: nothing yet");

    // 23 hours left: the job runs, runs again, and two instances run it at once.
    const first = await run(at(23));
    const again = await run(at(22.9));
    const racing = await Promise.all([run(at(22.8)), run(at(22.8))]);
    assert.equal(
      [first, again, ...racing].reduce((sum, r) => sum + r.reminded24, 0),
      1,
    );
    assert.equal(
      [first, again, ...racing].reduce((sum, r) => sum + r.reminded8 + r.overdue, 0),
      0,
    );
    let reminders = await notifications(kase.id, "routing_reminder");
    assert.deepEqual(
      reminders.map((n) => [n.userId, (n.params as { hours: number }).hours]),
      [[partners[LATE].id, 24]],
    );
    const [french] = await waitForMails((mail) => mail.includes(partners[LATE].email) && mail.includes(kase.trackingNumber) && mail.includes("Plus_que_24"), 1);
    assert.match(french, /Subject: =\?UTF-8\?Q\?Plus_que_24_heures_pour_r=C3=A9pondre/);
    assert.match(french, /n'a pas encore r=C3=A9pondu au dossier/);

    // 7 hours left: the 8-hour reminder, once, under the same conditions.
    const eight = await Promise.all([run(at(7)), run(at(7)), run(at(6.5))]);
    assert.equal(
      eight.reduce((sum, r) => sum + r.reminded8, 0),
      1,
    );
    assert.equal(
      eight.reduce((sum, r) => sum + r.reminded24, 0),
      0,
    );
    reminders = await notifications(kase.id, "routing_reminder");
    assert.deepEqual(
      reminders.map((n) => (n.params as { hours: number }).hours),
      [24, 8],
    );
    assert.equal(await audits("routing.reminder", kase.routing.id), 2);

    // At the deadline: marked overdue, the coordinators alerted, once.
    const late = await Promise.all([run(new Date(due + 60_000)), run(new Date(due + 60_000)), run(new Date(due + 2 * HOUR))]);
    assert.equal(
      late.reduce((sum, r) => sum + r.overdue, 0),
      1,
    );
    const alerts = await notifications(kase.id, "routing_overdue");
    assert.deepEqual(
      alerts.map((n) => n.userId),
      [admin.id],
    );
    assert.equal(alerts[0].actionUrl, `/admin-dashboard/cases/${kase.id}`);
    const routing = await (await db()).caseRouting.findUniqueOrThrow({ where: { id: kase.routing.id } });
    assert.ok(routing.overdueAt && routing.reminder24At && routing.reminder8At);
    assert.equal(await audits("routing.overdue", kase.routing.id), 1);
    assert.equal((await notifications(kase.id, "routing_reminder")).length, 2, "no reminder after the deadline");
  });

  test("a job that was down in the 24-hour window sends only the 8-hour reminder; answered routings are not reminded", async () => {
    const run = await clocks();
    const kase = await routedCase([LATE, FAST]);
    const answered = await callRoute(partners[FAST].browser, routes.plan, `/api/partner/cases/${kase.id}/plan`, { json: validPlan(), params: { id: kase.id } });
    assert.equal(answered.status, 201, await answered.clone().text());
    await run(new Date(kase.routing.dueAt.getTime() - 5 * HOUR));
    await run(new Date(kase.routing.dueAt.getTime() - 4 * HOUR));
    const reminders = await notifications(kase.id, "routing_reminder");
    assert.deepEqual(
      reminders.map((n) => [n.userId, (n.params as { hours: number }).hours]),
      [[partners[LATE].id, 8]],
    );
  });

  test("a hospital asks for more time once, before its deadline; the coordinator sees it; others cannot", async () => {
    const kase = await routedCase([LATE]);
    assert.equal((await extend(LATE, kase.id, { hours: 49, reason: "Too long" })).status, 400);
    assert.equal((await extend(LATE, kase.id, { hours: 12 })).status, 400);
    assert.equal((await extend(FAST, kase.id, { hours: 12, reason: "Not our case" })).status, 404, "another hospital's partner");
    assert.equal(
      (
        await callRoute(patient.browser, routes.extension, `/api/partner/cases/${kase.id}/extension`, {
          json: { hours: 12, reason: "x" },
          params: { id: kase.id },
        })
      ).status,
      404,
      "the patient: no such partner case",
    );

    const granted = await extend(LATE, kase.id, { hours: 36, reason: "The cardiac surgeon reviews the angiogram on Monday." });
    assert.equal(granted.status, 200, await granted.clone().text());
    const routing = await (await db()).caseRouting.findUniqueOrThrow({ where: { id: kase.routing.id } });
    assert.equal(routing.dueAt.getTime() - kase.routing.dueAt.getTime(), 36 * HOUR);
    assert.equal(((await granted.json()) as { dueAt: string }).dueAt, routing.dueAt.toISOString());

    const again = await extend(LATE, kase.id, { hours: 1, reason: "Once more" });
    assert.equal(again.status, 409);
    assert.equal(((await again.json()) as { code: string }).code, "extension_already_used");
    assert.equal((await (await db()).caseRouting.findUniqueOrThrow({ where: { id: kase.routing.id } })).dueAt.getTime(), routing.dueAt.getTime());

    const told = await notifications(kase.id, "routing_extended");
    assert.deepEqual(
      told.map((n) => [n.userId, (n.params as { reason: string }).reason]),
      [[admin.id, "The cardiac surgeon reviews the angiogram on Monday."]],
    );
    const seen = (await adminCase(kase.id)).routings[0].extension!;
    assert.deepEqual([seen.hours, seen.reason], [36, "The cardiac surgeon reviews the angiogram on Monday."]);
    assert.equal(await audits("routing.extend", kase.routing.id), 1);

    // Reminders follow the new deadline: none at the old one's 8-hour mark.
    const run = await clocks();
    assert.equal((await run(new Date(kase.routing.dueAt.getTime() - 7 * HOUR))).reminded8, 0);

    // After its deadline a hospital can no longer ask.
    const other = await routedCase([LATE]);
    await (await db()).caseRouting.update({ where: { id: other.routing.id }, data: { dueAt: new Date(Date.now() - HOUR) } });
    const tooLate = await extend(LATE, other.id, { hours: 12, reason: "Sorry" });
    assert.equal(tooLate.status, 409);
    assert.equal(((await tooLate.json()) as { code: string }).code, "extension_after_deadline");
  });

  test("overdue: the case page offers the fastest suitable hospital not yet asked; one click routes it and the patient is told", async () => {
    const database = await db();
    // Published figures: FAST 20 h on 12 plans, SLOW 40 h on 30; another cardiology hospital is fastest but new (3 plans).
    const now = new Date();
    await database.hospitalResponseTime.deleteMany();
    await database.hospitalResponseTime.createMany({
      data: [
        { hospitalId: FAST, medianMinutes: 20 * 60, answeredCases: 12, computedAt: now },
        { hospitalId: SLOW, medianMinutes: 40 * 60, answeredCases: 30, computedAt: now },
        { hospitalId: "medipol-camlica", medianMinutes: 2 * 60, answeredCases: 3, computedAt: now },
        // Fast, but no cardiology: never offered for this case.
        { hospitalId: "medipol-esenler", medianMinutes: 60, answeredCases: 50, computedAt: now },
      ],
    });
    const kase = await routedCase([LATE]);
    assert.equal((await adminCase(kase.id)).suggestedHospital, null, "nobody late: nothing offered");
    assert.equal((await patientView(kase.id)).lateNotice, null);

    await database.caseRouting.update({
      where: { id: kase.routing.id },
      data: { routedAt: new Date(Date.now() - 80 * HOUR), dueAt: new Date(Date.now() - 8 * HOUR) },
    });
    const detail = await adminCase(kase.id);
    assert.equal(detail.routings[0].overdue, true);
    assert.deepEqual(detail.suggestedHospital, { id: FAST, name: (await database.hospital.findUniqueOrThrow({ where: { id: FAST } })).name, medianHours: 20 });
    assert.equal((await patientView(kase.id)).lateNotice, "asking");

    const routed = await callRoute(admin.browser, routes.route, `/api/admin/cases/${kase.id}/route`, {
      json: { hospitalIds: [FAST] },
      params: { id: kase.id },
    });
    assert.equal(routed.status, 200, await routed.clone().text());
    assert.equal((await patientView(kase.id)).lateNotice, "rerouted");
    const told = await notifications(kase.id, "hospital_late");
    assert.deepEqual(
      told.map((n) => n.userId),
      [patient.id],
    );
    await waitForMails((mail) => mail.includes(patient.email) && mail.includes("One hospital is late") && mail.includes(kase.trackingNumber), 1);

    // Next one: FAST is taken, SLOW has the fastest published figure (the new partner comes after).
    assert.equal((await adminCase(kase.id)).suggestedHospital?.id, SLOW);

    // The patient compares plans with each hospital's published median beside it.
    const plan = await callRoute(partners[FAST].browser, routes.plan, `/api/partner/cases/${kase.id}/plan`, { json: validPlan(), params: { id: kase.id } });
    assert.equal(plan.status, 201, await plan.clone().text());
    const mine = (await (await routes.mine(patient.browser.request("/api/my-submissions"))).json()) as {
      id: string;
      plans: { hospitalMedianHours: number | null }[];
    }[];
    assert.deepEqual(
      mine.find((submission) => submission.id === kase.id)!.plans.map((p) => p.hospitalMedianHours),
      [20],
    );
  });

  test("median time to a plan: SQL over the last 90 days, plans only, published from 10 answered cases", async () => {
    const database = await db();
    const { computeHospitalResponseTimes } = await import("@/lib/partners/response-times");
    const now = new Date("2026-11-20T02:00:00Z");
    const base = await submitCase(patient);
    const template = await database.submission.findUniqueOrThrow({ where: { id: base.id } });
    const HOSPITAL = "memorial-kayseri";
    /** A routing of a fresh copy of the case to HOSPITAL, routed `daysAgo` days before `now`, answered after `hours`. */
    async function answered(daysAgo: number, hours: number, status: "responded" | "declined" = "responded") {
      const fields = Object.fromEntries(Object.entries(template).filter(([key]) => !["id", "createdAt", "updatedAt"].includes(key)));
      const copy = await database.submission.create({
        data: { ...fields, trackingNumber: `${template.trackingNumber}-${daysAgo}-${hours}-${status[0]}` } as never,
      });
      const routedAt = new Date(now.getTime() - daysAgo * 24 * HOUR);
      await database.caseRouting.create({
        data: {
          submissionId: copy.id,
          hospitalId: HOSPITAL,
          routedAt,
          dueAt: new Date(routedAt.getTime() + 72 * HOUR),
          status,
          respondedAt: new Date(routedAt.getTime() + hours * HOUR),
          destinationCountry: "Turkey",
          transferBasis: "explicit_consent",
        },
      });
    }
    // Nine plans inside the window, after 1, 2, ... 9 hours; a decline and a plan from 100 days ago do not count.
    for (let hours = 1; hours <= 9; hours++) await answered(10 + hours, hours);
    await answered(5, 0.5, "declined");
    await answered(100, 70);
    await computeHospitalResponseTimes(now);
    let row = await database.hospitalResponseTime.findUniqueOrThrow({ where: { hospitalId: HOSPITAL } });
    assert.deepEqual([row.answeredCases, row.medianMinutes], [9, 5 * 60]);
    // Read as the hospitals page reads it: the browser's reader must accept the route's answer.
    const { parseHospitalResponseTimes } = await import("@/lib/contracts/response-times");
    const published = async () => {
      const answer = parseHospitalResponseTimes(await (await routes.times(new Request("http://localhost:3000/api/hospitals/response-times"))).json());
      assert.ok(answer, "the hospitals page can read the answer");
      return answer.hospitals.find((h) => h.hospitalId === HOSPITAL)!.medianHours;
    };
    assert.equal(await published(), null, "nine plans: still a new partner");

    // The tenth plan (after 10 hours): the median of 1..10 hours is 5.5 hours, shown as 6.
    await answered(3, 10);
    await computeHospitalResponseTimes(now);
    await computeHospitalResponseTimes(now); // nightly, repeated: the same figures
    row = await database.hospitalResponseTime.findUniqueOrThrow({ where: { hospitalId: HOSPITAL } });
    assert.deepEqual([row.answeredCases, row.medianMinutes], [10, 330]);
    assert.equal(await published(), 6);
    // A hospital without plans: counted, no median.
    const none = await database.hospitalResponseTime.findUniqueOrThrow({ where: { hospitalId: "memorial-dicle" } });
    assert.deepEqual([none.answeredCases, none.medianMinutes], [0, null]);
  });
});
