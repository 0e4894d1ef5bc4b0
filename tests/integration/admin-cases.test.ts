import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Browser, useFreshApp } from "./support/app";
import { callRoute, makeStaff, signUpAdmin, signUpPartner, signUpPatient, submitCase, type Actor } from "./support/actors";

type Handler = Parameters<typeof callRoute>[1];
type Db = ReturnType<(typeof import("@/lib/db"))["db"]>;

const HOUR = 60 * 60 * 1000;
const statuses = ["submitted", "under_review", "sent_to_hospitals", "responded", "plan_accepted", "closed", "cancelled"] as const;
type Status = (typeof statuses)[number];

/** What a coordinator may do by hand (workflow.manualTransitions), written out so a change there shows up here. */
const manual: Record<Status, Status[]> = {
  submitted: ["under_review", "cancelled"],
  under_review: ["cancelled"],
  sent_to_hospitals: ["cancelled"],
  responded: ["cancelled"],
  plan_accepted: ["closed"],
  closed: [],
  cancelled: [],
};

const routes: Record<"detail" | "status" | "route" | "documents" | "hospitals" | "list", Handler> = {} as never;
let database: Db;

const detail = (browser: Browser, id: string) => callRoute(browser, routes.detail, `/api/admin/cases/${id}`, { params: { id } });
const setStatus = (browser: Browser, id: string, json: unknown) => callRoute(browser, routes.status, `/api/admin/cases/${id}/status`, { json, params: { id } });
const route = (browser: Browser, id: string, json: unknown) => callRoute(browser, routes.route, `/api/admin/cases/${id}/route`, { json, params: { id } });
const requestDocs = (browser: Browser, id: string, json: unknown) =>
  callRoute(browser, routes.documents, `/api/admin/cases/${id}/document-requests`, { json, params: { id } });
const hospitals = (browser: Browser) => callRoute(browser, routes.hospitals, "/api/admin/hospitals");
const list = (browser: Browser, query = "") => callRoute(browser, routes.list, `/api/admin/all-submissions${query}`);

async function errorOf(response: Response): Promise<string> {
  const body = (await response.json()) as { error?: unknown };
  assert.equal(typeof body.error, "string", JSON.stringify(body));
  return body.error as string;
}

/** Everything a refused call must leave as it was. */
async function snapshot(submissionId: string) {
  const [submission, statusChanges, routings, documentRequests, notifications, audits] = await Promise.all([
    database.submission.findUniqueOrThrow({ where: { id: submissionId }, select: { status: true } }),
    database.statusChange.count({ where: { submissionId } }),
    database.caseRouting.count({ where: { submissionId } }),
    database.documentRequest.count({ where: { submissionId } }),
    database.notification.count({ where: { submissionId } }),
    database.auditEvent.count({ where: { entityId: submissionId, action: { in: ["submission.status_change", "case.route", "case.document_request"] } } }),
  ]);
  return { status: submission.status, statusChanges, routings, documentRequests, notifications, audits };
}

describe("admin case page APIs: status, routing, document requests, case detail", () => {
  let admin: Actor;
  let patient: Actor;
  let lockedAdmin: Actor;
  let megaPartners: Actor[];
  let sisliPartner: Actor;
  let ankaraPartner: Actor;

  before(async () => {
    await useFreshApp();
    database = (await import("@/lib/db")).db();
    routes.detail = (await import("@/app/api/admin/cases/[id]/route")).GET as Handler;
    routes.status = (await import("@/app/api/admin/cases/[id]/status/route")).POST as Handler;
    routes.route = (await import("@/app/api/admin/cases/[id]/route/route")).POST as Handler;
    routes.documents = (await import("@/app/api/admin/cases/[id]/document-requests/route")).POST as Handler;
    routes.hospitals = (await import("@/app/api/admin/hospitals/route")).GET as Handler;
    routes.list = (await import("@/app/api/admin/all-submissions/route")).GET as Handler;
    admin = await signUpAdmin();
    patient = await signUpPatient();
    lockedAdmin = await makeStaff(await signUpPatient("LockedAdmin"), "admin");
    megaPartners = [await signUpPartner("medipol-mega"), await signUpPartner("medipol-mega")];
    sisliPartner = await signUpPartner("memorial-sisli");
    ankaraPartner = await signUpPartner("memorial-ankara");
  });
  after(async () => {
    await database.$disconnect();
  });

  describe("who may call", () => {
    test("guest 401, patient and partner 404, locked admin 403 on every case route, and nothing changes", async () => {
      const { id } = await submitCase(patient);
      const before = await snapshot(id);
      const calls: [string, (browser: Browser) => Promise<Response>][] = [
        ["detail", (b) => detail(b, id)],
        ["status", (b) => setStatus(b, id, { to: "under_review" })],
        ["route", (b) => route(b, id, { hospitalIds: ["medipol-mega"] })],
        ["documents", (b) => requestDocs(b, id, { message: "Please add your latest ECG." })],
        ["hospitals", (b) => hospitals(b)],
      ];
      const callers: [string, Browser, number][] = [
        ["guest", new Browser(), 401],
        ["patient", patient.browser, 404],
        ["partner", megaPartners[0].browser, 404],
        ["locked admin", lockedAdmin.browser, 403],
      ];
      for (const [name, call] of calls)
        for (const [who, browser, expected] of callers) {
          const response = await call(browser);
          assert.equal(response.status, expected, `${name} as ${who}`);
          const body = (await response.json()) as Record<string, unknown>;
          assert.deepEqual(Object.keys(body), ["error", "code"], `${name} as ${who}: only an error, no case data`);
          assert.ok(typeof body.error === "string" && body.error && typeof body.code === "string", `${name} as ${who}`);
        }
      assert.deepEqual(await snapshot(id), before);
    });

    test("an unknown or malformed case id is a 404 on every case route", async () => {
      for (const id of ["7b0c5c1e-9a53-4a51-a8a5-8f1f1d0f6a11", "not-a-uuid", "1 OR 1=1"]) {
        assert.equal((await detail(admin.browser, id)).status, 404, id);
        assert.equal((await setStatus(admin.browser, id, { to: "under_review" })).status, 404, id);
        assert.equal((await route(admin.browser, id, { hospitalIds: ["medipol-mega"] })).status, 404, id);
        assert.equal((await requestDocs(admin.browser, id, { message: "Please add your latest ECG." })).status, 404, id);
      }
    });
  });

  test("the case page's lookup (adminCaseExists): an existing case for an unlocked admin only; unknown and malformed ids never", async () => {
    const { adminCaseExists } = await import("@/lib/admin/case-detail");
    const { getSessionUser } = await import("@/lib/auth/session");
    const userOf = async (actor: Actor) => (await getSessionUser(actor.browser.request("/").headers))!;
    const { id } = await submitCase(patient);
    assert.equal(await adminCaseExists(await userOf(admin), id), true);
    for (const actor of [lockedAdmin, patient, megaPartners[0]]) assert.equal(await adminCaseExists(await userOf(actor), id), false, actor.name);
    for (const unknown of ["7b0c5c1e-9a53-4a51-a8a5-8f1f1d0f6a11", "not-a-uuid", "1 OR 1=1"])
      assert.equal(await adminCaseExists(await userOf(admin), unknown), false, unknown);
  });

  describe("GET /api/admin/cases/[id]", () => {
    test("answers the whole case with its allowed manual moves", async () => {
      const { id, trackingNumber } = await submitCase(patient);
      const response = await detail(admin.browser, id);
      assert.equal(response.status, 200);
      const body = (await response.json()) as Record<string, unknown> & {
        files: { originalName: string }[];
        routings: unknown[];
        documentRequests: unknown[];
        actions: Record<string, unknown>;
        routing: unknown;
      };
      assert.equal(body.id, id);
      assert.equal(body.trackingNumber, trackingNumber);
      assert.equal(body.status, "submitted");
      assert.equal(body.consentFullName, "Amina Bello");
      assert.deepEqual(
        body.files.map((f) => f.originalName),
        ["scan.pdf"],
      );
      assert.deepEqual(body.routings, []);
      assert.deepEqual(body.documentRequests, []);
      assert.deepEqual(body.routing, { hospitals: 0, overdue: 0 });
      assert.deepEqual(body.actions, { transitions: ["under_review", "cancelled"], canRoute: true, canRequestDocuments: true });
      assert.ok(!JSON.stringify(body).includes("storageKey"));
    });
  });

  describe("POST /api/admin/cases/[id]/status", () => {
    test("each manual move is allowed and every other one refused with 409 and no change", async () => {
      const { id } = await submitCase(patient);
      for (const from of statuses)
        for (const to of statuses) {
          await database.submission.update({ where: { id }, data: { status: from } });
          const before = await snapshot(id);
          const note = `${from} to ${to}`;
          const response = await setStatus(admin.browser, id, { to, note });
          if (manual[from].includes(to)) {
            assert.equal(response.status, 200, `${note}: ${await response.clone().text()}`);
            const body = (await response.json()) as { case: { status: string; history: { to: string; note: string; by: { name: string } | null }[] } };
            assert.equal(body.case.status, to);
            assert.deepEqual(body.case.history.at(-1), { ...body.case.history.at(-1), to, note, by: { name: admin.name, role: "admin" } });
            const change = await database.statusChange.findFirstOrThrow({ where: { submissionId: id }, orderBy: { createdAt: "desc" } });
            assert.deepEqual([change.fromStatus, change.toStatus, change.actorId, change.note], [from, to, admin.id, note]);
            const told = await database.notification.findFirstOrThrow({
              where: { submissionId: id, userId: patient.id, type: "status_changed" },
              orderBy: { createdAt: "desc" },
            });
            assert.equal((told.params as { status: string }).status, to);
            assert.equal((await snapshot(id)).notifications, before.notifications + 1);
          } else {
            assert.equal(response.status, 409, note);
            assert.match(await errorOf(response), /cannot/);
            assert.deepEqual(await snapshot(id), before, note);
          }
        }
    });

    test("the refusal says what is possible instead", async () => {
      const { id } = await submitCase(patient);
      const response = await setStatus(admin.browser, id, { to: "responded" });
      assert.equal(response.status, 409);
      assert.equal(
        await errorOf(response),
        "A case cannot be moved from submitted to responded by hand. From submitted it can be moved to: under review or cancelled.",
      );
    });

    test("a note over 1000 characters or an unknown status is a 400 and changes nothing", async () => {
      const { id } = await submitCase(patient);
      const before = await snapshot(id);
      for (const json of [{ to: "under_review", note: "x".repeat(1001) }, { to: "archived" }, {}, { to: "under_review", note: 5 }]) {
        const response = await setStatus(admin.browser, id, json);
        assert.equal(response.status, 400, JSON.stringify(json));
        await errorOf(response);
      }
      assert.deepEqual(await snapshot(id), before);
    });
  });

  describe("POST /api/admin/cases/[id]/route", () => {
    test("routes to each hospital with a 72-hour clock, moves the case and tells the patient and each hospital's partners", async () => {
      const { id, trackingNumber } = await submitCase(patient);
      assert.equal((await setStatus(admin.browser, id, { to: "under_review" })).status, 200);
      const started = Date.now();
      const response = await route(admin.browser, id, { hospitalIds: ["medipol-mega", "memorial-sisli"], note: "Cardiac surgery centres" });
      assert.equal(response.status, 200, await response.clone().text());
      const body = (await response.json()) as {
        routed: { hospitalId: string }[];
        skipped: string[];
        case: { status: string; routings: { hospitalName: string; overdue: boolean; status: string }[] };
      };
      assert.deepEqual(body.routed.map((r) => r.hospitalId).sort(), ["medipol-mega", "memorial-sisli"]);
      assert.deepEqual(body.skipped, []);
      assert.equal(body.case.status, "sent_to_hospitals");
      assert.deepEqual(
        body.case.routings.map((r) => [r.hospitalName, r.status, r.overdue]).sort(),
        [
          ["Medipol Mega University Hospital", "awaiting_response", false],
          ["Memorial Şişli Hospital", "awaiting_response", false],
        ].sort(),
      );

      const rows = await database.caseRouting.findMany({ where: { submissionId: id } });
      assert.equal(rows.length, 2);
      for (const row of rows) {
        assert.equal(row.dueAt.getTime() - row.routedAt.getTime(), 72 * HOUR);
        assert.ok(row.routedAt.getTime() >= started - 1000 && row.routedAt.getTime() <= Date.now());
        assert.equal(row.destinationCountry, "Turkey");
        assert.equal(row.transferBasis, "explicit_consent");
        assert.equal(row.routedById, admin.id);
      }

      const change = await database.statusChange.findFirstOrThrow({ where: { submissionId: id, toStatus: "sent_to_hospitals" } });
      // The note is for the hospitals: kept on each routing, not in the patient's history.
      assert.deepEqual([change.fromStatus, change.actorId, change.note], ["under_review", admin.id, null]);
      assert.deepEqual(
        rows.map((row) => row.coordinatorNote),
        ["Cardiac surgery centres", "Cardiac surgery centres"],
      );
      assert.deepEqual(
        body.case.routings.map((routing) => (routing as unknown as { coordinatorNote: string }).coordinatorNote),
        ["Cardiac surgery centres", "Cardiac surgery centres"],
      );
      const patientNotes = await database.notification.findMany({ where: { submissionId: id, userId: patient.id, type: "status_changed" } });
      assert.deepEqual(patientNotes.map((n) => (n.params as { status: string }).status).sort(), ["sent_to_hospitals", "under_review"]);

      const dueAt = rows[0].dueAt.toISOString().slice(0, 16).replace("T", " ") + " UTC";
      for (const partner of [...megaPartners, sisliPartner]) {
        const notes = await database.notification.findMany({ where: { userId: partner.id, submissionId: id } });
        assert.equal(notes.length, 1, partner.name);
        assert.equal(notes[0].type, "case_routed");
        assert.equal(notes[0].actionUrl, `/partner/cases/${id}`);
        assert.equal((notes[0].params as { trackingNumber: string }).trackingNumber, trackingNumber);
        assert.equal((notes[0].params as { dueAt: string }).dueAt, dueAt);
      }
      assert.equal(await database.notification.count({ where: { userId: ankaraPartner.id } }), 0);

      const audits = await database.auditEvent.findMany({ where: { action: "case.route", entityId: id } });
      assert.equal(audits.length, 1);
      assert.deepEqual((audits[0].metadata as { hospitalIds: string[] }).hospitalIds.sort(), ["medipol-mega", "memorial-sisli"]);
      assert.equal(audits[0].actorId, admin.id);

      // Routing again: the hospital already routed is skipped, the new one gets its own clock; no status change.
      const again = await route(admin.browser, id, { hospitalIds: ["medipol-mega", "memorial-ankara"] });
      assert.equal(again.status, 200, await again.clone().text());
      const second = (await again.json()) as { routed: { hospitalId: string }[]; skipped: string[] };
      assert.deepEqual(
        second.routed.map((r) => r.hospitalId),
        ["memorial-ankara"],
      );
      assert.deepEqual(second.skipped, ["medipol-mega"]);
      assert.equal(await database.caseRouting.count({ where: { submissionId: id } }), 3);
      assert.equal(await database.statusChange.count({ where: { submissionId: id, toStatus: "sent_to_hospitals" } }), 1);
      assert.equal(await database.notification.count({ where: { userId: megaPartners[0].id, submissionId: id } }), 1);
      assert.equal(await database.notification.count({ where: { userId: ankaraPartner.id, submissionId: id, type: "case_routed" } }), 1);
      assert.equal(await database.notification.count({ where: { userId: patient.id, submissionId: id, type: "status_changed" } }), 2);

      // And once more with only routed hospitals: not an error, nothing duplicated.
      const before = await snapshot(id);
      const third = await route(admin.browser, id, { hospitalIds: ["memorial-ankara", "medipol-mega"] });
      assert.equal(third.status, 200);
      assert.deepEqual(((await third.json()) as { routed: unknown[] }).routed, []);
      assert.deepEqual({ ...(await snapshot(id)), audits: before.audits }, before);
    });

    test("a submitted case goes straight to sent_to_hospitals", async () => {
      const { id } = await submitCase(patient);
      const response = await route(admin.browser, id, { hospitalIds: ["medipol-mega"] });
      assert.equal(response.status, 200, await response.clone().text());
      const change = await database.statusChange.findFirstOrThrow({ where: { submissionId: id, toStatus: "sent_to_hospitals" } });
      assert.deepEqual([change.fromStatus, change.note], ["submitted", null]);
    });

    test("a responded case can be sent to one more hospital and stays responded", async () => {
      const { id } = await submitCase(patient);
      await database.submission.update({ where: { id }, data: { status: "responded" } });
      const response = await route(admin.browser, id, { hospitalIds: ["memorial-antalya"] });
      assert.equal(response.status, 200, await response.clone().text());
      assert.equal((await snapshot(id)).status, "responded");
      assert.equal(await database.caseRouting.count({ where: { submissionId: id } }), 1);
    });

    test("bad hospital lists are a 400 naming the problem, and nothing changes", async () => {
      const { id } = await submitCase(patient);
      const before = await snapshot(id);
      const cases: [unknown, RegExp, string][] = [
        [{ hospitalIds: ["medipol-mega", "no-such-hospital"] }, /no-such-hospital/, "hospitalIds"],
        [{ hospitalIds: [] }, /at least one hospital/, "hospitalIds"],
        [{}, /Please check this field/, "hospitalIds"],
        [{ hospitalIds: "medipol-mega" }, /Please check this field/, "hospitalIds"],
        [{ hospitalIds: ["medipol-mega", "medipol-mega"] }, /once/, "hospitalIds"],
        [{ hospitalIds: Array.from({ length: 11 }, (_, i) => `hospital-${i}`) }, /at most 10/, "hospitalIds"],
        [{ hospitalIds: ["medipol-mega"], note: "x".repeat(1001) }, /1000/, "note"],
      ];
      for (const [json, message, field] of cases) {
        const response = await route(admin.browser, id, json);
        assert.equal(response.status, 400, JSON.stringify(json));
        assert.equal(((await response.clone().json()) as { field?: string }).field, field, JSON.stringify(json));
        assert.match(await errorOf(response), message);
      }
      await database.hospital.update({ where: { id: "memorial-kayseri" }, data: { active: false } });
      try {
        const response = await route(admin.browser, id, { hospitalIds: ["memorial-kayseri"] });
        assert.equal(response.status, 400);
        assert.match(await errorOf(response), /memorial-kayseri/);
      } finally {
        await database.hospital.update({ where: { id: "memorial-kayseri" }, data: { active: true } });
      }
      assert.deepEqual(await snapshot(id), before);
    });

    test("a case with an accepted plan, closed or cancelled cannot be routed (409, no change)", async () => {
      const { id } = await submitCase(patient);
      for (const status of ["plan_accepted", "closed", "cancelled"] as const) {
        await database.submission.update({ where: { id }, data: { status } });
        const before = await snapshot(id);
        const response = await route(admin.browser, id, { hospitalIds: ["medipol-mega"] });
        assert.equal(response.status, 409, status);
        assert.match(await errorOf(response), /cannot be sent to hospitals/);
        assert.deepEqual(await snapshot(id), before);
      }
    });

    test("GET /api/admin/hospitals lists active hospitals with their partner users", async () => {
      const response = await hospitals(admin.browser);
      assert.equal(response.status, 200);
      const body = (await response.json()) as { hospitals: { id: string; name: string; city: string; country: string; partnerUsers: number }[] };
      const mega = body.hospitals.find((h) => h.id === "medipol-mega");
      assert.deepEqual(mega, { id: "medipol-mega", name: "Medipol Mega University Hospital", city: "Istanbul", country: "Turkey", partnerUsers: 2 });
      assert.equal(body.hospitals.find((h) => h.id === "memorial-bahcelievler")?.partnerUsers, 0);
      assert.equal(body.hospitals.length, await database.hospital.count({ where: { active: true } }));
    });
  });

  describe("POST /api/admin/cases/[id]/document-requests", () => {
    test("stores the request, tells the patient and audits it", async () => {
      const { id, trackingNumber } = await submitCase(patient);
      const message = "Please add your latest echocardiogram report.";
      const response = await requestDocs(admin.browser, id, { message: `  ${message} ` });
      assert.equal(response.status, 201, await response.clone().text());
      const body = (await response.json()) as {
        documentRequest: { id: string; message: string };
        case: { documentRequests: { message: string; fulfilledAt: null; requestedBy: { name: string } }[] };
      };
      assert.equal(body.documentRequest.message, message);
      assert.deepEqual(
        body.case.documentRequests.map((r) => [r.message, r.fulfilledAt, r.requestedBy.name]),
        [[message, null, admin.name]],
      );
      const row = await database.documentRequest.findUniqueOrThrow({ where: { id: body.documentRequest.id } });
      assert.deepEqual([row.submissionId, row.requestedById, row.message, row.fulfilledAt], [id, admin.id, message, null]);
      const notes = await database.notification.findMany({ where: { submissionId: id, type: "document_request" } });
      assert.equal(notes.length, 1);
      assert.equal(notes[0].userId, patient.id);
      assert.deepEqual(notes[0].params, { trackingNumber, request: message });
      assert.equal(await database.auditEvent.count({ where: { action: "case.document_request", entityId: id, actorId: admin.id } }), 1);
    });

    test("a closed or cancelled case is a 409; a too short or too long message a 400; nothing changes", async () => {
      const { id } = await submitCase(patient);
      for (const json of [{ message: "ECG" }, { message: "    ab    " }, { message: "x".repeat(2001) }, {}, { message: 42 }]) {
        const before = await snapshot(id);
        const response = await requestDocs(admin.browser, id, json);
        assert.equal(response.status, 400, JSON.stringify(json));
        await errorOf(response);
        assert.deepEqual(await snapshot(id), before);
      }
      for (const status of ["closed", "cancelled"] as const) {
        await database.submission.update({ where: { id }, data: { status } });
        const before = await snapshot(id);
        const response = await requestDocs(admin.browser, id, { message: "Please add your latest ECG." });
        assert.equal(response.status, 409, status);
        assert.match(await errorOf(response), new RegExp(status));
        assert.deepEqual(await snapshot(id), before);
      }
    });
  });

  describe("the dashboard list", () => {
    test("filters combine, and each card says how many hospitals have the case and whether one is overdue", async () => {
      const other = await signUpPatient("Filtered");
      const urgentCardio = await submitCase(other, { urgency: "urgent", specialty: "cardiology" });
      const standardOnco = await submitCase(other, { urgency: "standard", specialty: "oncology" });
      assert.equal((await route(admin.browser, urgentCardio.id, { hospitalIds: ["medipol-camlica", "memorial-atasehir"] })).status, 200);
      type Page = { items: { id: string; routing: { hospitals: number; overdue: number } }[]; counts: { total: number } };
      const page = async (query: string) => {
        const response = await list(admin.browser, query);
        assert.equal(response.status, 200, query);
        return (await response.json()) as Page;
      };
      const q = `&q=${encodeURIComponent(other.email)}`;
      assert.deepEqual(
        (await page(`?status=sent_to_hospitals${q}`)).items.map((i) => i.id),
        [urgentCardio.id],
      );
      assert.deepEqual(
        (await page(`?urgency=standard${q}`)).items.map((i) => i.id),
        [standardOnco.id],
      );
      assert.deepEqual(
        (await page(`?specialty=oncology&source=authenticated${q}`)).items.map((i) => i.id),
        [standardOnco.id],
      );
      assert.deepEqual((await page(`?specialty=cardiology&urgency=standard${q}`)).items, []);
      assert.deepEqual((await page(`?source=guest${q}`)).counts.total, 0);
      assert.equal((await list(admin.browser, "?status=archived")).status, 400);

      const card = async () => (await page(`?q=${encodeURIComponent(urgentCardio.trackingNumber)}`)).items[0].routing;
      assert.deepEqual(await card(), { hospitals: 2, overdue: 0 });
      // One hospital's 72 hours run out; one that already answered is never overdue.
      await database.caseRouting.updateMany({
        where: { submissionId: urgentCardio.id, hospitalId: "medipol-camlica" },
        data: { dueAt: new Date(Date.now() - HOUR) },
      });
      await database.caseRouting.updateMany({
        where: { submissionId: urgentCardio.id, hospitalId: "memorial-atasehir" },
        data: { dueAt: new Date(Date.now() - HOUR), status: "declined", declineReason: "No capacity" },
      });
      assert.deepEqual(await card(), { hospitals: 2, overdue: 1 });
      const body = (await (await detail(admin.browser, urgentCardio.id)).json()) as {
        routings: { hospitalId: string; overdue: boolean; declineReason: string | null }[];
      };
      assert.deepEqual(body.routings.map((r) => [r.hospitalId, r.overdue, r.declineReason]).sort(), [
        ["medipol-camlica", true, null],
        ["memorial-atasehir", false, "No capacity"],
      ]);
    });
  });
});
