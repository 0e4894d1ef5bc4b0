import { readdirSync, readFileSync } from "node:fs";
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import {
  becomeAdminThroughApi,
  fileSamples,
  grantAdminWithoutTwoFactorThroughApi,
  invitePartnerThroughApi,
  lettersOnly,
  signUpThroughApi,
  submitGuestCaseThroughApi,
} from "./support";

/**
 * Issue 5's authorization matrix for the staff pages (tests/integration/authorization-matrix.test.ts
 * covers the APIs): every page visited as each kind of visitor. A refused visitor gets the sign-in
 * page, the two-factor set-up, the password gate or a 404, and the HTML the server sends them holds
 * nothing of the case (tracking number, patient name, e-mail, condition) or of the transcript.
 */

type Actor = "guest" | "patient" | "otherPartner" | "routedPartner" | "routedPartnerWithoutTwoFactor" | "adminWithoutTwoFactor" | "lockedAdmin" | "admin";
type Outcome = "signIn" | "notFound" | "twoFactor" | "gate" | "allowed";
const actors: Actor[] = ["guest", "patient", "otherPartner", "routedPartner", "routedPartnerWithoutTwoFactor", "adminWithoutTwoFactor", "lockedAdmin", "admin"];

const run = Date.now().toString(36);
/** Case A is routed to the first hospital (the routed partner's), case B to the other hospital. */
const patientA = { name: `Ngozi Adeyemi ${lettersOnly(run)}`, email: `ngozi.${run}@example.com`, condition: `Mitral valve prolapse ${run}` };
const patientB = { name: `Musa Danjuma ${lettersOnly(run)}`, email: `musa.${run}@example.com`, condition: `Hip dysplasia ${run}`, specialty: "orthopedics" };
const transcript = { title: `Tumour board notes ${run}`, patientId: `PID-${run}` };

let caseA: { id: string; trackingNumber: string };
let caseB: { id: string; trackingNumber: string };
let transcriptionId: string;
const contexts = {} as Record<Actor, APIRequestContext>;

const secretsOfA = () => [caseA.trackingNumber, patientA.name, patientA.email, patientA.condition];
const secretsOfB = () => [caseB.trackingNumber, patientB.name, patientB.email, patientB.condition];
const secretsOfTranscript = () => [transcript.title, transcript.patientId];

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  const baseURL = test.info().project.use.baseURL!;
  const context = () => playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  for (const actor of actors) contexts[actor] = await context();

  await signUpThroughApi(contexts.patient, "Patient");
  const admin = await signUpThroughApi(contexts.admin, "Admin");
  await becomeAdminThroughApi(contexts.admin, admin);
  expect((await contexts.admin.post("/api/admin/unlock", { data: { password: admin.password } })).status()).toBe(200);
  await becomeAdminThroughApi(contexts.lockedAdmin, await signUpThroughApi(contexts.lockedAdmin, "LockedAdmin"));
  // Setting up two-factor unlocked the gate for that browser session; a new one (its cookies but not the
  // session-only unlock) meets the gate.
  const signedIn = await contexts.lockedAdmin.storageState();
  await contexts.lockedAdmin.dispose();
  contexts.lockedAdmin = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { Origin: baseURL },
    storageState: { ...signedIn, cookies: signedIn.cookies.filter((cookie) => cookie.name !== "afya_admin_unlock") },
  });
  await grantAdminWithoutTwoFactorThroughApi(contexts.adminWithoutTwoFactor, (await signUpThroughApi(contexts.adminWithoutTwoFactor, "NewAdmin")).email);

  const { hospitals } = (await (await contexts.admin.get("/api/admin/hospitals")).json()) as { hospitals: { id: string }[] };
  const [routed, other] = hospitals;
  await invitePartnerThroughApi(contexts.admin, contexts.routedPartner, routed.id, "Routed");
  await invitePartnerThroughApi(contexts.admin, contexts.otherPartner, other.id, "Other");
  await invitePartnerThroughApi(contexts.admin, contexts.routedPartnerWithoutTwoFactor, routed.id, "NewPartner", { twoFactor: false });

  caseA = await submitGuestCaseThroughApi(contexts.guest, patientA);
  caseB = await submitGuestCaseThroughApi(contexts.guest, patientB);
  for (const [item, hospital] of [
    [caseA, routed],
    [caseB, other],
  ] as const) {
    const response = await contexts.admin.post(`/api/admin/cases/${item.id}/route`, { data: { hospitalIds: [hospital.id] } });
    expect(response.status(), await response.text()).toBe(200);
  }

  // A transcript with patient information, uploaded by the routed hospital's partner user (consent first, as the upload center does).
  const consent = await contexts.routedPartner.post("/api/consent", { data: { consentType: "recording", granted: true } });
  expect(consent.status(), await consent.text()).toBe(201);
  const uploaded = await contexts.routedPartner.post("/api/transcriptions", {
    multipart: {
      title: transcript.title,
      meetingType: "case-review",
      patientInfo: JSON.stringify({ patientId: transcript.patientId }),
      consentIds: ((await consent.json()) as { id: string }).id,
      file: fileSamples.pdf("board-notes"),
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  transcriptionId = ((await uploaded.json()) as { id: string }).id;
});

test.afterAll(async () => {
  await Promise.all(Object.values(contexts).map((context) => context.dispose()));
});

const adminPage = {
  guest: "signIn",
  patient: "notFound",
  otherPartner: "notFound",
  routedPartner: "notFound",
  routedPartnerWithoutTwoFactor: "notFound",
  adminWithoutTwoFactor: "twoFactor",
  lockedAdmin: "gate",
  admin: "allowed",
} as const;
const partnerPage = {
  guest: "signIn",
  patient: "notFound",
  routedPartnerWithoutTwoFactor: "twoFactor",
  adminWithoutTwoFactor: "notFound",
  lockedAdmin: "notFound",
  admin: "notFound",
  routedPartner: "allowed",
} as const;
// The transcription center is staff's, partners included; an admin (who sees everyone's transcriptions) only past the password gate.
const staffPage = {
  guest: "signIn",
  patient: "notFound",
  routedPartnerWithoutTwoFactor: "twoFactor",
  adminWithoutTwoFactor: "twoFactor",
  lockedAdmin: "gate",
  admin: "allowed",
  routedPartner: "allowed",
} as const;

const pages: {
  path: () => string;
  expected: Record<Actor, Outcome>;
  /** what an allowed visitor's HTML may not hold */ hidden?: Partial<Record<Actor, () => string[]>>;
}[] = [
  { path: () => "/admin-dashboard", expected: adminPage },
  { path: () => `/admin-dashboard/cases/${caseA.id}`, expected: adminPage },
  { path: () => "/admin-dashboard/partners", expected: adminPage },
  { path: () => "/admin-dashboard/audit", expected: adminPage },
  // Aggregates only, but staff-only like the rest of the dashboard.
  { path: () => "/admin-dashboard/insights", expected: adminPage },
  { path: () => "/google-drive-setup", expected: adminPage },
  // Each hospital's list holds its own case only.
  { path: () => "/partner", expected: { ...partnerPage, otherPartner: "allowed" }, hidden: { routedPartner: secretsOfB, otherPartner: secretsOfA } },
  // Each hospital's scorecard: its own figures and open cases only.
  { path: () => "/partner/scorecard", expected: { ...partnerPage, otherPartner: "allowed" }, hidden: { routedPartner: secretsOfB, otherPartner: secretsOfA } },
  { path: () => `/partner/cases/${caseA.id}`, expected: { ...partnerPage, otherPartner: "notFound" }, hidden: { routedPartner: secretsOfB } },
  {
    path: () => `/partner/cases/${caseB.id}`,
    expected: { ...partnerPage, otherPartner: "allowed", routedPartner: "notFound" },
    hidden: { otherPartner: secretsOfA },
  },
  // A partner user sees their own transcriptions; admins see all.
  { path: () => "/dashboard", expected: { ...staffPage, otherPartner: "allowed" }, hidden: { otherPartner: secretsOfTranscript } },
  { path: () => `/dashboard/transcriptions/${transcriptionId}`, expected: { ...staffPage, otherPartner: "notFound" } },
];

/** Everything the server sent for `path` (after redirects): the address it ended at, its status and its HTML. */
async function visit(actor: Actor, path: string) {
  // A fresh connection each time: a kept-alive one the server has just timed out is reset (ECONNRESET).
  const response = await contexts[actor].get(path, { headers: { Connection: "close" } });
  return { url: new URL(response.url()), status: response.status(), html: await response.text() };
}

function expectNone(html: string, secrets: string[], where: string) {
  for (const secret of secrets) expect(html.includes(secret), `${where} must not contain ${secret}`).toBe(false);
}

for (const [index, entry] of pages.entries()) {
  // Titles cannot use ids made in beforeAll: the path pattern names the test.
  const pattern = [
    "/admin-dashboard",
    "/admin-dashboard/cases/[case A]",
    "/admin-dashboard/partners",
    "/admin-dashboard/audit",
    "/admin-dashboard/insights",
    "/google-drive-setup",
    "/partner",
    "/partner/scorecard",
    "/partner/cases/[case A]",
    "/partner/cases/[case B]",
    "/dashboard",
    "/dashboard/transcriptions/[id]",
  ][index];
  test(`${pattern}: each visitor gets what their role allows, and refusals hold no case or transcript data`, async () => {
    const path = entry.path();
    for (const actor of actors) {
      const outcome = entry.expected[actor];
      const where = `${path} as ${actor} (${outcome})`;
      const { url, status, html } = await visit(actor, path);
      if (outcome !== "allowed") expectNone(html, [...secretsOfA(), ...secretsOfB(), ...secretsOfTranscript()], where);
      else expectNone(html, entry.hidden?.[actor]?.() ?? [], where);
      switch (outcome) {
        case "signIn":
          expect(`${url.pathname}${url.search}`, where).toBe(`/simple-login.html?next=${encodeURIComponent(path)}`);
          break;
        case "twoFactor":
          expect(`${url.pathname}${url.search}`, where).toBe(`/account/security?twoFactor=required&next=${encodeURIComponent(path)}`);
          expect(status, where).toBe(200);
          break;
        case "notFound":
          expect(status, where).toBe(404);
          expect(url.pathname, where).toBe(path);
          expect(html, where).toContain("Page Not Found");
          break;
        case "gate":
          expect(status, where).toBe(200);
          expect(url.pathname, where).toBe(path);
          expect(html, where).toContain("Admin access");
          break;
        case "allowed":
          expect(status, where).toBe(200);
          expect(url.pathname, where).toBe(path);
          break;
      }
    }
  });
}

test("what allowed visitors see: the routed hospital its case, the uploader and admins the transcript, an unlocked admin the case", async ({ browser }) => {
  // Partner pages and the transcript are rendered on the server.
  expect((await visit("routedPartner", "/partner")).html).toContain(caseA.trackingNumber);
  expect((await visit("otherPartner", "/partner")).html).toContain(caseB.trackingNumber);
  const partnerCase = (await visit("routedPartner", `/partner/cases/${caseA.id}`)).html;
  for (const value of [caseA.trackingNumber, patientA.name, patientA.condition]) expect(partnerCase).toContain(value);
  // The hospital does not need the patient's e-mail address.
  expect(partnerCase).not.toContain(patientA.email);
  for (const actor of ["routedPartner", "admin"] as const) {
    expect((await visit(actor, "/dashboard")).html, actor).toContain(transcript.title);
    const page = (await visit(actor, `/dashboard/transcriptions/${transcriptionId}`)).html;
    expect(page, actor).toContain(transcript.title);
    expect(page, actor).toContain(transcript.patientId);
  }

  // Admin pages load their data in the browser once unlocked.
  const admin = await pageAs(browser, "admin");
  await admin.goto(`/admin-dashboard/cases/${caseA.id}`);
  await expect(admin.getByRole("heading", { level: 1, name: patientA.name })).toBeVisible();
  await expect(admin.getByText(patientA.condition).first()).toBeVisible();
  await admin.goto("/admin-dashboard");
  await admin.getByLabel("Search by name, email or tracking number").fill(caseA.trackingNumber);
  await admin.keyboard.press("Enter");
  await expect(admin.getByTestId("admin-submission").filter({ hasText: caseA.trackingNumber })).toBeVisible();
  await admin.goto("/admin-dashboard/partners");
  await expect(admin.getByRole("heading", { level: 1, name: "Partner users" })).toBeVisible();
  await admin.goto("/admin-dashboard/audit");
  await expect(admin.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  await admin.goto("/google-drive-setup");
  await expect(admin.getByTestId("storage-status")).toContainText("Connected");
  await admin.context().close();
});

test("an admin who has not passed the password gate sees the gate in the browser, and nothing of the case loads", async ({ browser }) => {
  const page = await pageAs(browser, "lockedAdmin");
  const answers: string[] = [];
  page.on("response", (response) => {
    if (response.url().includes("/api/")) answers.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  for (const path of ["/admin-dashboard", `/admin-dashboard/cases/${caseA.id}`, "/admin-dashboard/partners", "/admin-dashboard/audit", "/google-drive-setup"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: "Admin access" })).toBeVisible();
    await expect(page.getByLabel("Your password")).toBeVisible();
    await page.waitForLoadState("networkidle");
    expectNone(await page.content(), [...secretsOfA(), ...secretsOfB()], `${path} behind the gate`);
  }
  // No admin API answered with data behind the gate.
  expect(answers.filter((answer) => answer.startsWith("200 /api/admin"))).toEqual([]);
  await page.context().close();
});

test("the same refusals in another language", async () => {
  for (const [actor, path] of [
    ["patient", `/fr/admin-dashboard/cases/${caseA.id}`],
    ["otherPartner", `/fr/partner/cases/${caseA.id}`],
    ["routedPartner", `/fr/admin-dashboard/cases/${caseA.id}`],
    ["otherPartner", `/fr/dashboard/transcriptions/${transcriptionId}`],
  ] as const) {
    const { status, html } = await visit(actor, path);
    expect(status, `${path} as ${actor}`).toBe(404);
    expectNone(html, [...secretsOfA(), ...secretsOfTranscript()], `${path} as ${actor}`);
  }
  const guest = await visit("guest", `/fr/admin-dashboard/cases/${caseA.id}`);
  expect(guest.url.pathname).toBe("/fr/simple-login.html");
  expectNone(guest.html, secretsOfA(), "the French sign-in page");
});

/** A browser page signed in as `actor` (the request context's cookies). */
async function pageAs(browser: Browser, actor: Actor): Promise<Page> {
  const context = await browser.newContext({ storageState: await contexts[actor].storageState() });
  return context.newPage();
}

test("a malformed or unknown id in a staff page's address is a 404 for those allowed there, never a server error", async () => {
  const unknown = "00000000-0000-4000-8000-000000000000";
  for (const id of ["not-a-uuid", unknown, "%27%20OR%201%3D1"]) {
    for (const [actor, path] of [
      ["admin", `/admin-dashboard/cases/${id}`],
      ["routedPartner", `/partner/cases/${id}`],
      ["admin", `/dashboard/transcriptions/${id}`],
      ["routedPartner", `/dashboard/transcriptions/${id}`],
      ["admin", `/imaging/${id}`],
      ["routedPartner", `/imaging/${id}`],
    ] as const) {
      const { status, html } = await visit(actor, path);
      expect(status, `${path} as ${actor}`).toBe(404);
      // In the visitor's language, which an earlier test may have changed (its cookie).
      expect(
        notFoundTitles.some((title) => html.includes(title)),
        `${path} as ${actor}`,
      ).toBe(true);
    }
  }
});

const notFoundTitles = readdirSync("messages")
  .filter((file) => file.endsWith(".json"))
  .map((file) => (JSON.parse(readFileSync(`messages/${file}`, "utf8")) as { notFound: { title: string } }).notFound.title);

test("a hospital that declined keeps its own answer, and its case page says the case is no longer shared", async () => {
  const patient = { name: `Fatima Bello ${lettersOnly(run)}`, email: `fatima.${run}@example.com`, condition: `Aortic stenosis ${run}` };
  const item = await submitGuestCaseThroughApi(contexts.guest, patient);
  const { hospitals } = (await (await contexts.admin.get("/api/admin/hospitals")).json()) as { hospitals: { id: string }[] };
  const routed = await contexts.admin.post(`/api/admin/cases/${item.id}/route`, { data: { hospitalIds: [hospitals[0].id, hospitals[1].id] } });
  expect(routed.status(), await routed.text()).toBe(200);
  const reason = `We do not treat this condition ${run}`;
  const declined = await contexts.routedPartner.post(`/api/partner/cases/${item.id}/decline`, { data: { reason } });
  expect(declined.status(), await declined.text()).toBe(200);

  const { status, html } = await visit("routedPartner", `/partner/cases/${item.id}`);
  expect(status).toBe(200);
  // (In whichever language an earlier test left this visitor's locale cookie.)
  for (const value of [item.trackingNumber, 'data-testid="not-shared"', reason]) expect(html).toContain(value);
  expectNone(html, [patient.name, patient.email, patient.condition], "the declined hospital's case page");
  // The other hospital, still asked, sees the case.
  const other = (await visit("otherPartner", `/partner/cases/${item.id}`)).html;
  for (const value of [patient.name, patient.condition]) expect(other).toContain(value);
});

test("the 404 of an unknown id is in the reader's language, for a case the reader may not see as for one that does not exist", async ({ browser }) => {
  const unknown = "00000000-0000-4000-8000-000000000000";
  for (const [actor, path, locale] of [
    ["admin", `/yo/admin-dashboard/cases/${unknown}`, "yo"],
    ["admin", `/ar/imaging/${unknown}`, "ar"],
    ["routedPartner", `/pcm/partner/cases/${unknown}`, "pcm"],
    ["routedPartner", `/pcm/partner/cases/${caseB.id}`, "pcm"],
    ["otherPartner", `/ig/dashboard/transcriptions/${transcriptionId}`, "ig"],
  ] as const) {
    const where = `${path} as ${actor}`;
    const { notFound } = JSON.parse(readFileSync(`messages/${locale}.json`, "utf8")) as { notFound: { title: string; description: string } };
    const page = await pageAs(browser, actor);
    const response = await page.goto(path);
    expect(response!.status(), where).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: notFound.title }), where).toBeVisible();
    await expect(page.getByText(notFound.description), where).toBeVisible();
    await expect(page.locator("html"), where).toHaveAttribute("lang", locale);
    await expect(page.locator("html"), where).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
    expectNone(await page.content(), [...secretsOfA(), ...secretsOfB(), ...secretsOfTranscript()], where);
    await page.context().close();
  }
});
