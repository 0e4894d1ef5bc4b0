import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ownSubmissionsSchema } from "@/lib/contracts/submissions";
import { trackedSubmissionSchema } from "@/lib/contracts/tracking";
import { Browser, useFreshApp } from "./support/app";
import { callRoute, signUpPartner, signUpPatient, submitCase, type Actor } from "./support/actors";
import { multipartBody, MULTIPART_TYPE, samples, toStream, validFields } from "./support/multipart";

type Handler = (request: Request, context?: { params: Promise<Record<string, string>> }) => Promise<Response>;
const routes: Record<string, Handler> = {};
let dataDir: string;
let hospitals: { id: string; name: string }[];

const DAY = 24 * 60 * 60 * 1000;

async function database() {
  return (await import("@/lib/db")).db();
}

/** What the partner and admin APIs will do: route the case to a hospital and store its plan (case becomes responded). */
async function routeWithPlan(submissionId: string, hospitalId: string, plan: { validUntil?: Date; priceMin?: number } = {}) {
  const db = await database();
  const routedAt = new Date();
  const routing = await db.caseRouting.create({
    data: {
      submissionId,
      hospitalId,
      routedAt,
      dueAt: new Date(routedAt.getTime() + 72 * 60 * 60 * 1000),
      destinationCountry: "TR",
      transferBasis: "explicit_consent",
      status: "responded",
      respondedAt: routedAt,
      declineReason: null,
    },
  });
  await db.submission.update({ where: { id: submissionId }, data: { status: "responded" } });
  return db.treatmentPlan.create({
    data: {
      routingId: routing.id,
      submissionId,
      hospitalId,
      diagnosisSummary: "Severe aortic stenosis",
      proposedTreatment: "Transcatheter aortic valve implantation",
      included: "Surgery, 5 nights, transfers",
      lengthOfStayDays: 7,
      priceMin: plan.priceMin ?? 18000,
      priceMax: 22000,
      currency: "USD",
      validUntil: plan.validUntil ?? new Date(Date.now() + 30 * DAY),
      leadDoctor: "Prof. Dr. Ayşe Yılmaz",
      message: "We can admit you next month.",
    },
  });
}

async function snapshot(submissionId: string) {
  const db = await database();
  const [submission, plans, notifications, audits] = await Promise.all([
    db.submission.findUniqueOrThrow({ where: { id: submissionId }, select: { status: true } }),
    db.treatmentPlan.findMany({ where: { submissionId }, select: { id: true, status: true, decidedAt: true }, orderBy: { id: "asc" } }),
    db.notification.count(),
    db.auditEvent.count({ where: { action: "plan.approve" } }),
  ]);
  return { status: submission.status, plans, notifications, audits };
}

const approve = (who: Browser, submissionId: string, json: unknown) =>
  callRoute(who, routes.approve, `/api/my-submissions/${submissionId}/approve-plan`, { json, params: { id: submissionId } });

async function mails(): Promise<string[]> {
  const outbox = path.join(dataDir, "outbox");
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox).map((name) => readFileSync(path.join(outbox, name), "utf8"));
}

async function waitForMail(predicate: (mail: string) => boolean): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const found = (await mails()).find(predicate);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  assert.fail("expected e-mail not found in the outbox");
}

describe("patient decision: plans side by side, approval, document requests", () => {
  let patient: Actor;
  let other: Actor;
  let partnerA: Actor;
  let partnerB: Actor;
  let kase: { id: string; trackingNumber: string };
  let planA: { id: string };
  let planB: { id: string };

  before(async () => {
    ({ dataDir } = await useFreshApp());
    routes.approve = (await import("@/app/api/my-submissions/[id]/approve-plan/route")).POST;
    routes.mine = (await import("@/app/api/my-submissions/route")).GET;
    routes.guestSubmit = (await import("@/app/api/medical-submissions/route")).POST;
    routes.trackRequest = (await import("@/app/api/track/request-code/route")).POST;
    routes.trackVerify = (await import("@/app/api/track/verify/route")).POST;
    routes.trackView = (await import("@/app/api/track/submission/route")).GET;
    routes.trackApprove = (await import("@/app/api/track/approve-plan/route")).POST;
    routes.addFiles = (await import("@/app/api/add-files-to-submission/route")).POST;
    hospitals = await (await database()).hospital.findMany({ select: { id: true, name: true }, orderBy: { id: "asc" }, take: 3 });
    patient = await signUpPatient("Amina");
    other = await signUpPatient("Musa");
    partnerA = await signUpPartner(hospitals[0].id);
    partnerB = await signUpPartner(hospitals[1].id);
    kase = await submitCase(patient);
    planA = await routeWithPlan(kase.id, hospitals[0].id);
    planB = await routeWithPlan(kase.id, hospitals[1].id, { priceMin: 15000 });
  });
  after(async () => (await database()).$disconnect());

  test("the patient sees matched hospitals, both plans in one template and the responses count; no routing internals", async () => {
    const db = await database();
    await db.caseRouting.updateMany({ where: { submissionId: kase.id, hospitalId: hospitals[0].id }, data: { declineReason: "INTERNAL-NOTE" } });
    const response = await routes.mine(patient.browser.request("/api/my-submissions"));
    assert.equal(response.status, 200);
    const text = await response.text();
    assert.ok(!text.includes("INTERNAL-NOTE"), "decline reasons never reach the patient");
    assert.ok(!text.includes("dueAt"), "the hospitals' answer clocks are for coordinators");
    const [mine] = ownSubmissionsSchema.parse(JSON.parse(text));
    assert.deepEqual(mine.matchedHospitals.map((h) => h.name).sort(), [hospitals[0].name, hospitals[1].name].sort());
    assert.ok(mine.matchedHospitals.every((h) => h.city && h.country));
    assert.equal(mine.responsesCount, 2);
    assert.equal(mine.plans.length, 2);
    assert.deepEqual(Object.keys(mine.plans[0]).sort(), Object.keys(mine.plans[1]).sort(), "same template for every plan");
    const first = mine.plans.find((plan) => plan.id === planA.id)!;
    assert.equal(first.hospital.name, hospitals[0].name);
    assert.equal(first.status, "proposed");
    assert.equal(first.expired, false);
    assert.match(first.validUntil, /^\d{4}-\d{2}-\d{2}$/);
    const othersList = ownSubmissionsSchema.parse(await (await routes.mine(other.browser.request("/api/my-submissions"))).json());
    assert.deepEqual(othersList, []);
  });

  test("bad approvals are 4xx with an error and change nothing", async () => {
    const otherCase = await submitCase(other);
    const foreignPlan = await routeWithPlan(otherCase.id, hospitals[2].id);
    const before = await snapshot(kase.id);
    for (const [label, who, id, json, status] of [
      ["another patient's case", other.browser, kase.id, { planId: planA.id }, 404],
      ["a plan of another case", patient.browser, kase.id, { planId: foreignPlan.id }, 404],
      ["the other patient's own case with this patient's plan", other.browser, otherCase.id, { planId: planA.id }, 404],
      ["a made-up plan", patient.browser, kase.id, { planId: "00000000-0000-4000-8000-000000000000" }, 404],
      ["a malformed plan id", patient.browser, kase.id, { planId: "1 OR 1=1" }, 400],
      ["no plan id", patient.browser, kase.id, {}, 400],
      ["a malformed case id", patient.browser, "../../x", { planId: planA.id }, 404],
      ["a guest", new Browser(), kase.id, { planId: planA.id }, 401],
    ] as const) {
      const response = await approve(who, id, json);
      assert.equal(response.status, status, label);
      assert.equal(typeof ((await response.json()) as { error?: unknown }).error, "string", label);
    }
    assert.deepEqual(await snapshot(kase.id), before);
  });

  test("an expired plan cannot be approved", async () => {
    const db = await database();
    const expiring = await submitCase(patient);
    const old = await routeWithPlan(expiring.id, hospitals[0].id, { validUntil: new Date(Date.now() - 2 * DAY) });
    const before = await snapshot(expiring.id);
    const response = await approve(patient.browser, expiring.id, { planId: old.id });
    assert.equal(response.status, 409);
    assert.match(((await response.json()) as { error: string }).error, /expired/);
    assert.deepEqual(await snapshot(expiring.id), before);
    const list = ownSubmissionsSchema.parse(await (await routes.mine(patient.browser.request("/api/my-submissions"))).json());
    assert.equal(list.find((s) => s.id === expiring.id)!.plans[0].expired, true);
    await db.submission.delete({ where: { id: expiring.id } });
  });

  test("a case that is not awaiting the decision refuses approval (409)", async () => {
    const early = await submitCase(patient);
    const plan = await routeWithPlan(early.id, hospitals[0].id);
    const db = await database();
    await db.submission.update({ where: { id: early.id }, data: { status: "sent_to_hospitals" } });
    const before = await snapshot(early.id);
    const response = await approve(patient.browser, early.id, { planId: plan.id });
    assert.equal(response.status, 409);
    assert.deepEqual(await snapshot(early.id), before);
    await db.submission.delete({ where: { id: early.id } });
  });

  test("approval: plan accepted, the other not selected, case plan_accepted, everyone told by bell and e-mail", async () => {
    const db = await database();
    const response = await approve(patient.browser, kase.id, { planId: planB.id });
    assert.equal(response.status, 200, await response.clone().text());
    assert.deepEqual(await response.json(), { planId: planB.id, status: "plan_accepted" });

    const plans = await db.treatmentPlan.findMany({ where: { submissionId: kase.id } });
    const accepted = plans.find((plan) => plan.id === planB.id)!;
    const notSelected = plans.find((plan) => plan.id === planA.id)!;
    assert.equal(accepted.status, "accepted");
    assert.ok(accepted.decidedAt);
    assert.equal(notSelected.status, "not_selected");
    const submission = await db.submission.findUniqueOrThrow({
      where: { id: kase.id },
      include: { statusChanges: { orderBy: { createdAt: "desc" }, take: 1 } },
    });
    assert.equal(submission.status, "plan_accepted");
    assert.equal(submission.statusChanges[0].actorId, patient.id);

    const notes = await db.notification.findMany({ where: { submissionId: kase.id }, select: { userId: true, type: true, params: true } });
    const typesFor = (userId: string) =>
      notes
        .filter((n) => n.userId === userId)
        .map((n) => n.type)
        .sort();
    assert.deepEqual(typesFor(patient.id), ["status_changed", "submission_received"]);
    assert.deepEqual(typesFor(partnerB.id), ["plan_accepted"]);
    assert.deepEqual(typesFor(partnerA.id), ["plan_not_selected"]);
    assert.equal(await db.auditEvent.count({ where: { action: "plan.approve", entityId: planB.id, actorId: patient.id } }), 1);

    await waitForMail((mail) => mail.includes(partnerB.email) && mail.includes("Plan approved") && mail.includes(kase.trackingNumber));
    await waitForMail((mail) => mail.includes(partnerA.email) && mail.includes("Another plan was chosen"));
    await waitForMail((mail) => mail.includes(patient.email) && mail.includes("Plan Accepted"));

    const [mine] = ownSubmissionsSchema.parse(await (await routes.mine(patient.browser.request("/api/my-submissions"))).json());
    assert.deepEqual(Object.fromEntries(mine.plans.map((plan) => [plan.id, plan.status])), { [planA.id]: "not_selected", [planB.id]: "accepted" });
  });

  test("a second approval, of either plan, is 409 and changes nothing", async () => {
    const before = await snapshot(kase.id);
    for (const planId of [planA.id, planB.id]) {
      const response = await approve(patient.browser, kase.id, { planId });
      assert.equal(response.status, 409);
      assert.equal(typeof ((await response.json()) as { error?: unknown }).error, "string");
    }
    assert.deepEqual(await snapshot(kase.id), before);
  });

  test("two concurrent approvals of different plans: exactly one wins", async () => {
    const race = await submitCase(patient);
    const one = await routeWithPlan(race.id, hospitals[0].id);
    const two = await routeWithPlan(race.id, hospitals[1].id);
    const statuses = (await Promise.all([approve(patient.browser, race.id, { planId: one.id }), approve(patient.browser, race.id, { planId: two.id })]))
      .map((r) => r.status)
      .sort();
    assert.deepEqual(statuses, [200, 409]);
    const db = await database();
    assert.equal(await db.treatmentPlan.count({ where: { submissionId: race.id, status: "accepted" } }), 1);
    assert.equal(await db.treatmentPlan.count({ where: { submissionId: race.id, status: "not_selected" } }), 1);
  });

  test("the database itself allows one accepted plan per case", async () => {
    const db = await database();
    await assert.rejects(db.treatmentPlan.update({ where: { id: planA.id }, data: { status: "accepted" } }));
  });

  test("adding files answers the open document requests, in the same change", async () => {
    const db = await database();
    const open = await submitCase(patient);
    const request = await db.documentRequest.create({ data: { submissionId: open.id, message: "Please send your latest echocardiogram." } });
    let [view] = ownSubmissionsSchema.parse(await (await routes.mine(patient.browser.request("/api/my-submissions"))).json()).filter((s) => s.id === open.id);
    assert.deepEqual(
      view.documentRequests.map((r) => [r.message, r.fulfilledAt]),
      [["Please send your latest echocardiogram.", null]],
    );

    // A refused upload (someone else's case) fulfils nothing.
    const body = (submissionId: string) =>
      toStream(
        multipartBody([
          { name: "submissionId", value: submissionId },
          { name: "files", file: { name: "echo.pdf", type: "application/pdf", data: samples.pdf() } },
        ]),
      );
    const refused = await routes.addFiles(other.browser.request("/api/add-files-to-submission", { body: body(open.id), contentType: MULTIPART_TYPE }));
    assert.equal(refused.status, 404);
    assert.equal((await db.documentRequest.findUniqueOrThrow({ where: { id: request.id } })).fulfilledAt, null);

    const added = await routes.addFiles(patient.browser.request("/api/add-files-to-submission", { body: body(open.id), contentType: MULTIPART_TYPE }));
    assert.equal(added.status, 201, await added.clone().text());
    assert.ok((await db.documentRequest.findUniqueOrThrow({ where: { id: request.id } })).fulfilledAt);
    [view] = ownSubmissionsSchema.parse(await (await routes.mine(patient.browser.request("/api/my-submissions"))).json()).filter((s) => s.id === open.id);
    assert.ok(view.documentRequests[0].fulfilledAt);
  });

  describe("a guest approves through their tracking cookie", () => {
    let guestCase: { id: string; trackingNumber: string };
    let guest: Browser;
    let guestPlans: { id: string }[];

    before(async () => {
      const submit = await routes.guestSubmit(
        new Browser().request("/api/medical-submissions", {
          body: toStream(
            multipartBody([
              ...validFields({ email: "halima.guest@example.com" }),
              { name: "files", file: { name: "scan.pdf", type: "application/pdf", data: samples.pdf() } },
            ]),
          ),
          contentType: MULTIPART_TYPE,
        }),
      );
      assert.equal(submit.status, 201, await submit.clone().text());
      guestCase = (await submit.json()) as typeof guestCase;
      guestPlans = [await routeWithPlan(guestCase.id, hospitals[0].id), await routeWithPlan(guestCase.id, hospitals[1].id)];
      const pair = { trackingNumber: guestCase.trackingNumber, email: "halima.guest@example.com" };
      assert.equal((await routes.trackRequest(new Browser().request("/api/track/request-code", { json: pair }))).status, 200);
      const mail = await waitForMail((text) => text.includes(`submission ${guestCase.trackingNumber} is`));
      const code = mail.match(/ is (\d{6})\./)![1];
      guest = new Browser();
      const verified = guest.remember(await routes.trackVerify(guest.request("/api/track/verify", { json: { ...pair, code } })));
      assert.equal(verified.status, 200);
    });

    test("the tracked view shows the plans; without the cookie nothing is approved", async () => {
      const view = trackedSubmissionSchema.parse(await (await routes.trackView(guest.request("/api/track/submission"))).json());
      assert.deepEqual(view.plans.map((plan) => plan.id).sort(), guestPlans.map((plan) => plan.id).sort());
      assert.equal(view.matchedHospitals.length, 2);

      const before = await snapshot(guestCase.id);
      const stranger = await callRoute(new Browser(), routes.trackApprove, "/api/track/approve-plan", { json: { planId: guestPlans[0].id } });
      assert.equal(stranger.status, 404);
      const forged = new Browser();
      const forgedRequest = forged.request("/api/track/approve-plan", {
        json: { planId: guestPlans[0].id },
        headers: { cookie: "afya_track=eyJzaWQiOiJ4In0.bad" },
      });
      assert.equal((await routes.trackApprove(forgedRequest)).status, 404);
      const wrongCase = await callRoute(guest, routes.trackApprove, "/api/track/approve-plan", { json: { planId: planA.id } });
      assert.equal(wrongCase.status, 404, "a plan of another case");
      assert.deepEqual(await snapshot(guestCase.id), before);
    });

    test("the tracked history includes the coordinator's notes, as the signed-in owner sees them", async () => {
      const db = await database();
      await db.statusChange.create({
        data: { submissionId: guestCase.id, fromStatus: "submitted", toStatus: "under_review", note: "Our cardiologist is reviewing your scans." },
      });
      const view = trackedSubmissionSchema.parse(await (await routes.trackView(guest.request("/api/track/submission"))).json());
      assert.equal(view.history.find((entry) => entry.status === "under_review")?.note, "Our cardiologist is reviewing your scans.");
      await db.statusChange.deleteMany({ where: { submissionId: guestCase.id, toStatus: "under_review" } });
    });

    test("approving moves the case and tells both hospitals; the guest is told by e-mail", async () => {
      const response = await callRoute(guest, routes.trackApprove, "/api/track/approve-plan", { json: { planId: guestPlans[0].id } });
      assert.equal(response.status, 200, await response.clone().text());
      const db = await database();
      assert.equal((await db.submission.findUniqueOrThrow({ where: { id: guestCase.id } })).status, "plan_accepted");
      assert.deepEqual(
        (await db.treatmentPlan.findMany({ where: { submissionId: guestCase.id }, orderBy: { status: "asc" } })).map((plan) => [plan.id, plan.status]).sort(),
        [
          [guestPlans[0].id, "accepted"],
          [guestPlans[1].id, "not_selected"],
        ].sort(),
      );
      const notes = await db.notification.findMany({ where: { submissionId: guestCase.id } });
      assert.deepEqual(
        notes.map((n) => [n.userId, n.type]).sort(),
        [
          [partnerA.id, "plan_accepted"],
          [partnerB.id, "plan_not_selected"],
        ].sort(),
      );
      await waitForMail((mail) => mail.includes("halima.guest@example.com") && mail.includes("Plan Accepted"));
      const again = await callRoute(guest, routes.trackApprove, "/api/track/approve-plan", { json: { planId: guestPlans[1].id } });
      assert.equal(again.status, 409);
    });
  });
});
