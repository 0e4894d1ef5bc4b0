import { expect, test, type Browser, type Page } from "@playwright/test";
import { fileSamples, becomeAdminThroughApi, setUpTwoFactorInPage, signUpThroughApi, waitForMail } from "./support";

const PARTNER_PASSWORD = "a strong partner password";
const inDays = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

const hospitals = [
  { id: "medipol-mega", name: "Medipol Mega University Hospital", doctor: "Prof. Dr. Kemal Demir", min: "14000", max: "16000", display: "14,000 – 16,000 USD" },
  { id: "memorial-sisli", name: "Memorial Şişli Hospital", doctor: "Prof. Dr. Elif Aydın", min: "11000", max: "13500", display: "11,000 – 13,500 USD" },
];

/** The admin invites a partner user of one hospital on the partners page; the partner accepts in their own browser. */
async function invitePartner(admin: Page, browser: Browser, hospital: (typeof hospitals)[number], run: string): Promise<Page> {
  const email = `partner.${hospital.id}.${run}@example.com`;
  await admin.goto("/admin-dashboard/partners");
  await admin.getByLabel("Full name").fill(`Coordinator of ${hospital.name}`);
  await admin.getByLabel("E-mail").fill(email);
  await admin.getByLabel("Hospital").selectOption(hospital.id);
  await admin.getByRole("button", { name: "Send invitation" }).click();
  await expect(admin.getByTestId("partner-invitations")).toContainText(email);

  const mail = (await waitForMail(email)).replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const link = new URL(mail.match(/https?:\/\/\S+\/partner\/invite\?token=[A-Za-z0-9_-]{43}/)![0]);
  const partner = await (await browser.newContext()).newPage();
  await partner.goto(link.pathname + link.search);
  await partner.getByLabel("Username").fill(`${hospital.id.replace("-", "_")}_${run}`);
  await partner.getByLabel("Password", { exact: true }).fill(PARTNER_PASSWORD);
  await partner.getByLabel("Confirm password").fill(PARTNER_PASSWORD);
  await partner.getByRole("button", { name: "Create account and open the portal" }).click();
  // Staff set up two-factor authentication before the portal opens.
  await expect(partner).toHaveURL(/\/account\/security\?twoFactor=required/);
  await setUpTwoFactorInPage(partner, PARTNER_PASSWORD);
  await expect(partner).toHaveURL(/\/partner$/);
  return partner;
}

/** The partner opens the routed case from the portal and answers with a treatment plan. */
async function sendPlan(partner: Page, trackingNumber: string, hospital: (typeof hospitals)[number], coordinatorNote: string) {
  await partner.reload();
  const row = partner.getByTestId("partner-case").filter({ hasText: trackingNumber });
  await expect(row.getByTestId("routing-status")).toHaveText("Awaiting response");
  await row.getByRole("link", { name: /Open case/ }).click();
  await expect(partner.getByRole("heading", { name: `Case ${trackingNumber}` })).toBeVisible();
  await expect(partner.getByTestId("coordinator-note")).toContainText(coordinatorNote);
  await partner.getByLabel("Diagnosis summary").fill("Three-vessel coronary artery disease.");
  await partner.getByLabel("Proposed treatment").fill("Coronary artery bypass grafting.");
  await partner.getByLabel("What is included").fill("Surgery, 7 nights in hospital, follow-up visits, airport transfers.");
  await partner.getByLabel("Length of stay (days)").fill("12");
  await partner.getByLabel("Lead doctor").fill(hospital.doctor);
  await partner.getByLabel("Minimum price").fill(hospital.min);
  await partner.getByLabel("Maximum price").fill(hospital.max);
  await partner.getByLabel("Currency").selectOption("USD");
  await partner.getByLabel("Valid until").fill(inDays(45));
  await partner.getByRole("button", { name: "Send treatment plan" }).click();
  await expect(partner.getByTestId("submitted-plan")).toContainText(hospital.display);
  await expect(partner.getByTestId("routing-status")).toHaveText("Responded");
}

test("a case goes from the patient to an admin, to two partner hospitals, and back to the patient, who approves a plan", async ({ page: patient, browser }) => {
  test.setTimeout(180_000);
  const run = Date.now().toString(36);

  // The patient signs up and sends records through the form.
  const account = await signUpThroughApi(patient.request, "Ifeoma");
  await patient.goto("/upload");
  const form = patient.locator("form").filter({ has: patient.getByRole("button", { name: "Submit Medical Records" }) });
  await form.getByLabel("Home country").fill("Nigeria");
  await form.getByLabel("Medical condition").fill("Three-vessel coronary artery disease");
  await form.getByLabel("Specialty").selectOption("cardiology");
  await form.getByLabel("Urgency").selectOption("urgent");
  await form.getByLabel("Preferred Treatment Countries").selectOption("Both");
  await form.getByLabel("Budget (USD)").selectOption("5k-15k");
  await form.getByLabel("Full name").fill("Ifeoma Nwosu");
  await form.getByLabel("Consent email").fill(account.email);
  await form.locator('input[type="file"]:not([webkitdirectory])').setInputFiles([fileSamples.pdf("angiogram")]);
  await form.getByLabel("I have read the above and give my consent.").check();
  await form.getByRole("button", { name: "Submit Medical Records" }).click();
  await expect(patient).toHaveURL(/\/journey$/, { timeout: 15_000 });
  const card = patient.getByTestId("submission-card");
  await expect(card.getByTestId("status-badge")).toHaveText("Submitted");
  const trackingNumber = (await card.locator(".font-mono").first().textContent())!.trim();
  expect(trackingNumber).toMatch(/^SUB-\d{8}-[0-9A-Z]{10}$/);

  // An admin (made with the setup key; two-factor set-up unlocked the dashboard) finds the case.
  const admin = await (await browser.newContext()).newPage();
  const adminAccount = await signUpThroughApi(admin.request, "Coordinator");
  await becomeAdminThroughApi(admin.request, adminAccount);
  await admin.goto("/admin-dashboard");
  await expect(admin.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();

  // Two partner users, one per hospital, invited by the admin.
  const partners = [];
  for (const hospital of hospitals) partners.push(await invitePartner(admin, browser, hospital, run));

  // The admin reviews the case and routes it to both hospitals.
  await admin.goto("/admin-dashboard");
  await admin.getByLabel("Search by name, email or tracking number").fill(trackingNumber);
  await admin.keyboard.press("Enter");
  const adminCard = admin.getByTestId("admin-submission").filter({ hasText: trackingNumber });
  await adminCard.getByRole("link", { name: /^View Details/ }).click();
  await expect(admin.getByTestId("case-status")).toHaveText("SUBMITTED");
  await admin.getByRole("button", { name: "Move to under review" }).click();
  await admin.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
  await expect(admin.getByTestId("case-status")).toHaveText("UNDER REVIEW");
  for (const hospital of hospitals) await admin.getByLabel(new RegExp(hospital.name)).check();
  // A note for the hospitals: they see it with the case; the patient's history does not.
  const coordinatorNote = "Echo and angiogram attached; the patient prefers surgery in January.";
  await admin.getByLabel("Note for the hospitals (optional)").fill(coordinatorNote);
  await admin.getByRole("button", { name: "Send to selected hospitals" }).click();
  await expect(admin.getByTestId("case-status")).toHaveText("SENT TO HOSPITALS");
  await expect(admin.getByTestId("case-routing")).toHaveCount(2);

  // Each hospital sees only its routing and answers with a plan.
  for (const [index, hospital] of hospitals.entries()) await sendPlan(partners[index], trackingNumber, hospital, coordinatorNote);

  // The admin sees both answers; the case is responded.
  await admin.reload();
  await expect(admin.getByTestId("case-status")).toHaveText("RESPONDED");
  for (const hospital of hospitals) await expect(admin.getByTestId("case-routing").filter({ hasText: hospital.name })).toContainText("Plan received");

  // The patient compares the two plans side by side and approves the second hospital's.
  await patient.reload();
  await expect(card.getByTestId("status-badge")).toHaveText("Hospital Responded");
  const plans = card.getByTestId("plan-card");
  await expect(plans).toHaveCount(2);
  const chosen = plans.filter({ hasText: hospitals[1].name });
  const other = plans.filter({ hasText: hospitals[0].name });
  await expect(chosen).toContainText("$11,000 – $13,500");
  await expect(other).toContainText("$14,000 – $16,000");
  await chosen.getByRole("button", { name: /Approve this plan/ }).click();
  await patient.getByRole("dialog").getByRole("button", { name: "Yes, approve this plan" }).click();
  await expect(chosen).toHaveAttribute("data-status", "accepted");
  await expect(other).toHaveAttribute("data-status", "not_selected");
  await expect(card.getByTestId("status-badge")).toHaveText("Plan Accepted");
  await expect(patient.locator("body")).not.toContainText(coordinatorNote);

  // At a glance, on the admin's case page and in each hospital's list: which plan was chosen.
  await admin.reload();
  await expect(admin.getByTestId("case-routing").filter({ hasText: hospitals[1].name }).getByTestId("routing-outcome")).toHaveText(
    "Plan accepted by the patient",
  );
  await expect(admin.getByTestId("case-routing").filter({ hasText: hospitals[0].name }).getByTestId("routing-outcome")).toHaveText("Plan not chosen");
  await partners[0].goto("/partner");
  await expect(partners[0].getByTestId("partner-case").filter({ hasText: trackingNumber }).getByTestId("routing-status")).toHaveText("Plan not chosen");
  await partners[1].goto("/partner");
  await expect(partners[1].getByTestId("partner-case").filter({ hasText: trackingNumber }).getByTestId("routing-status")).toHaveText(
    "Plan approved by the patient",
  );

  // The hospitals are told; the chosen one schedules the appointment, which the patient sees.
  await partners[0]
    .getByTestId("partner-case")
    .filter({ hasText: trackingNumber })
    .getByRole("link", { name: /Open case/ })
    .click();
  await expect(partners[0].getByTestId("submitted-plan")).toContainText("Not selected");
  await partners[1]
    .getByTestId("partner-case")
    .filter({ hasText: trackingNumber })
    .getByRole("link", { name: /Open case/ })
    .click();
  await expect(partners[1].getByTestId("submitted-plan")).toContainText("Approved by the patient");
  await partners[1].getByLabel("Appointment date and time").fill(`${inDays(20)}T09:30`);
  await partners[1].getByLabel("Note for the patient").fill("Please arrive fasting.");
  await partners[1].getByRole("button", { name: "Save appointment" }).click();
  await expect(partners[1].getByText("Appointment saved. The patient has been told.").first()).toBeVisible();
  await patient.reload();
  await expect(chosen).toContainText("Please arrive fasting.");

  // The admin closes the case; the patient's history shows every step.
  await admin.reload();
  await expect(admin.getByTestId("case-status")).toHaveText("PLAN ACCEPTED");
  await admin.getByRole("button", { name: "Close case" }).click();
  await admin.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
  await expect(admin.getByTestId("case-status")).toHaveText("CLOSED");
  await patient.reload();
  await expect(card.getByTestId("status-badge")).toHaveText("Closed");

  // Nobody crossed into someone else's space on the way.
  expect((await partners[0].request.get(`/api/admin/cases/${new URL(admin.url()).pathname.split("/").pop()}`)).status()).toBe(404);
  await patient.goto("/partner");
  await expect(patient.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
});
