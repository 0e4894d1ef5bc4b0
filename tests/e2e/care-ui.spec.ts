import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { becomeAdminThroughApi, fileSamples, invitePartnerThroughApi, lettersOnly, signUpThroughApi } from "./support";

/**
 * Care-coordination screens that issue 5 names, one flow on one case: the setup page's
 * failure toast, an undecodable image in the preview dialog, the transfer records after routing, a
 * document request answered with 'Add More Files', and a hospital declining with a reason.
 */

const run = Date.now().toString(36);
const patientName = `Aisha Lawal ${lettersOnly(run)}`;
const contexts = {} as Record<"patient" | "admin" | "partner", APIRequestContext>;
let submission: { id: string; trackingNumber: string };
let hospitals: { id: string; name: string; country: string }[];

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(90_000);
  const baseURL = test.info().project.use.baseURL!;
  for (const who of ["patient", "admin", "partner"] as const)
    contexts[who] = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });

  const patient = await signUpThroughApi(contexts.patient, "Aisha");
  const created = await contexts.patient.post("/api/my-submissions", {
    multipart: {
      patientName,
      title: "Heart rhythm second opinion",
      email: patient.email,
      homeCountry: "Nigeria",
      medicalCondition: "Atrial fibrillation",
      specialty: "cardiology",
      urgency: "urgent",
      preferredCountries: JSON.stringify(["Turkey"]),
      budget: "5k-15k",
      consent: "true",
      consentFullName: patientName,
      consentEmail: patient.email,
      consentDate: "2026-11-22",
      // A PNG signature followed by bytes no browser can decode: accepted as an image, but it cannot be shown.
      files: fileSamples.png("holter-chart"),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  submission = (await created.json()) as { id: string; trackingNumber: string };

  const admin = await signUpThroughApi(contexts.admin, "Coordinator");
  await becomeAdminThroughApi(contexts.admin, admin);
  expect((await contexts.admin.post("/api/admin/unlock", { data: { password: admin.password } })).status()).toBe(200);
  hospitals = ((await (await contexts.admin.get("/api/admin/hospitals")).json()) as { hospitals: typeof hospitals }).hospitals.slice(0, 2);
  await invitePartnerThroughApi(contexts.admin, contexts.partner, hospitals[0].id, "Cardio");
});

test.afterAll(async () => {
  await Promise.all(Object.values(contexts).map((context) => context.dispose()));
});

/** A browser page signed in as the account of `who` (its request context's cookies, the admin's unlock included). */
async function pageAs(browser: Browser, who: keyof typeof contexts): Promise<Page> {
  return (await browser.newContext({ storageState: await contexts[who].storageState() })).newPage();
}

test("/admin-setup with a wrong key: the 'Setup Failed' toast with the server's message, and no admin access", async ({ page }) => {
  // Setup attempts are rate-limited per address: this browser gets its own.
  await page.setExtraHTTPHeaders({ "x-forwarded-for": `198.18.251.${Math.floor(Math.random() * 250)}` });
  const account = await signUpThroughApi(page.request, "Hopeful");
  await page.goto("/admin-setup");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Admin key").fill("not-the-setup-key");
  await page.getByRole("button", { name: "Grant Admin Access" }).click();
  await expect(page.getByText("Setup Failed", { exact: true })).toBeVisible();
  await expect(page.getByText("Invalid email or admin key.", { exact: true })).toBeVisible();
  await expect(page.getByText("Admin Access Granted!")).toHaveCount(0);
  await page.goto("/admin-dashboard");
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
});

test("an image that cannot be decoded shows 'Image not available' in the admin preview dialog", async ({ browser }) => {
  const admin = await pageAs(browser, "admin");
  await admin.goto(`/admin-dashboard/cases/${submission.id}`);
  await expect(admin.getByRole("heading", { level: 1, name: patientName })).toBeVisible();
  // The file route answers with the bytes (authorized, as an image): the browser fails to decode them.
  const served = admin.waitForResponse((response) => response.url().includes("/api/files/") && response.url().includes("disposition=inline"));
  await admin.getByRole("button", { name: "Preview holter-chart.png" }).click();
  const dialog = admin.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Preview: holter-chart.png" })).toBeVisible();
  const response = await served;
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("image/png");
  await expect(dialog.getByText("Image not available")).toBeVisible();
  await expect(dialog.getByRole("img")).toHaveCount(0);
  await expect(dialog.getByRole("link", { name: "Download File" })).toBeVisible();
  await admin.context().close();
});

test("after routing, /journey lists each cross-border transfer: hospital, destination country, date and legal basis", async ({ browser }) => {
  const routed = await contexts.admin.post(`/api/admin/cases/${submission.id}/route`, { data: { hospitalIds: hospitals.map((hospital) => hospital.id) } });
  expect(routed.status(), await routed.text()).toBe(200);

  const patient = await pageAs(browser, "patient");
  await patient.goto("/journey");
  const card = patient.getByTestId("submission-card").filter({ hasText: submission.trackingNumber });
  await expect(card.getByTestId("status-badge")).toHaveText("Sent to Hospitals");
  const records = card.getByTestId("transfer-records").getByRole("listitem");
  await expect(records).toHaveCount(2);
  for (const [index, hospital] of hospitals.entries()) {
    expect(hospital.country).toBeTruthy();
    await expect(records.nth(index)).toHaveText(
      new RegExp(
        `^Shared with ${escape(hospital.name)} in ${escape(hospital.country)} on \\w{3} \\d{1,2}, \\d{4}, on the basis of your explicit consent \\(NDPA 2023 s\\. 41 / GDPR art\\. 49\\(1\\)\\(a\\)\\)\\.$`,
      ),
    );
  }
  await patient.context().close();
});

test("the admin asks for documents on the case page; the patient answers on /journey with 'Add More Files'; the admin sees the file", async ({ browser }) => {
  const request = `Please add your latest ECG recording ${run}`;
  const admin = await pageAs(browser, "admin");
  await admin.goto(`/admin-dashboard/cases/${submission.id}`);
  await admin.getByLabel("What should the patient send?").fill(request);
  await admin.getByRole("button", { name: "Request more documents" }).click();
  const asked = admin.getByTestId("document-request").filter({ hasText: request });
  await expect(asked).toContainText("Waiting for the patient");

  const patient = await pageAs(browser, "patient");
  await patient.goto("/journey");
  const card = patient.getByTestId("submission-card").filter({ hasText: submission.trackingNumber });
  const alert = card.getByTestId("document-request");
  await expect(alert).toContainText("More documents needed");
  await expect(alert).toContainText(request);
  await alert.getByRole("link", { name: "Add them with 'Add More Files' below" }).click();
  await expect(patient).toHaveURL(new RegExp(`#add-files-${submission.id}$`));

  const addFiles = card.getByRole("region", { name: "Add More Files" });
  await addFiles.locator('input[type="file"]:not([webkitdirectory])').setInputFiles([fileSamples.pdf(`ecg-${run}`)]);
  await expect(addFiles.getByText(`ecg-${run}.pdf`)).toBeVisible();
  await addFiles.getByRole("button", { name: "Add Files to Submission" }).click();
  await expect(patient.getByText("Files Added Successfully").first()).toBeVisible();
  // The request is answered: no longer an alert, listed with the date it was answered.
  await expect(card.getByTestId("document-request")).toHaveCount(0);
  await expect(card.getByText(new RegExp(`^Requested on .+: ${escape(request)} \\(answered on .+\\)$`))).toBeVisible();
  await expect(card.getByRole("link", { name: `Download ecg-${run}.pdf` })).toBeVisible();

  await admin.reload();
  await expect(asked).toContainText(/Files added/);
  await expect(asked).not.toContainText("Waiting for the patient");
  await expect(admin.getByTestId("admin-file").filter({ hasText: `ecg-${run}.pdf` })).toBeVisible();
  await Promise.all([admin.context().close(), patient.context().close()]);
});

test("a partner declines the case with a reason in the portal; the admin sees it declined with the reason, the patient sees it declined without the reason", async ({
  browser,
}) => {
  const reason = `Our electrophysiology unit is closed for renovation until March ${run}`;
  const partner = await pageAs(browser, "partner");
  await partner.goto("/partner");
  const row = partner.getByTestId("partner-case").filter({ hasText: submission.trackingNumber });
  await expect(row.getByTestId("routing-status")).toHaveText("Awaiting response");
  await row.getByRole("link", { name: /Open case/ }).click();
  await expect(partner.getByRole("heading", { name: `Case ${submission.trackingNumber}` })).toBeVisible();

  await partner.getByRole("button", { name: "Decline instead" }).click();
  await expect(partner.getByRole("heading", { name: "Decline this case" })).toBeVisible();
  // A reason is required.
  await partner.getByRole("button", { name: "Decline case" }).click();
  await expect(partner.getByText("This field is required.")).toBeVisible();
  await expect(partner.getByTestId("decline-summary")).toHaveCount(0);
  await partner.getByLabel("Reason for declining").fill(reason);
  await partner.getByRole("button", { name: "Decline case" }).click();
  await expect(partner.getByText("The case was declined.").first()).toBeVisible();
  const summary = partner.getByTestId("decline-summary");
  await expect(summary).toContainText("Your hospital declined this case");
  await expect(summary).toContainText(reason);
  await expect(partner.getByTestId("routing-status")).toHaveText("Declined");
  await expect(partner.getByRole("button", { name: "Send treatment plan" })).toHaveCount(0);
  await partner.goto("/partner");
  await expect(row.getByTestId("routing-status")).toHaveText("Declined");

  const admin = await pageAs(browser, "admin");
  await admin.goto(`/admin-dashboard/cases/${submission.id}`);
  const declined = admin.getByTestId("case-routing").filter({ hasText: hospitals[0].name });
  await expect(declined).toContainText("Declined");
  await expect(declined).toContainText(`Reason for declining: ${reason}`);
  await expect(declined.getByTestId("routing-clock")).toHaveCount(0);
  // The other hospital still has the case.
  await expect(admin.getByTestId("case-routing").filter({ hasText: hospitals[1].name })).toContainText("Awaiting response");

  // The patient sees the hospital as declined, never why (lib/submissions/queries.ts); the other stays matched.
  const patient = await pageAs(browser, "patient");
  await patient.goto("/journey");
  const card = patient.getByTestId("submission-card").filter({ hasText: submission.trackingNumber });
  const declinedHospitals = card.getByTestId("declined-hospitals");
  await expect(declinedHospitals).toContainText("Declined");
  await expect(declinedHospitals).toContainText(`${hospitals[0].name}, ${hospitals[0].country}`);
  await expect(declinedHospitals).not.toContainText(hospitals[1].name);
  await expect(card.getByTestId("transfer-records")).toBeVisible();
  await patient.waitForLoadState("networkidle");
  expect(await patient.content()).not.toContain(reason);
  const own = (await (await contexts.patient.get("/api/my-submissions")).text()) as string;
  expect(own).toContain(submission.trackingNumber);
  expect(own).not.toContain(reason);
  await Promise.all([admin.context().close(), partner.context().close(), patient.context().close()]);
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
