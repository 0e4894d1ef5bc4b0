import { expect, test, type APIRequestContext } from "@playwright/test";
import { fileSamples, becomeAdminThroughApi, enrollTwoFactorThroughApi, signUpThroughApi, waitForMail } from "./support";

const PASSWORD = "correct horse battery";

async function ok(response: Awaited<ReturnType<APIRequestContext["post"]>>, status = 200) {
  expect(response.status(), await response.text()).toBe(status);
  return response.json();
}

function inDays(days: number) {
  return new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

test("a patient compares two hospitals' plans and approves one; the bell counts notifications and marks them read", async ({ page, playwright }) => {
  const baseURL = test.info().project.use.baseURL!;
  const unique = Date.now().toString(36);

  // The patient signs up and submits a case (this browser is signed in).
  const patient = await signUpThroughApi(page.request, "Amina");
  const submission = (await ok(
    await page.request.post("/api/my-submissions", {
      multipart: {
        patientName: "Amina Bello",
        title: "Heart valve consultation",
        email: patient.email,
        homeCountry: "Nigeria",
        medicalCondition: "Aortic stenosis",
        specialty: "cardiology",
        urgency: "urgent",
        preferredCountries: JSON.stringify(["Turkey"]),
        budget: "15k-30k",
        consent: "true",
        consentFullName: "Amina Bello",
        consentEmail: patient.email,
        consentDate: "2026-11-22",
        files: fileSamples.pdf("echo-report"),
      },
    }),
    201,
  )) as { id: string; trackingNumber: string };
  const caseId = submission.id;

  // An admin (setup key, unlocked) invites one partner user for each of two hospitals and routes the case to both.
  const admin = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const adminAccount = await signUpThroughApi(admin, "Admin");
  await becomeAdminThroughApi(admin, adminAccount);
  await ok(await admin.post("/api/admin/unlock", { data: { password: adminAccount.password } }));
  const { hospitals } = (await ok(await admin.get("/api/admin/hospitals"))) as { hospitals: { id: string; name: string }[] };
  const [first, second] = hospitals;

  const partners: APIRequestContext[] = [];
  for (const [index, hospital] of [first, second].entries()) {
    const email = `partner${index}_${unique}@example.com`;
    await ok(await admin.post("/api/admin/partners", { data: { name: `Dr Partner ${"AB"[index]}`, email, hospitalId: hospital.id } }), 201);
    // The e-mail is quoted-printable: undo soft line breaks and the encoded "=".
    const mail = (await waitForMail(email)).replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    const token = mail.match(/token=([A-Za-z0-9_-]{43})/)![1];
    const partner = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
    await ok(await partner.post("/api/partner/invitations/accept", { data: { token, username: `partner${index}_${unique}`, password: PASSWORD } }), 201);
    await enrollTwoFactorThroughApi(partner, PASSWORD);
    partners.push(partner);
  }
  await ok(await admin.post(`/api/admin/cases/${caseId}/route`, { data: { hospitalIds: [first.id, second.id] } }));

  // Each hospital answers with a plan in the same template.
  const plan = (priceMin: number, priceMax: number, leadDoctor: string) => ({
    diagnosisSummary: "Severe aortic stenosis",
    proposedTreatment: "Transcatheter aortic valve implantation (TAVI)",
    included: "Procedure, 6 nights in hospital, airport transfers",
    lengthOfStayDays: 7,
    priceMin,
    priceMax,
    currency: "USD",
    validUntil: inDays(30),
    leadDoctor,
  });
  await ok(await partners[0].post(`/api/partner/cases/${caseId}/plan`, { data: plan(21000, 25000, "Prof. Dr. Ayşe Yılmaz") }), 201);
  await ok(
    await partners[1].post(`/api/partner/cases/${caseId}/plan`, {
      data: { ...plan(17500, 19000, "Dr. Mehmet Kaya"), message: "We can admit you next month." },
    }),
    201,
  );

  // The bell shows the unread count (case received, sent to hospitals, two hospital responses).
  await page.goto("/journey");
  const { unreadCount } = (await ok(await page.request.get("/api/notifications"))) as { unreadCount: number };
  expect(unreadCount).toBeGreaterThanOrEqual(3);
  const badge = page.getByTestId("notification-count");
  await expect(badge).toHaveText(unreadCount > 9 ? "9+" : String(unreadCount));

  // Both plans side by side, in one template.
  const card = page.getByTestId("submission-card").filter({ hasText: submission.trackingNumber });
  await expect(card.getByTestId("status-badge")).toHaveText("Hospital Responded");
  const plans = card.getByTestId("plan-card");
  await expect(plans).toHaveCount(2);
  await expect(card.getByText(`${first.name},`).first()).toBeVisible();
  const chosen = plans.filter({ hasText: second.name });
  const other = plans.filter({ hasText: first.name });
  await expect(chosen).toContainText("$17,500 – $19,000");
  await expect(other).toContainText("$21,000 – $25,000");
  for (const label of [
    "Diagnosis summary",
    "Proposed treatment",
    "What is included",
    "Length of stay",
    "Price range",
    "Valid until",
    "Lead doctor",
    "Message from the hospital",
  ]) {
    await expect(chosen.getByText(label, { exact: true })).toBeVisible();
    await expect(other.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(chosen).toContainText("7 days");
  const [a, b] = [await chosen.boundingBox(), await other.boundingBox()];
  expect(Math.abs(a!.y - b!.y)).toBeLessThan(2); // side by side on a wide screen

  // Approve one: a confirmation first, nothing is paid.
  await chosen.getByRole("button", { name: /Approve this plan/ }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: `Approve the plan of ${second.name}?` })).toBeVisible();
  await expect(dialog).toContainText("Nothing is paid here.");
  await dialog.getByRole("button", { name: "Yes, approve this plan" }).click();
  await expect(page.getByText("Plan approved", { exact: true }).first()).toBeVisible();
  await expect(chosen).toHaveAttribute("data-status", "accepted");
  await expect(other).toHaveAttribute("data-status", "not_selected");
  await expect(other.getByText("Not selected")).toBeVisible();
  await expect(card.getByRole("button", { name: /Approve this plan/ })).toHaveCount(0);
  await expect(card.getByTestId("status-badge")).toHaveText("Plan Accepted");

  // On a phone the plans stack.
  await page.setViewportSize({ width: 390, height: 844 });
  const [c, d] = [await chosen.boundingBox(), await other.boundingBox()];
  expect(Math.abs(c!.x - d!.x)).toBeLessThan(2);
  expect(Math.abs(c!.y - d!.y)).toBeGreaterThan(50);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Opening the bell refetches: the approval's status change is there. Clicking one marks it read and follows its link.
  const bell = page.getByTestId("notification-bell");
  await bell.click();
  const items = page.getByTestId("notification-item");
  await expect(items.first()).toContainText(`Case ${submission.trackingNumber} updated`);
  await expect(items.first()).toContainText("Just now");
  const before = Number(await badge.textContent());
  await items.first().click();
  await expect(page.getByTestId("notification-item")).toHaveCount(0); // the list closed
  await expect(page).toHaveURL(/\/journey$/);
  await expect(badge).toHaveText(String(before - 1));

  await bell.click();
  await expect(items.first()).toHaveAttribute("data-read", "true");
  await page.getByRole("button", { name: "Mark all read" }).click();
  await expect(badge).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Mark all read" })).toBeDisabled();
  expect(((await ok(await page.request.get("/api/notifications"))) as { unreadCount: number }).unreadCount).toBe(0);

  // The hospitals were told: the chosen one that its plan was approved, the other that another was chosen.
  const inbox = async (partner: APIRequestContext) =>
    ((await ok(await partner.get("/api/notifications"))) as { items: { title: string }[] }).items.map((item) => item.title);
  expect(await inbox(partners[1])).toContain("Plan approved");
  expect(await inbox(partners[0])).toContain("Another plan was chosen");
  await Promise.all([admin.dispose(), ...partners.map((partner) => partner.dispose())]);
});
