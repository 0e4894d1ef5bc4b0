import { expect, test, type APIResponse } from "@playwright/test";
import { fileSamples, becomeAdminThroughApi, setUpTwoFactorInPage, signUpThroughApi, totpCode, waitForMail } from "./support";

async function ok(response: APIResponse, status = 200) {
  expect(response.status(), await response.text()).toBe(status);
  return response.json();
}

const inDays = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

test("an admin invites a partner, who accepts, sees the case routed to the hospital with its clock, and answers with a plan", async ({
  page,
  browser,
  playwright,
}) => {
  const baseURL = test.info().project.use.baseURL!;
  const unique = Date.now().toString(36);

  // A guest submits a case.
  const guest = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const submission = (await ok(
    await guest.post("/api/medical-submissions", {
      multipart: {
        name: "Chidi Okafor",
        email: `chidi_${unique}@example.com`,
        homeCountry: "Nigeria",
        medicalCondition: "Lumbar disc herniation",
        specialty: "orthopedics",
        urgency: "urgent",
        preferredCountries: JSON.stringify(["Turkey"]),
        budget: "5k-15k",
        consent: "true",
        consentFullName: "Chidi Okafor",
        consentEmail: `chidi_${unique}@example.com`,
        consentDate: "2026-11-22",
        files: fileSamples.pdf("spine-mri"),
      },
    }),
    201,
  )) as { id: string; trackingNumber: string };

  // This browser becomes an unlocked admin and invites a partner user on the partners page.
  const admin = await signUpThroughApi(page.request, "Admin");
  await becomeAdminThroughApi(page.request, admin);
  await ok(await page.request.post("/api/admin/unlock", { data: { password: admin.password } }));
  await page.goto("/admin-dashboard/partners");
  await expect(page.getByRole("heading", { name: "Partner users", level: 1 })).toBeVisible();
  const partnerEmail = `dr.aydin_${unique}@example.com`;
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText("Please enter the name, the e-mail address and the hospital.")).toBeVisible();
  await page.getByLabel("Full name").fill("Dr Elif Aydın");
  await page.getByLabel("E-mail").fill(partnerEmail);
  await page.getByLabel("Hospital").selectOption("medipol-mega");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${partnerEmail}`).first()).toBeVisible();
  const invitations = page.getByTestId("partner-invitations");
  await expect(invitations).toContainText(partnerEmail);
  const hospitalName = (await page.getByLabel("Hospital").locator('option[value="medipol-mega"]').textContent())!.replace(/ \(.*\)$/, "");
  await expect(invitations).toContainText(hospitalName);

  // The admin routes the case to that hospital.
  await ok(await page.request.post(`/api/admin/cases/${submission.id}/route`, { data: { hospitalIds: ["medipol-mega"] } }));

  // The invitation e-mail (quoted-printable: undo soft line breaks and the encoded "=").
  const mail = (await waitForMail(partnerEmail)).replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const link = mail.match(/https?:\/\/\S+\/partner\/invite\?token=[A-Za-z0-9_-]{43}/)![0];

  // The partner, in their own browser, accepts: chooses a username and password, and is signed in.
  const partnerContext = await browser.newContext();
  const partner = await partnerContext.newPage();
  await partner.goto(new URL(link).pathname + new URL(link).search);
  await expect(partner.getByText(`Dr Elif Aydın, you are invited to answer cases for ${hospitalName}.`)).toBeVisible();
  await partner.getByLabel("Username").fill(`elif_${unique}`);
  await partner.getByLabel("Password", { exact: true }).fill("a strong partner password");
  await partner.getByLabel("Confirm password").fill("a different password");
  await partner.getByRole("button", { name: "Create account and open the portal" }).click();
  await expect(partner.getByText("The two passwords do not match.")).toBeVisible();
  await partner.getByLabel("Confirm password").fill("a strong partner password");
  await partner.getByRole("button", { name: "Create account and open the portal" }).click();

  // Partner users must set up two-factor authentication first; then they return to the portal.
  await expect(partner).toHaveURL(/\/account\/security\?twoFactor=required&next=%2Fpartner$/);
  await expect(partner.getByText("Your account has staff access. Set up two-factor authentication to use it")).toBeVisible();
  const partnerSecret = await setUpTwoFactorInPage(partner, "a strong partner password");

  // The portal lists the routed case with its 72-hour clock.
  await expect(partner).toHaveURL(/\/partner$/);
  await expect(partner.getByRole("heading", { name: "Partner portal" })).toBeVisible();
  const row = partner.getByTestId("partner-case").filter({ hasText: submission.trackingNumber });
  await expect(row.getByTestId("routing-status")).toHaveText("Awaiting response");
  await expect(row.getByTestId("answer-clock")).toHaveText(/^(71|72) h \d+ min left$|^2 d 23 h left$|^3 d 0 h left$/);
  await expect(row.getByTestId("answer-clock")).toHaveAttribute("data-overdue", "false");
  await row.getByRole("link", { name: /Open case/ }).click();

  // The case page: what the hospital needs, and the files through the audited file route.
  await expect(partner.getByRole("heading", { name: `Case ${submission.trackingNumber}` })).toBeVisible();
  await expect(partner.getByText("Chidi Okafor", { exact: true })).toBeVisible();
  await expect(partner.getByText("Lumbar disc herniation", { exact: true })).toBeVisible();
  const preview = partner.getByRole("link", { name: /Preview\s+spine-mri\.pdf/ });
  const fileUrl = await preview.getAttribute("href");
  const file = await partner.request.get(fileUrl!);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toContain("application/pdf");

  // A bad price range is refused in the form; then the plan goes through and shows read-only.
  await partner.getByLabel("Diagnosis summary").fill("L4-L5 disc herniation with nerve root compression.");
  await partner.getByLabel("Proposed treatment").fill("Microdiscectomy.");
  await partner.getByLabel("What is included").fill("Surgery, 3 nights in hospital, physiotherapy, airport transfers.");
  await partner.getByLabel("Length of stay (days)").fill("7");
  await partner.getByLabel("Lead doctor").fill("Prof. Dr. Kemal Demir");
  await partner.getByLabel("Minimum price").fill("9000");
  await partner.getByLabel("Maximum price").fill("6000");
  await partner.getByLabel("Currency").selectOption("EUR");
  await partner.getByLabel("Valid until").fill(inDays(30));
  await partner.getByRole("button", { name: "Send treatment plan" }).click();
  await expect(partner.getByText("The maximum price must not be lower than the minimum price.")).toBeVisible();
  await partner.getByLabel("Maximum price").fill("11000");
  await partner.getByRole("button", { name: "Send treatment plan" }).click();

  const plan = partner.getByTestId("submitted-plan");
  await expect(plan).toBeVisible();
  await expect(plan).toContainText("Microdiscectomy.");
  await expect(plan).toContainText("9,000 – 11,000 EUR");
  await expect(plan).toContainText("7 days");
  await expect(plan).toContainText("Proposed");
  await expect(partner.getByRole("button", { name: "Send treatment plan" })).toHaveCount(0);
  await expect(partner.getByTestId("routing-status")).toHaveText("Responded");

  // The admin's case view now shows the hospital's answer; a partner of the hospital has no admin access.
  expect((await partner.request.get("/api/admin/partners")).status()).toBe(404);
  const adminCase = await ok(await page.request.get(`/api/admin/cases/${submission.id}`));
  expect(JSON.stringify(adminCase)).toContain("Microdiscectomy.");
  await partnerContext.close();
  await guest.dispose();

  // The portal is checked on the server: an admin gets 404; a guest is sent to sign in and back.
  await page.goto("/partner");
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  const guestContext = await browser.newContext();
  const visitor = await guestContext.newPage();
  await visitor.goto("/partner");
  await expect(visitor).toHaveURL(/\/simple-login\.html\?next=%2Fpartner$/);
  await visitor.getByLabel("Email or username").fill(`elif_${unique}`);
  await visitor.getByLabel("Password").fill("a strong partner password");
  await visitor.getByRole("button", { name: "Sign In" }).click();
  // The second step: a wrong code is refused, the code from the app lets them in.
  await expect(visitor.getByRole("heading", { name: "Enter your verification code" })).toBeVisible();
  await visitor.getByLabel("6-digit code").fill(totpCode(partnerSecret, Date.now() + 5 * 60_000));
  await visitor.getByRole("button", { name: "Verify" }).click();
  await expect(visitor.getByText("That code is not right. Enter the current code from your app.")).toBeVisible();
  // The next step's code (accepted a step early): a code works only once, and the set-up may have used this step's.
  await visitor.getByLabel("6-digit code").fill(totpCode(partnerSecret, Date.now() + 30_000));
  await visitor.getByRole("button", { name: "Verify" }).click();
  await expect(visitor).toHaveURL(/\/partner$/);
  await expect(visitor.getByTestId("partner-case").filter({ hasText: submission.trackingNumber }).getByTestId("routing-status")).toHaveText("Responded");
  await guestContext.close();
});
