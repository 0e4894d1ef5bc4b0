import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Browser, useFreshApp } from "./support/app";
import { callRoute, makeStaff, signUpAdmin, signUpPartner, signUpPatient, submitCase, type Actor } from "./support/actors";
import { multipartBody, MULTIPART_TYPE, samples, toStream } from "./support/multipart";

/**
 * Every admin, partner and patient-case route, called by every kind of person, with the answer each
 * must get. For state-changing routes the people who are allowed send a request that passes
 * authorization but is refused by the case's state (409) or changes nothing harmful, so the matrix can
 * run in any order; the patient's approval comes last. Afterwards: nobody saw anyone else's data.
 */
type Handler = (request: Request, context?: { params: Promise<Record<string, string>> }) => Promise<Response>;
type Who = "guest" | "owner" | "otherPatient" | "otherPartner" | "routedPartner" | "lockedAdmin" | "admin" | StaffWithoutTwoFactor;
/** Staff accounts that have not set up two-factor authentication: staff routes tell them to (403); elsewhere they are treated as patients. */
type StaffWithoutTwoFactor = "adminWithoutTwoFactor" | "routedPartnerWithoutTwoFactor";
const everyone: Who[] = ["guest", "otherPatient", "otherPartner", "routedPartner", "lockedAdmin", "admin", "adminWithoutTwoFactor", "routedPartnerWithoutTwoFactor", "owner"];

const ROUTED_HOSPITAL = "medipol-mega";
const OTHER_HOSPITAL = "memorial-sisli";
const inDays = (days: number) => new Date(Date.now() + days * 24 * 3600 * 1000).toISOString().slice(0, 10);
const plan = {
  diagnosisSummary: "Coronary artery disease with two narrowed vessels.",
  proposedTreatment: "Coronary artery bypass grafting (two grafts).",
  included: "Surgery, 7 nights in hospital, follow-up visits, interpreter.",
  lengthOfStayDays: 12,
  priceMin: 12000,
  priceMax: 15000,
  currency: "USD",
  validUntil: inDays(30),
  leadDoctor: "Prof. Dr. Ayşe Demir",
};

/** Admin-only routes: guests must sign in, other roles are told nothing exists, a locked admin must unlock. */
const adminOnly = { guest: 401, owner: 404, otherPatient: 404, otherPartner: 404, routedPartner: 404, lockedAdmin: 403, adminWithoutTwoFactor: 403 } as const;
/** Partner-only routes about the case: only the hospital it was routed to may see it. */
const routedPartnerOnly = { guest: 401, owner: 404, otherPatient: 404, otherPartner: 404, lockedAdmin: 404, admin: 404, routedPartnerWithoutTwoFactor: 403 } as const;
/** Routes for any staff member (the transcription center). */
const staffWithoutTwoFactor = { adminWithoutTwoFactor: 403, routedPartnerWithoutTwoFactor: 403 } as const;

interface Row {
  name: string;
  module: string;
  method: "GET" | "POST" | "DELETE";
  path: () => string;
  params?: () => Record<string, string>;
  json?: () => unknown;
  /** Staff without two-factor authentication get what `otherPatient` gets unless the row says otherwise. */
  expect: Record<Exclude<Who, StaffWithoutTwoFactor>, number> & Partial<Record<StaffWithoutTwoFactor, number>>;
}

function expected(row: Row, who: Who): number {
  return row.expect[who] ?? row.expect.otherPatient;
}

describe("authorization matrix: admin, partner and patient-case routes for every kind of person", () => {
  const people = {} as Record<Who, Actor | null>;
  let caseId: string;
  let trackingNumber: string;
  let fileId: string;
  let planId: string;
  let ownerNotificationId: string;
  let transcriptionId: string;
  let ownerSessionId: string;
  const browserOf = (who: Who) => people[who]?.browser ?? new Browser();

  before(async () => {
    await useFreshApp();
    const { db } = await import("@/lib/db");
    people.guest = null;
    people.owner = await signUpPatient("Owner");
    people.otherPatient = await signUpPatient("Stranger");
    people.otherPartner = await signUpPartner(OTHER_HOSPITAL, "OtherHospital");
    people.routedPartner = await signUpPartner(ROUTED_HOSPITAL, "RoutedHospital");
    people.admin = await signUpAdmin("Coordinator");
    people.lockedAdmin = await makeStaff(await signUpPatient("LockedAdmin"), "admin");
    people.adminWithoutTwoFactor = await signUpPatient("AdminNo2fa");
    people.routedPartnerWithoutTwoFactor = await signUpPatient("PartnerNo2fa");
    await db().user.update({ where: { id: people.adminWithoutTwoFactor.id }, data: { role: "admin" } });
    await db().user.update({ where: { id: people.routedPartnerWithoutTwoFactor.id }, data: { role: "partner", hospitalId: ROUTED_HOSPITAL } });

    ({ id: caseId, trackingNumber } = await submitCase(people.owner));
    await submitCase(people.otherPatient);
    fileId = (await db().submissionFile.findFirstOrThrow({ where: { submissionId: caseId } })).id;

    const routeCase = (await import("@/app/api/admin/cases/[id]/route/route")).POST as Handler;
    const routed = await callRoute(people.admin.browser, routeCase, `/api/admin/cases/${caseId}/route`, { json: { hospitalIds: [ROUTED_HOSPITAL] }, params: { id: caseId } });
    assert.equal(routed.status, 200, await routed.clone().text());
    const answer = (await import("@/app/api/partner/cases/[id]/plan/route")).POST as Handler;
    const planned = await callRoute(people.routedPartner.browser, answer, `/api/partner/cases/${caseId}/plan`, { json: plan, params: { id: caseId } });
    assert.equal(planned.status, 201, await planned.clone().text());
    planId = (await db().treatmentPlan.findFirstOrThrow({ where: { submissionId: caseId } })).id;
    ownerNotificationId = (await db().notification.findFirstOrThrow({ where: { userId: people.owner.id } })).id;
    ownerSessionId = (await db().session.findFirstOrThrow({ where: { userId: people.owner.id } })).id;

    // A transcription uploaded by the routed hospital's partner user (consent first, as the upload center does).
    const consent = (await import("@/app/api/consent/route")).POST as Handler;
    const given = await callRoute(people.routedPartner.browser, consent, "/api/consent", { json: { consentType: "recording", granted: true } });
    assert.equal(given.status, 201);
    const consentId = ((await given.json()) as { id: string }).id;
    const transcriptions = (await import("@/app/api/transcriptions/route")).POST as Handler;
    const body = multipartBody([{ name: "consentIds", value: consentId }, { name: "meetingType", value: "case-review" }, { name: "file", file: { name: "notes.pdf", type: "application/pdf", data: samples.pdf() } }]);
    const uploaded = people.routedPartner.browser.remember(
      await transcriptions(people.routedPartner.browser.request("/api/transcriptions", { body: toStream(body), contentType: MULTIPART_TYPE })),
    );
    assert.equal(uploaded.status, 201, await uploaded.clone().text());
    transcriptionId = ((await uploaded.json()) as { id: string }).id;
  });
  after(async () => (await import("@/lib/db")).db().$disconnect());

  const rows: Row[] = [
    { name: "list all submissions", module: "admin/all-submissions", method: "GET", path: () => "/api/admin/all-submissions", expect: { ...adminOnly, admin: 200 } },
    { name: "case detail", module: "admin/cases/[id]", method: "GET", path: () => `/api/admin/cases/${caseId}`, params: () => ({ id: caseId }), expect: { ...adminOnly, admin: 200 } },
    { name: "hospitals", module: "admin/hospitals", method: "GET", path: () => "/api/admin/hospitals", expect: { ...adminOnly, admin: 200 } },
    { name: "partners and invitations", module: "admin/partners", method: "GET", path: () => "/api/admin/partners", expect: { ...adminOnly, admin: 200 } },
    { name: "audit log", module: "admin/audit", method: "GET", path: () => `/api/admin/audit?submissionId=${caseId}`, expect: { ...adminOnly, admin: 200 } },
    { name: "storage status", module: "test-google-drive", method: "GET", path: () => "/api/test-google-drive", expect: { ...adminOnly, admin: 200 } },
    {
      name: "status change (not allowed from responded: 409 for the admin)",
      module: "admin/cases/[id]/status",
      method: "POST",
      path: () => `/api/admin/cases/${caseId}/status`,
      params: () => ({ id: caseId }),
      json: () => ({ to: "closed", note: "matrix" }),
      expect: { ...adminOnly, admin: 409 },
    },
    {
      name: "routing (already routed there: nothing new for the admin)",
      module: "admin/cases/[id]/route",
      method: "POST",
      path: () => `/api/admin/cases/${caseId}/route`,
      params: () => ({ id: caseId }),
      json: () => ({ hospitalIds: [ROUTED_HOSPITAL] }),
      expect: { ...adminOnly, admin: 200 },
    },
    {
      name: "document request",
      module: "admin/cases/[id]/document-requests",
      method: "POST",
      path: () => `/api/admin/cases/${caseId}/document-requests`,
      params: () => ({ id: caseId }),
      json: () => ({ message: "Please add your latest ECG." }),
      expect: { ...adminOnly, admin: 201 },
    },
    {
      name: "partner invitation (e-mail already has an account: 409 for the admin)",
      module: "admin/partners",
      method: "POST",
      path: () => "/api/admin/partners",
      json: () => ({ name: "Someone", email: people.owner!.email, hospitalId: ROUTED_HOSPITAL }),
      expect: { ...adminOnly, admin: 409 },
    },
    { name: "partner case list", module: "partner/cases", method: "GET", path: () => "/api/partner/cases", expect: { ...routedPartnerOnly, otherPartner: 200, routedPartner: 200 } },
    { name: "partner case detail", module: "partner/cases/[id]", method: "GET", path: () => `/api/partner/cases/${caseId}`, params: () => ({ id: caseId }), expect: { ...routedPartnerOnly, routedPartner: 200 } },
    {
      name: "treatment plan (already answered: 409 for the routed hospital)",
      module: "partner/cases/[id]/plan",
      method: "POST",
      path: () => `/api/partner/cases/${caseId}/plan`,
      params: () => ({ id: caseId }),
      json: () => plan,
      expect: { ...routedPartnerOnly, routedPartner: 409 },
    },
    {
      name: "decline (already answered: 409 for the routed hospital)",
      module: "partner/cases/[id]/decline",
      method: "POST",
      path: () => `/api/partner/cases/${caseId}/decline`,
      params: () => ({ id: caseId }),
      json: () => ({ reason: "We do not offer this treatment." }),
      expect: { ...routedPartnerOnly, routedPartner: 409 },
    },
    {
      name: "appointment (plan not accepted yet: 409 for the routed hospital)",
      module: "partner/cases/[id]/appointment",
      method: "POST",
      path: () => `/api/partner/cases/${caseId}/appointment`,
      params: () => ({ id: caseId }),
      json: () => ({ at: new Date(Date.now() + 20 * 24 * 3600 * 1000).toISOString(), note: "Admission at 8:00" }),
      expect: { ...routedPartnerOnly, routedPartner: 409 },
    },
    {
      name: "file download",
      module: "files/[id]",
      method: "GET",
      path: () => `/api/files/${fileId}`,
      params: () => ({ id: fileId }),
      expect: { guest: 404, owner: 200, otherPatient: 404, otherPartner: 404, routedPartner: 200, lockedAdmin: 200, admin: 200 },
    },
    {
      name: "DICOM metadata (a PDF: 415 for those who may read it)",
      module: "files/[id]/dicom",
      method: "GET",
      path: () => `/api/files/${fileId}/dicom`,
      params: () => ({ id: fileId }),
      expect: { guest: 404, owner: 415, otherPatient: 404, otherPartner: 404, routedPartner: 415, lockedAdmin: 415, admin: 415 },
    },
    {
      name: "DICOM preview image (a PDF: 415 for those who may read it)",
      module: "files/[id]/dicom-image",
      method: "GET",
      path: () => `/api/files/${fileId}/dicom-image`,
      params: () => ({ id: fileId }),
      expect: { guest: 404, owner: 415, otherPatient: 404, otherPartner: 404, routedPartner: 415, lockedAdmin: 415, admin: 415 },
    },
    {
      name: "signed download link",
      module: "files/[id]/signed-link",
      method: "POST",
      path: () => `/api/files/${fileId}/signed-link`,
      params: () => ({ id: fileId }),
      json: () => ({}),
      expect: { guest: 404, owner: 200, otherPatient: 404, otherPartner: 404, routedPartner: 200, lockedAdmin: 200, admin: 200 },
    },
    {
      name: "own submissions",
      module: "my-submissions",
      method: "GET",
      path: () => "/api/my-submissions",
      expect: { guest: 401, owner: 200, otherPatient: 200, otherPartner: 200, routedPartner: 200, lockedAdmin: 200, admin: 200 },
    },
    {
      name: "own notifications",
      module: "notifications",
      method: "GET",
      path: () => "/api/notifications",
      expect: { guest: 401, owner: 200, otherPatient: 200, otherPartner: 200, routedPartner: 200, lockedAdmin: 200, admin: 200 },
    },
    {
      name: "mark the owner's notification read",
      module: "notifications/[id]/read",
      method: "POST",
      path: () => `/api/notifications/${ownerNotificationId}/read`,
      params: () => ({ id: ownerNotificationId }),
      json: () => ({}),
      expect: { guest: 401, owner: 200, otherPatient: 404, otherPartner: 404, routedPartner: 404, lockedAdmin: 404, admin: 404 },
    },
    {
      name: "consent for the transcription center (staff only)",
      module: "consent",
      method: "POST",
      path: () => "/api/consent",
      json: () => ({ consentType: "analysis", granted: true }),
      expect: { guest: 401, owner: 404, otherPatient: 404, otherPartner: 201, routedPartner: 201, lockedAdmin: 201, admin: 201, ...staffWithoutTwoFactor },
    },
    {
      name: "transcription list (staff: their own; admins: all)",
      module: "transcriptions",
      method: "GET",
      path: () => "/api/transcriptions",
      expect: { guest: 401, owner: 404, otherPatient: 404, otherPartner: 200, routedPartner: 200, lockedAdmin: 200, admin: 200, ...staffWithoutTwoFactor },
    },
    {
      name: "transcription detail (the uploader and admins)",
      module: "transcriptions/[id]",
      method: "GET",
      path: () => `/api/transcriptions/${transcriptionId}`,
      params: () => ({ id: transcriptionId }),
      expect: { guest: 401, owner: 404, otherPatient: 404, otherPartner: 404, routedPartner: 200, lockedAdmin: 200, admin: 200, ...staffWithoutTwoFactor },
    },
    {
      name: "transcription source file",
      module: "transcriptions/[id]/file",
      method: "GET",
      path: () => `/api/transcriptions/${transcriptionId}/file`,
      params: () => ({ id: transcriptionId }),
      expect: { guest: 401, owner: 404, otherPatient: 404, otherPartner: 404, routedPartner: 200, lockedAdmin: 200, admin: 200, ...staffWithoutTwoFactor },
    },
    {
      name: "transcript as .txt (not transcribed yet: 409 for those who may read it)",
      module: "transcriptions/[id]/text",
      method: "GET",
      path: () => `/api/transcriptions/${transcriptionId}/text`,
      params: () => ({ id: transcriptionId }),
      expect: { guest: 401, owner: 404, otherPatient: 404, otherPartner: 404, routedPartner: 409, lockedAdmin: 409, admin: 409, ...staffWithoutTwoFactor },
    },
    { name: "download my data (each their own)", module: "account/export", method: "GET", path: () => "/api/account/export", expect: { guest: 401, owner: 200, otherPatient: 200, otherPartner: 200, routedPartner: 200, lockedAdmin: 200, admin: 200 } },
    { name: "my sessions", module: "account/sessions", method: "GET", path: () => "/api/account/sessions", expect: { guest: 401, owner: 200, otherPatient: 200, otherPartner: 200, routedPartner: 200, lockedAdmin: 200, admin: 200 } },
    {
      name: "delete my account with the wrong confirmation (400 for everyone signed in; nothing deleted)",
      module: "account",
      method: "DELETE",
      path: () => "/api/account",
      json: () => ({ confirmEmail: "someone-else@example.com" }),
      expect: { guest: 401, owner: 400, otherPatient: 400, otherPartner: 400, routedPartner: 400, lockedAdmin: 400, admin: 400 },
    },
    {
      name: "guest plan approval without a tracking cookie",
      module: "track/approve-plan",
      method: "POST",
      path: () => "/api/track/approve-plan",
      json: () => ({ planId }),
      expect: { guest: 404, owner: 404, otherPatient: 404, otherPartner: 404, routedPartner: 404, lockedAdmin: 404, admin: 404 },
    },
    {
      name: "transcription delete (the uploader; it succeeds, so nobody after can find it)",
      module: "transcriptions/[id]",
      method: "DELETE",
      path: () => `/api/transcriptions/${transcriptionId}`,
      params: () => ({ id: transcriptionId }),
      // People are asked in the order of `everyone`: the uploader (routedPartner) deletes it; the admins after find nothing.
      expect: { guest: 401, otherPatient: 404, otherPartner: 404, routedPartner: 204, lockedAdmin: 404, admin: 404, owner: 404, ...staffWithoutTwoFactor },
    },
    {
      name: "plan approval (only the owner; last, because it succeeds)",
      module: "my-submissions/[id]/approve-plan",
      method: "POST",
      path: () => `/api/my-submissions/${caseId}/approve-plan`,
      params: () => ({ id: caseId }),
      json: () => ({ planId }),
      expect: { guest: 401, owner: 200, otherPatient: 404, otherPartner: 404, routedPartner: 404, lockedAdmin: 404, admin: 404 },
    },
    {
      name: "end the owner's session (only the owner; the very last row, since it signs them out)",
      module: "account/sessions/[id]",
      method: "DELETE",
      path: () => `/api/account/sessions/${ownerSessionId}`,
      params: () => ({ id: ownerSessionId }),
      expect: { guest: 401, otherPatient: 404, otherPartner: 404, routedPartner: 404, lockedAdmin: 404, admin: 404, owner: 200 },
    },
  ];

  test("every route answers every person as expected", async () => {
    const mismatches: string[] = [];
    for (const row of rows) {
      const handler = (await import(`@/app/api/${row.module}/route`))[row.method] as Handler;
      for (const who of everyone) {
        const response = await callRoute(browserOf(who), handler, row.path(), { method: row.method, json: row.json?.(), params: row.params?.() });
        if (response.status !== expected(row, who)) mismatches.push(`${row.name} as ${who}: ${response.status} (expected ${expected(row, who)}) ${await response.text()}`);
        else if (response.status >= 400) {
          const { error } = (await response.json()) as { error?: unknown };
          assert.ok(typeof error === "string", `${row.name} as ${who}: JSON error body`);
          if (response.status === 403 && who.endsWith("WithoutTwoFactor")) assert.match(error, /two-factor authentication is required/i, `${row.name} as ${who}`);
        }
      }
    }
    assert.deepEqual(mismatches, []);
  });

  test("refused people changed nothing: one plan (now accepted), one routing, one document request", async () => {
    const { db } = await import("@/lib/db");
    const submission = await db().submission.findUniqueOrThrow({ where: { id: caseId }, include: { plans: true, routings: true, documentRequests: true } });
    assert.equal(submission.status, "plan_accepted");
    assert.deepEqual(submission.plans.map((p) => p.status), ["accepted"]);
    assert.equal(submission.routings.length, 1);
    assert.equal(submission.documentRequests.length, 1);
    assert.equal(await db().partnerInvitation.count(), 0);
    assert.equal(await db().user.count(), 8, "no account was deleted");
  });

  test("nobody sees another hospital's or another patient's case", async () => {
    const read = async (who: Who, module: string, path: string) => {
      const handler = (await import(`@/app/api/${module}/route`)).GET as Handler;
      return (await callRoute(browserOf(who), handler, path)).text();
    };
    assert.ok((await read("routedPartner", "partner/cases", "/api/partner/cases")).includes(trackingNumber));
    assert.ok(!(await read("otherPartner", "partner/cases", "/api/partner/cases")).includes(trackingNumber));
    for (const who of ["otherPatient", "otherPartner", "routedPartner", "admin"] as const)
      assert.ok(!(await read(who, "my-submissions", "/api/my-submissions")).includes(trackingNumber), `${who} must not list the owner's case as their own`);
    for (const who of ["otherPatient", "otherPartner", "admin"] as const)
      assert.ok(!(await read(who, "notifications", "/api/notifications")).includes(trackingNumber), `${who} must not get the case's notifications`);
    const partnerView = await read("routedPartner", "partner/cases", "/api/partner/cases");
    assert.ok(!partnerView.includes(people.owner!.email), "a partner does not need the patient's e-mail address");
  });
});
