import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { Browser, useFreshApp } from "./support/app";
import { callRoute, inDays, makeStaff, PASSWORD, signUpAdmin, signUpPartner, signUpPatient, submitCase, type Actor } from "./support/actors";
import { multipartBody, MULTIPART_TYPE, samples, toStream, validFields, type Part } from "./support/multipart";
import { seriesInstance, testUid } from "../support/dicom-fixtures";

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
const everyone: Who[] = [
  "guest",
  "otherPatient",
  "otherPartner",
  "routedPartner",
  "lockedAdmin",
  "admin",
  "adminWithoutTwoFactor",
  "routedPartnerWithoutTwoFactor",
  "owner",
];

const ROUTED_HOSPITAL = "medipol-mega";
const OTHER_HOSPITAL = "memorial-sisli";
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
const routedPartnerOnly = {
  guest: 401,
  owner: 404,
  otherPatient: 404,
  otherPartner: 404,
  lockedAdmin: 404,
  admin: 404,
  routedPartnerWithoutTwoFactor: 403,
} as const;
/** Routes for everyone signed in, each acting on their own account. */
/** Who reads a case: its owner, the hospital it was routed to, and admins past the gate; everyone else gets 404. */
const CASE_READERS = { guest: 404, owner: 200, otherPatient: 404, otherPartner: 404, routedPartner: 200, lockedAdmin: 404, admin: 200 } as const;
const SIGNED_IN = { guest: 401, owner: 200, otherPatient: 200, otherPartner: 200, routedPartner: 200, lockedAdmin: 200, admin: 200 } as const;
const EVERYONE_404 = { guest: 404, owner: 404, otherPatient: 404, otherPartner: 404, routedPartner: 404, lockedAdmin: 404, admin: 404 } as const;
/**
 * The same signed token with one character of its signature changed: not the last one, whose lowest
 * bits are base64 padding (changing "A" to "B" there can decode to the same bytes).
 */
const tampered = (token: string) => token.slice(0, -5) + (token.at(-5) === "A" ? "B" : "A") + token.slice(-4);
/** Routes for any staff member (the transcription center). */
const staffWithoutTwoFactor = { adminWithoutTwoFactor: 403, routedPartnerWithoutTwoFactor: 403 } as const;

const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
type Method = (typeof HTTP_METHODS)[number];

/**
 * Route files (and methods) without a row, each with the reason: nothing in them depends on who asks.
 * Any other route file under app/api must have a row for each method it exports (checked below), so a
 * new route cannot ship without its authorization being tested here.
 */
const PUBLIC_ROUTES: { module: string; methods: Method[]; reason: string }[] = [
  { module: "[...path]", methods: ["GET", "POST", "PUT", "PATCH", "DELETE"], reason: "unknown API paths: the same JSON 404 for everyone (origin.test.ts)" },
  {
    module: "auth/[...all]",
    methods: ["GET", "POST"],
    reason:
      "Better Auth's endpoints act on the caller's own sign-in, session or account; its admin/* endpoints are refused over HTTP (auth.test.ts, two-factor.test.ts)",
  },
  {
    module: "auth/logout",
    methods: ["POST"],
    reason: "ends the caller's own session only (auth.test.ts); a row would sign people out in the middle of the matrix",
  },
  { module: "inquiries", methods: ["POST"], reason: "the public contact form: writes a new inquiry, reads nothing" },
  {
    module: "uploads/[[...id]]",
    methods: ["POST", "PATCH", "HEAD", "DELETE", "OPTIONS"],
    reason:
      "the resumable upload endpoint: no session role opens it, each request is checked against its own upload (its signed-in owner, or the guest's upload cookie); someone else's upload is 404 (resumable-uploads.test.ts)",
  },
  { module: "medical-submissions", methods: ["POST"], reason: "the public guest submission form: creates a new case, reads nothing (submissions.test.ts)" },
  { module: "download/medical-departments", methods: ["GET"], reason: "the public departments guide (PDF), the same for everyone, no session read" },
  {
    module: "hospitals/response-times",
    methods: ["GET"],
    reason: "each hospital's published median time to a plan (the hospitals page), the same for everyone, no case data (response-clocks.test.ts)",
  },
];

/** Every route file under app/api, as its module path ("admin/cases/[id]"). */
function routeModules(dir = path.join(process.cwd(), "app/api"), prefix = ""): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return routeModules(path.join(dir, entry.name), prefix ? `${prefix}/${entry.name}` : entry.name);
    return /^route\.(ts|tsx|js|mjs)$/.test(entry.name) ? [prefix] : [];
  });
}

interface Row {
  name: string;
  module: string;
  method: Exclude<Method, "HEAD" | "OPTIONS">;
  path: () => string;
  params?: () => Record<string, string>;
  json?: () => unknown;
  /** A multipart body instead of JSON, built for (and possibly by) the person asking. */
  multipart?: (who: Who) => Promise<Part[]>;
  /** Checks after each person's call (their answer and the database): what they did stayed theirs. */
  check?: (who: Who, response: Response) => Promise<void>;
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
  let signedToken: string;
  let imaging: { studyId: string; seriesId: string; instanceId: string };
  const browserOf = (who: Who) => people[who]?.browser ?? new Browser();
  const database = async () => (await import("@/lib/db")).db();

  /** The fields of a transcription upload, with a recording consent just given by `who` (a random id when they may not give one). */
  async function transcriptionUpload(who: Who): Promise<Part[]> {
    const consent = (await import("@/app/api/consent/route")).POST as Handler;
    const given = await callRoute(browserOf(who), consent, "/api/consent", { json: { consentType: "recording", granted: true } });
    const consentId = given.status === 201 ? ((await given.json()) as { id: string }).id : crypto.randomUUID();
    return [
      { name: "consentIds", value: consentId },
      { name: "meetingType", value: "case-review" },
      { name: "title", value: `Matrix upload by ${who}` },
      { name: "file", file: { name: "notes.pdf", type: "application/pdf", data: samples.pdf() } },
    ];
  }

  before(async () => {
    process.env.ADMIN_SETUP_KEY = "matrix-admin-setup-key-0123456789abcdef";
    await useFreshApp();
    const { db } = await import("@/lib/db");
    people.guest = null;
    people.owner = await signUpPatient("Owner");
    people.otherPatient = await signUpPatient("Stranger");
    people.otherPartner = await signUpPartner(OTHER_HOSPITAL, "OtherHospital");
    people.routedPartner = await signUpPartner(ROUTED_HOSPITAL, "RoutedHospital");
    people.admin = await signUpAdmin("Coordinator");
    people.lockedAdmin = await makeStaff(await signUpPatient("LockedAdmin"), "admin");
    people.adminWithoutTwoFactor = await signUpPatient("AdminNoTotp");
    people.routedPartnerWithoutTwoFactor = await signUpPatient("PartnerNoTotp");
    await db().user.update({ where: { id: people.adminWithoutTwoFactor.id }, data: { role: "admin" } });
    await db().user.update({ where: { id: people.routedPartnerWithoutTwoFactor.id }, data: { role: "partner", hospitalId: ROUTED_HOSPITAL } });

    ({ id: caseId, trackingNumber } = await submitCase(people.owner));
    await submitCase(people.otherPatient);
    fileId = (await db().submissionFile.findFirstOrThrow({ where: { submissionId: caseId } })).id;

    const routeCase = (await import("@/app/api/admin/cases/[id]/route/route")).POST as Handler;
    const routed = await callRoute(people.admin.browser, routeCase, `/api/admin/cases/${caseId}/route`, {
      json: { hospitalIds: [ROUTED_HOSPITAL] },
      params: { id: caseId },
    });
    assert.equal(routed.status, 200, await routed.clone().text());
    const answer = (await import("@/app/api/partner/cases/[id]/plan/route")).POST as Handler;
    const planned = await callRoute(people.routedPartner.browser, answer, `/api/partner/cases/${caseId}/plan`, { json: plan, params: { id: caseId } });
    assert.equal(planned.status, 201, await planned.clone().text());
    planId = (await db().treatmentPlan.findFirstOrThrow({ where: { submissionId: caseId } })).id;
    ownerNotificationId = (await db().notification.findFirstOrThrow({ where: { userId: people.owner.id } })).id;
    ownerSessionId = (await db().session.findFirstOrThrow({ where: { userId: people.owner.id } })).id;
    // One DICOM image in the owner's case, indexed as a study, a series and an instance.
    const addFiles = (await import("@/app/api/add-files-to-submission/route")).POST as Handler;
    const image = seriesInstance({ study: testUid(7, 1), series: testUid(7, 1, 1), sop: testUid(7, 1, 1, 1), seriesNumber: 1, instanceNumber: 1 });
    const added = multipartBody([
      { name: "submissionId", value: caseId },
      { name: "files", file: { name: "IM000001", type: "application/dicom", data: image } },
    ]);
    const addedImage = people.owner.browser.remember(
      await addFiles(people.owner.browser.request("/api/add-files-to-submission", { body: toStream(added), contentType: MULTIPART_TYPE })),
    );
    assert.equal(addedImage.status, 201, await addedImage.clone().text());
    const instance = await db().imagingInstance.findFirstOrThrow({ where: { series: { study: { submissionId: caseId } } }, include: { series: true } });
    imaging = { studyId: instance.series.studyId, seriesId: instance.seriesId, instanceId: instance.id };

    const signedLink = (await import("@/app/api/files/[id]/signed-link/route")).POST as Handler;
    const link = await callRoute(people.owner.browser, signedLink, `/api/files/${fileId}/signed-link`, { json: {}, params: { id: fileId } });
    assert.equal(link.status, 200, await link.clone().text());
    signedToken = new URL(((await link.json()) as { url: string }).url).pathname.split("/").pop()!;

    // A transcription uploaded by the routed hospital's partner user (consent first, as the upload center does).
    const transcriptions = (await import("@/app/api/transcriptions/route")).POST as Handler;
    const body = multipartBody(await transcriptionUpload("routedPartner"));
    const uploaded = people.routedPartner.browser.remember(
      await transcriptions(people.routedPartner.browser.request("/api/transcriptions", { body: toStream(body), contentType: MULTIPART_TYPE })),
    );
    assert.equal(uploaded.status, 201, await uploaded.clone().text());
    transcriptionId = ((await uploaded.json()) as { id: string }).id;
  });
  after(async () => {
    delete process.env.ADMIN_SETUP_KEY;
    await (await database()).$disconnect();
  });

  const rows: Row[] = [
    {
      name: "list all submissions",
      module: "admin/all-submissions",
      method: "GET",
      path: () => "/api/admin/all-submissions",
      expect: { ...adminOnly, admin: 200 },
    },
    {
      name: "case detail",
      module: "admin/cases/[id]",
      method: "GET",
      path: () => `/api/admin/cases/${caseId}`,
      params: () => ({ id: caseId }),
      expect: { ...adminOnly, admin: 200 },
    },
    { name: "hospitals", module: "admin/hospitals", method: "GET", path: () => "/api/admin/hospitals", expect: { ...adminOnly, admin: 200 } },
    { name: "partners and invitations", module: "admin/partners", method: "GET", path: () => "/api/admin/partners", expect: { ...adminOnly, admin: 200 } },
    { name: "audit log", module: "admin/audit", method: "GET", path: () => `/api/admin/audit?submissionId=${caseId}`, expect: { ...adminOnly, admin: 200 } },
    {
      name: "insights (coordinators' figures)",
      module: "admin/insights",
      method: "GET",
      path: () => "/api/admin/insights",
      expect: { ...adminOnly, admin: 200 },
    },
    {
      name: "insights with a period that ends before it starts",
      module: "admin/insights",
      method: "GET",
      path: () => "/api/admin/insights?from=2026-02-01&to=2026-01-01",
      expect: { ...adminOnly, admin: 400 },
    },
    {
      name: "insights table as CSV",
      module: "admin/insights/export",
      method: "GET",
      path: () => `/api/admin/insights/export?table=hospitals&hospital=${ROUTED_HOSPITAL}`,
      expect: { ...adminOnly, admin: 200 },
      check: async (who, response) => {
        if (who !== "admin") return;
        assert.match(response.headers.get("content-type") ?? "", /^text\/csv/);
        assert.match(await response.text(), /^hospital,routed,plans,/);
      },
    },
    {
      name: "insights CSV of an unknown table",
      module: "admin/insights/export",
      method: "GET",
      path: () => "/api/admin/insights/export?table=users",
      expect: { ...adminOnly, admin: 400 },
    },
    {
      name: "hospital scorecard (always the partner's own hospital, whatever the address asks)",
      module: "partner/scorecard",
      method: "GET",
      path: () => `/api/partner/scorecard?hospital=${ROUTED_HOSPITAL}&hospitalId=${ROUTED_HOSPITAL}`,
      expect: { ...routedPartnerOnly, otherPartner: 200, routedPartner: 200 },
      check: async (who, response) => {
        if (response.status !== 200) return;
        const { own } = (await response.json()) as { own: { answered: number } };
        // Only the routed hospital answered the matrix's case (with a plan).
        assert.equal(own.answered, who === "routedPartner" ? 1 : 0, `scorecard as ${who}`);
      },
    },
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
    {
      name: "partner case list",
      module: "partner/cases",
      method: "GET",
      path: () => "/api/partner/cases",
      expect: { ...routedPartnerOnly, otherPartner: 200, routedPartner: 200 },
    },
    {
      name: "partner case list, paged (a cursor from any list shows only one's own hospital's cases)",
      module: "partner/cases",
      method: "GET",
      path: () =>
        `/api/partner/cases?limit=1&cursor=${Buffer.from(JSON.stringify([new Date(Date.now() + 86_400_000).toISOString(), "~"])).toString("base64url")}`,
      expect: { ...routedPartnerOnly, otherPartner: 200, routedPartner: 200 },
      check: async (who, response) => {
        const text = await response.text();
        assert.equal(text.includes(trackingNumber), who === "routedPartner", `paged partner list as ${who}`);
      },
    },
    {
      name: "partner case list with a forged cursor",
      module: "partner/cases",
      method: "GET",
      path: () => "/api/partner/cases?cursor=not-a-cursor",
      expect: { ...routedPartnerOnly, otherPartner: 400, routedPartner: 400 },
    },
    {
      name: "partner case detail",
      module: "partner/cases/[id]",
      method: "GET",
      path: () => `/api/partner/cases/${caseId}`,
      params: () => ({ id: caseId }),
      expect: { ...routedPartnerOnly, routedPartner: 200 },
    },
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
      name: "more time (already answered: 409 for the routed hospital)",
      module: "partner/cases/[id]/extension",
      method: "POST",
      path: () => `/api/partner/cases/${caseId}/extension`,
      params: () => ({ id: caseId }),
      json: () => ({ hours: 24, reason: "Our cardiac surgeon reviews the scans on Monday." }),
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
      name: "the case's imaging as studies and series",
      module: "cases/[id]/imaging",
      method: "GET",
      path: () => `/api/cases/${caseId}/imaging`,
      params: () => ({ id: caseId }),
      expect: CASE_READERS,
    },
    {
      name: "the case's files as one zip",
      module: "cases/[id]/files/zip",
      method: "GET",
      path: () => `/api/cases/${caseId}/files/zip`,
      params: () => ({ id: caseId }),
      expect: CASE_READERS,
    },
    {
      name: "a series opened in the viewer",
      module: "imaging/series/[id]",
      method: "GET",
      path: () => `/api/imaging/series/${imaging.seriesId}`,
      params: () => ({ id: imaging.seriesId }),
      expect: CASE_READERS,
    },
    {
      name: "one image's DICOM bytes",
      module: "imaging/instances/[id]",
      method: "GET",
      path: () => `/api/imaging/instances/${imaging.instanceId}`,
      params: () => ({ id: imaging.instanceId }),
      expect: CASE_READERS,
    },
    {
      name: "a study as one zip with its DICOMDIR",
      module: "imaging/studies/[id]/zip",
      method: "GET",
      path: () => `/api/imaging/studies/${imaging.studyId}/zip`,
      params: () => ({ id: imaging.studyId }),
      expect: CASE_READERS,
    },
    {
      name: "my e-mail language (only my own account)",
      module: "account/email-language",
      method: "PUT",
      path: () => "/api/account/email-language",
      json: () => ({ locale: "fr" }),
      expect: SIGNED_IN,
    },
    {
      name: "file download",
      module: "files/[id]",
      method: "GET",
      path: () => `/api/files/${fileId}`,
      params: () => ({ id: fileId }),
      expect: { guest: 404, owner: 200, otherPatient: 404, otherPartner: 404, routedPartner: 200, lockedAdmin: 404, admin: 200 },
    },
    {
      name: "DICOM metadata (a PDF: 415 for those who may read it)",
      module: "files/[id]/dicom",
      method: "GET",
      path: () => `/api/files/${fileId}/dicom`,
      params: () => ({ id: fileId }),
      expect: { guest: 404, owner: 415, otherPatient: 404, otherPartner: 404, routedPartner: 415, lockedAdmin: 404, admin: 415 },
    },
    {
      name: "HEIC preview as JPEG (a PDF: 415 for those who may read it)",
      module: "files/[id]/heic-preview",
      method: "GET",
      path: () => `/api/files/${fileId}/heic-preview`,
      params: () => ({ id: fileId }),
      expect: { guest: 404, owner: 415, otherPatient: 404, otherPartner: 404, routedPartner: 415, lockedAdmin: 404, admin: 415 },
    },
    {
      name: "signed download link",
      module: "files/[id]/signed-link",
      method: "POST",
      path: () => `/api/files/${fileId}/signed-link`,
      params: () => ({ id: fileId }),
      json: () => ({}),
      expect: { guest: 404, owner: 200, otherPatient: 404, otherPartner: 404, routedPartner: 200, lockedAdmin: 404, admin: 200 },
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
      name: "who am I (each their own account)",
      module: "auth/me",
      method: "GET",
      path: () => "/api/auth/me",
      expect: { guest: 200, owner: 200, otherPatient: 200, otherPartner: 200, routedPartner: 200, lockedAdmin: 200, admin: 200 },
      check: async (who, response) => {
        const { user } = (await response.json()) as { user: { email: string } | null };
        assert.equal(user?.email ?? null, people[who]?.email ?? null, `auth/me as ${who}`);
      },
    },
    {
      name: "mark all my notifications read (the owner's stay unread until the owner does it)",
      module: "notifications/read-all",
      method: "POST",
      path: () => "/api/notifications/read-all",
      json: () => ({}),
      expect: SIGNED_IN,
      check: async (who) => {
        const unread = await (await database()).notification.count({ where: { userId: people.owner!.id, readAt: null } });
        if (who === "owner") assert.equal(unread, 0);
        else assert.ok(unread > 0, `read-all as ${who} touched the owner's notifications`);
      },
    },
    {
      name: "send a case while signed in (each gets their own case)",
      module: "my-submissions",
      method: "POST",
      path: () => "/api/my-submissions",
      multipart: async (who) => [
        ...validFields({ email: people[who]?.email ?? "guest@example.com" }),
        { name: "files", file: { name: "scan.pdf", type: "application/pdf", data: samples.pdf() } },
      ],
      expect: { guest: 401, owner: 201, otherPatient: 201, otherPartner: 201, routedPartner: 201, lockedAdmin: 201, admin: 201 },
      check: async (who, response) => {
        if (response.status !== 201) return;
        const { id } = (await response.json()) as { id: string };
        assert.equal((await (await database()).submission.findUniqueOrThrow({ where: { id } })).userId, people[who]!.id);
      },
    },
    {
      name: "add files to the owner's case (admins add on a patient's behalf)",
      module: "add-files-to-submission",
      method: "POST",
      path: () => "/api/add-files-to-submission",
      multipart: async () => [
        { name: "submissionId", value: caseId },
        { name: "files", file: { name: "more.pdf", type: "application/pdf", data: samples.pdf() } },
      ],
      expect: { guest: 401, owner: 201, otherPatient: 404, otherPartner: 404, routedPartner: 404, lockedAdmin: 404, admin: 201 },
    },
    {
      name: "announce more files for a case (its owner, or an admin past the password gate)",
      module: "my-submissions/[id]/uploads",
      method: "POST",
      path: () => `/api/my-submissions/${caseId}/uploads`,
      params: () => ({ id: caseId }),
      json: () => ({ files: [{ name: "more.pdf", size: 2048 }] }),
      expect: { guest: 401, owner: 201, otherPatient: 404, otherPartner: 404, routedPartner: 404, lockedAdmin: 404, admin: 201 },
    },
    {
      name: "end my other sessions (never anyone else's)",
      module: "account/sessions",
      method: "DELETE",
      path: () => "/api/account/sessions",
      expect: SIGNED_IN,
      check: async () => {
        assert.ok(await (await database()).session.findUnique({ where: { id: ownerSessionId } }), "the owner's session survives everyone else's sign-out");
      },
    },
    {
      name: "upload a transcription (staff only)",
      module: "transcriptions",
      method: "POST",
      path: () => "/api/transcriptions",
      multipart: transcriptionUpload,
      expect: { guest: 401, owner: 404, otherPatient: 404, otherPartner: 201, routedPartner: 201, lockedAdmin: 403, admin: 201, ...staffWithoutTwoFactor },
      check: async (who, response) => {
        if (response.status !== 201) return;
        const { id } = (await response.json()) as { id: string };
        assert.equal((await (await database()).transcription.findUniqueOrThrow({ where: { id } })).uploadedById, people[who]!.id);
      },
    },
    {
      name: "signed download link (the link is the permission: it was issued to the owner and expires)",
      module: "storage/signed/[token]",
      method: "GET",
      path: () => `/api/storage/signed/${signedToken}`,
      params: () => ({ token: signedToken }),
      expect: { guest: 200, owner: 200, otherPatient: 200, otherPartner: 200, routedPartner: 200, lockedAdmin: 200, admin: 200 },
    },
    {
      name: "signed download link, tampered",
      module: "storage/signed/[token]",
      method: "GET",
      path: () => `/api/storage/signed/${tampered(signedToken)}`,
      params: () => ({ token: tampered(signedToken) }),
      expect: EVERYONE_404,
    },
    {
      name: "tracking code request (the same answer for everyone, matching or not)",
      module: "track/request-code",
      method: "POST",
      path: () => "/api/track/request-code",
      json: () => ({ trackingNumber, email: people.owner!.email }),
      expect: { guest: 200, owner: 200, otherPatient: 200, otherPartner: 200, routedPartner: 200, lockedAdmin: 200, admin: 200 },
    },
    {
      name: "tracking code check with a wrong code (being signed in grants nothing)",
      module: "track/verify",
      method: "POST",
      path: () => "/api/track/verify",
      json: () => ({ trackingNumber, email: people.owner!.email, code: "000000" }),
      expect: { guest: 400, owner: 400, otherPatient: 400, otherPartner: 400, routedPartner: 400, lockedAdmin: 400, admin: 400 },
    },
    {
      name: "tracked case without a verified tracking cookie",
      module: "track/submission",
      method: "GET",
      path: () => "/api/track/submission",
      expect: EVERYONE_404,
    },
    {
      name: "admin setup with a wrong key (nobody becomes an admin)",
      module: "admin/setup",
      method: "POST",
      path: () => "/api/admin/setup",
      json: () => ({ email: people.otherPatient!.email, adminKey: "not-the-admin-setup-key-0123456789" }),
      expect: { guest: 401, owner: 403, otherPatient: 403, otherPartner: 403, routedPartner: 403, lockedAdmin: 403, admin: 403 },
    },
    {
      name: "admin gate with a wrong password",
      module: "admin/unlock",
      method: "POST",
      path: () => "/api/admin/unlock",
      json: () => ({ password: "not the password at all" }),
      expect: { guest: 401, owner: 400, otherPatient: 400, otherPartner: 400, routedPartner: 400, lockedAdmin: 400, admin: 400 },
    },
    {
      name: "accept a partner invitation with an unknown token",
      module: "partner/invitations/accept",
      method: "POST",
      path: () => "/api/partner/invitations/accept",
      json: () => ({ token: "A".repeat(43), username: "matrix_newcomer", password: "an unusual long password 42" }),
      expect: EVERYONE_404,
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
      expect: { guest: 401, owner: 404, otherPatient: 404, otherPartner: 201, routedPartner: 201, lockedAdmin: 403, admin: 201, ...staffWithoutTwoFactor },
    },
    {
      name: "transcription list (staff: their own; admins: all)",
      module: "transcriptions",
      method: "GET",
      path: () => "/api/transcriptions",
      expect: { guest: 401, owner: 404, otherPatient: 404, otherPartner: 200, routedPartner: 200, lockedAdmin: 403, admin: 200, ...staffWithoutTwoFactor },
    },
    {
      name: "transcription detail (the uploader and admins)",
      module: "transcriptions/[id]",
      method: "GET",
      path: () => `/api/transcriptions/${transcriptionId}`,
      params: () => ({ id: transcriptionId }),
      expect: { guest: 401, owner: 404, otherPatient: 404, otherPartner: 404, routedPartner: 200, lockedAdmin: 403, admin: 200, ...staffWithoutTwoFactor },
    },
    {
      name: "transcription source file",
      module: "transcriptions/[id]/file",
      method: "GET",
      path: () => `/api/transcriptions/${transcriptionId}/file`,
      params: () => ({ id: transcriptionId }),
      expect: { guest: 401, owner: 404, otherPatient: 404, otherPartner: 404, routedPartner: 200, lockedAdmin: 403, admin: 200, ...staffWithoutTwoFactor },
    },
    {
      name: "transcript as .txt (not transcribed yet: 409 for those who may read it)",
      module: "transcriptions/[id]/text",
      method: "GET",
      path: () => `/api/transcriptions/${transcriptionId}/text`,
      params: () => ({ id: transcriptionId }),
      expect: { guest: 401, owner: 404, otherPatient: 404, otherPartner: 404, routedPartner: 409, lockedAdmin: 403, admin: 409, ...staffWithoutTwoFactor },
    },
    {
      name: "retry a transcription (still queued: 409 for those who may read it)",
      module: "transcriptions/[id]/retry",
      method: "POST",
      path: () => `/api/transcriptions/${transcriptionId}/retry`,
      params: () => ({ id: transcriptionId }),
      json: () => ({}),
      expect: { guest: 401, owner: 404, otherPatient: 404, otherPartner: 404, routedPartner: 409, lockedAdmin: 403, admin: 409, ...staffWithoutTwoFactor },
    },
    {
      name: "download my data (each their own)",
      module: "account/export",
      method: "GET",
      path: () => "/api/account/export",
      expect: { guest: 401, owner: 200, otherPatient: 200, otherPartner: 200, routedPartner: 200, lockedAdmin: 200, admin: 200 },
    },
    {
      name: "my sessions",
      module: "account/sessions",
      method: "GET",
      path: () => "/api/account/sessions",
      expect: { guest: 401, owner: 200, otherPatient: 200, otherPartner: 200, routedPartner: 200, lockedAdmin: 200, admin: 200 },
    },
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
      name: "admin gate with their own right password (only admins with two-factor; the locked admin unlocks, so it comes late)",
      module: "admin/unlock",
      method: "POST",
      path: () => "/api/admin/unlock",
      json: () => ({ password: PASSWORD }),
      expect: { guest: 401, owner: 400, otherPatient: 400, otherPartner: 400, routedPartner: 400, lockedAdmin: 200, admin: 200, adminWithoutTwoFactor: 403 },
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

  async function callMultipart(who: Who, handler: Handler, row: Row): Promise<Response> {
    const browser = browserOf(who);
    const request = browser.request(row.path(), { method: row.method, body: toStream(multipartBody(await row.multipart!(who))), contentType: MULTIPART_TYPE });
    return browser.remember(await handler(request, row.params ? { params: Promise.resolve(row.params()) } : undefined));
  }

  test("every API route file and method has a row here, or is listed as public with a reason", async () => {
    const missing: string[] = [];
    const exported = new Set<string>();
    for (const file of routeModules()) {
      const routeModule = (await import(`@/app/api/${file}/route`)) as Record<string, unknown>;
      for (const method of HTTP_METHODS.filter((m) => typeof routeModule[m] === "function")) {
        exported.add(`${method} ${file}`);
        const covered =
          rows.some((row) => row.module === file && row.method === method) ||
          PUBLIC_ROUTES.some((route) => route.module === file && route.methods.includes(method));
        if (!covered) missing.push(`${method} /api/${file}`);
      }
    }
    assert.deepEqual(missing, [], "routes without a row in the authorization matrix (add one, or list it in PUBLIC_ROUTES with the reason)");
    const stale = [
      ...rows.map((row) => `${row.method} ${row.module}`),
      ...PUBLIC_ROUTES.flatMap((route) => route.methods.map((m) => `${m} ${route.module}`)),
    ].filter((key) => !exported.has(key));
    assert.deepEqual(stale, [], "rows for routes that no longer exist");
    for (const route of PUBLIC_ROUTES) assert.ok(route.reason.length > 20, `${route.module}: say why it needs no row`);
  });

  test("every route answers every person as expected", async () => {
    const mismatches: string[] = [];
    for (const row of rows) {
      const handler = (await import(`@/app/api/${row.module}/route`))[row.method] as Handler;
      for (const who of everyone) {
        const response = row.multipart
          ? await callMultipart(who, handler, row)
          : await callRoute(browserOf(who), handler, row.path(), { method: row.method, json: row.json?.(), params: row.params?.() });
        if (response.status !== expected(row, who))
          mismatches.push(`${row.name} as ${who}: ${response.status} (expected ${expected(row, who)}) ${(await response.text()).slice(0, 300)}`);
        else await row.check?.(who, response.clone());
        if (response.status === expected(row, who) && response.status >= 400) {
          const { error } = (await response.json()) as { error?: unknown };
          assert.ok(typeof error === "string", `${row.name} as ${who}: JSON error body`);
          if (response.status === 403 && who.endsWith("WithoutTwoFactor") && who in row.expect)
            assert.match(error, /two-factor authentication is required/i, `${row.name} as ${who}`);
          // The gate's own refusal, where others are refused differently (admin setup refuses everyone with 403).
          if (response.status === 403 && who === "lockedAdmin" && row.expect.otherPatient !== 403)
            assert.match(error, /admin dashboard is locked/i, `${row.name} as ${who}`);
        }
      }
    }
    assert.deepEqual(mismatches, []);
  });

  test("refused people changed nothing: one plan (now accepted), one routing, one document request", async () => {
    const { db } = await import("@/lib/db");
    const submission = await db().submission.findUniqueOrThrow({ where: { id: caseId }, include: { plans: true, routings: true, documentRequests: true } });
    assert.equal(submission.status, "plan_accepted");
    assert.deepEqual(
      submission.plans.map((p) => p.status),
      ["accepted"],
    );
    assert.equal(submission.routings.length, 1);
    assert.equal(submission.documentRequests.length, 1);
    assert.equal(await db().partnerInvitation.count(), 0);
    assert.equal(await db().user.count(), 8, "no account was deleted");
    assert.equal(await db().user.count({ where: { role: "admin" } }), 3, "nobody became an admin");
    assert.equal((await db().user.findUniqueOrThrow({ where: { id: people.otherPatient!.id } })).role, "patient");
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

  /**
   * What a hospital may see of a case, by its routing's state: everything (details, files, signed
   * links, files added later) while its answer is awaited or given and the case is open, and once its
   * plan is chosen; after it declined, was withdrawn, its answer was no longer needed or another
   * hospital's plan was chosen, only its own routing and plan.
   */
  test("a hospital's access to a case follows its routing's state", async () => {
    const db = await database();
    const patient = await signUpPatient("StatesOwner");
    const [hospitalA, hospitalB] = [people.routedPartner!, people.otherPartner!];
    const handler = async (module: string, method = "POST") => (await import(`@/app/api/${module}/route`))[method] as Handler;
    const ok = async (response: Response, status: number) => assert.equal(response.status, status, await response.clone().text());
    const routeTo = async (id: string, hospitalIds: string[]) =>
      ok(
        await callRoute(people.admin!.browser, await handler("admin/cases/[id]/route"), `/api/admin/cases/${id}/route`, {
          json: { hospitalIds },
          params: { id },
        }),
        200,
      );
    const answer = async (partner: Actor, id: string) =>
      ok(await callRoute(partner.browser, await handler("partner/cases/[id]/plan"), `/api/partner/cases/${id}/plan`, { json: plan, params: { id } }), 201);
    const decline = async (partner: Actor, id: string) =>
      ok(
        await callRoute(partner.browser, await handler("partner/cases/[id]/decline"), `/api/partner/cases/${id}/decline`, {
          json: { reason: "Not our field." },
          params: { id },
        }),
        200,
      );
    const moveTo = async (id: string, to: "cancelled" | "closed") =>
      ok(
        await callRoute(people.admin!.browser, await handler("admin/cases/[id]/status"), `/api/admin/cases/${id}/status`, {
          json: { to, note: "matrix" },
          params: { id },
        }),
        200,
      );
    const approve = async (id: string, hospitalId: string) => {
      const { id: planId } = await db.treatmentPlan.findFirstOrThrow({ where: { submissionId: id, hospitalId } });
      await ok(
        await callRoute(patient.browser, await handler("my-submissions/[id]/approve-plan"), `/api/my-submissions/${id}/approve-plan`, {
          json: { planId },
          params: { id },
        }),
        200,
      );
    };
    const newCase = async () => (await submitCase(patient, { medicalCondition: "Condition only the hospitals with access may read" })).id;

    const states: { name: string; partner: Actor; caseId: string; full: boolean }[] = [];
    const pending = await newCase();
    await routeTo(pending, [ROUTED_HOSPITAL]);
    states.push({ name: "pending", partner: hospitalA, caseId: pending, full: true });
    const answered = await newCase();
    await routeTo(answered, [ROUTED_HOSPITAL]);
    await answer(hospitalA, answered);
    states.push({ name: "answered, case open", partner: hospitalA, caseId: answered, full: true });
    const declined = await newCase();
    await routeTo(declined, [ROUTED_HOSPITAL, OTHER_HOSPITAL]);
    await decline(hospitalA, declined);
    states.push({ name: "declined", partner: hospitalA, caseId: declined, full: false });
    states.push({ name: "pending, while another hospital declined", partner: hospitalB, caseId: declined, full: true });
    const withdrawn = await newCase();
    await routeTo(withdrawn, [ROUTED_HOSPITAL]);
    await moveTo(withdrawn, "cancelled");
    states.push({ name: "withdrawn (case cancelled before it answered)", partner: hospitalA, caseId: withdrawn, full: false });
    const noLongerNeeded = await newCase();
    await routeTo(noLongerNeeded, [ROUTED_HOSPITAL]);
    await answer(hospitalA, noLongerNeeded);
    await moveTo(noLongerNeeded, "cancelled");
    states.push({ name: "answered, then no longer needed (case cancelled)", partner: hospitalA, caseId: noLongerNeeded, full: false });
    const chosen = await newCase();
    await routeTo(chosen, [ROUTED_HOSPITAL, OTHER_HOSPITAL]);
    await answer(hospitalA, chosen);
    await answer(hospitalB, chosen);
    await approve(chosen, OTHER_HOSPITAL);
    states.push({ name: "not chosen (the patient approved another hospital's plan)", partner: hospitalA, caseId: chosen, full: false });
    states.push({ name: "chosen", partner: hospitalB, caseId: chosen, full: true });
    const chosenThenClosed = await newCase();
    await routeTo(chosenThenClosed, [OTHER_HOSPITAL]);
    await answer(hospitalB, chosenThenClosed);
    await approve(chosenThenClosed, OTHER_HOSPITAL);
    await moveTo(chosenThenClosed, "closed");
    states.push({ name: "chosen, case closed after treatment", partner: hospitalB, caseId: chosenThenClosed, full: true });

    const mismatches: string[] = [];
    const expect = (state: (typeof states)[number], what: string, actual: unknown, wanted: unknown) => {
      if (actual !== wanted) mismatches.push(`${state.name}: ${what} was ${String(actual)}, expected ${String(wanted)}`);
    };
    const [detail, list, download, link] = await Promise.all([
      handler("partner/cases/[id]", "GET"),
      handler("partner/cases", "GET"),
      handler("files/[id]", "GET"),
      handler("files/[id]/signed-link"),
    ]);
    for (const state of states) {
      const original = await db.submissionFile.findFirstOrThrow({ where: { submissionId: state.caseId }, orderBy: { createdAt: "asc" } });
      // Stored directly: on a closed or cancelled case 'Add More Files' is refused, but a file may still arrive (a coordinator's import).
      const stored = await (await import("@/lib/storage")).getStore().put(state.caseId, Readable.from([samples.pdf()]));
      const later = await db.submissionFile.create({
        data: {
          submissionId: state.caseId,
          originalName: "added-after-the-state-change.pdf",
          size: stored.size,
          mimeType: "application/pdf",
          sha256: stored.sha256,
          storageKey: stored.key,
        },
      });
      const browser = state.partner.browser;

      const response = await callRoute(browser, detail, `/api/partner/cases/${state.caseId}`, { method: "GET", params: { id: state.caseId } });
      expect(state, "case page status", response.status, 200);
      const text = await response.text();
      const body = (JSON.parse(text) as { case?: { shared?: boolean; routing?: { id?: string } } }).case;
      expect(state, "shared flag", body?.shared, state.full);
      expect(state, "own routing shown", typeof body?.routing?.id, "string");
      expect(state, "patient's condition shown", text.includes("Condition only the hospitals"), state.full);
      expect(state, "original file listed", text.includes(original.id), state.full);
      expect(state, "later file listed", text.includes(later.id), state.full);
      const listed = await (await callRoute(browser, list, "/api/partner/cases?limit=100", { method: "GET" })).text();
      expect(state, "case in the hospital's list", listed.includes(state.caseId), true);
      for (const [which, file] of [
        ["original", original],
        ["later", later],
      ] as const) {
        const read = await callRoute(browser, download, `/api/files/${file.id}`, { method: "GET", params: { id: file.id } });
        expect(state, `${which} file download`, read.status, state.full ? 200 : 404);
        const signed = await callRoute(browser, link, `/api/files/${file.id}/signed-link`, { json: {}, params: { id: file.id } });
        expect(state, `${which} file signed link`, signed.status, state.full ? 200 : 404);
      }
    }
    assert.deepEqual(mismatches, []);
  });
});
