import { expect, test, type APIRequestContext } from "@playwright/test";
import { fileSamples, becomeAdminThroughApi, lettersOnly, signUpThroughApi, waitForMail } from "./support";

async function submitGuestCase(request: APIRequestContext, name: string, email: string, fields: { specialty: string; urgency: string }) {
  const response = await request.post("/api/medical-submissions", {
    multipart: {
      name,
      email,
      homeCountry: "Nigeria",
      medicalCondition: "Coronary artery disease",
      preferredCountries: JSON.stringify(["Turkey"]),
      budget: "5k-15k",
      consent: "true",
      consentFullName: name,
      consentEmail: email,
      consentDate: "2026-11-22",
      files: fileSamples.pdf("angiogram-report"),
      ...fields,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; trackingNumber: string };
}

test("an unlocked admin filters the list, opens a case, reviews it, routes it to two hospitals and asks for documents", async ({ page }) => {
  const run = Date.now().toString(36);
  const cardioName = `Emeka Obi ${lettersOnly(run)}`;
  const oncoName = `Zainab Sani ${lettersOnly(run)}`;
  const cardio = await submitGuestCase(page.request, cardioName, `emeka.${run}@example.com`, { specialty: "cardiology", urgency: "urgent" });
  await submitGuestCase(page.request, oncoName, `zainab.${run}@example.com`, { specialty: "oncology", urgency: "standard" });

  // An admin, made with the setup key; setting up two-factor authentication (password and code) unlocked the dashboard.
  const account = await signUpThroughApi(page.request, "Coordinator");
  await becomeAdminThroughApi(page.request, account);
  await page.goto("/admin-dashboard");
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Partner users" })).toHaveAttribute("href", /\/admin-dashboard\/partners$/);
  await expect(page.getByRole("link", { name: "Audit log" })).toHaveAttribute("href", /\/admin-dashboard\/audit$/);

  // Filters go to the server: each choice reloads the list.
  const cardioCard = page.getByTestId("admin-submission").filter({ hasText: cardio.trackingNumber });
  const oncoCard = page.getByTestId("admin-submission").filter({ hasText: oncoName });
  await expect(cardioCard).toBeVisible();
  await expect(oncoCard).toBeVisible();
  await page.getByLabel("Specialty", { exact: true }).selectOption("oncology");
  await expect(cardioCard).toBeHidden();
  await expect(oncoCard).toBeVisible();
  await page.getByLabel("Specialty", { exact: true }).selectOption("cardiology");
  await page.getByLabel("Urgency", { exact: true }).selectOption("urgent");
  await page.getByLabel("Source", { exact: true }).selectOption("guest");
  await expect(oncoCard).toBeHidden();
  await expect(cardioCard).toBeVisible();
  await page.getByLabel("Status", { exact: true }).selectOption("under_review");
  await expect(page.getByText("No submissions found.").first()).toBeVisible();
  await page.getByLabel("Status", { exact: true }).selectOption("submitted");
  await expect(cardioCard).toBeVisible();

  // View Details opens the case page.
  await cardioCard.getByRole("link", { name: new RegExp(`^View Details\\W+${cardioName}$`) }).click();
  await expect(page).toHaveURL(new RegExp(`/admin-dashboard/cases/${cardio.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: cardioName })).toBeVisible();
  await expect(page.getByText(`Consent Provided: ${cardioName}`)).toBeVisible();
  await expect(page.getByTestId("admin-file")).toContainText("angiogram-report.pdf");
  await expect(page.getByTestId("case-status")).toHaveText("SUBMITTED");

  // Under review, with a note the history keeps (who and why).
  await page.getByRole("button", { name: "Move to under review" }).click();
  const confirm = page.getByRole("dialog");
  await confirm.getByLabel("Note (optional)").fill("Records complete, looking for cardiac surgery centres");
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByTestId("case-status")).toHaveText("UNDER REVIEW");
  const history = page.getByTestId("case-history");
  await expect(history).toContainText("Records complete, looking for cardiac surgery centres");
  await expect(history).toContainText(`by ${account.name} (coordinator)`);

  // Route to two hospitals: each gets its 72-hour clock.
  await page.getByLabel(/Medipol Mega University Hospital/).check();
  await page.getByLabel(/Memorial Şişli Hospital/).check();
  await expect(page.getByText("2 of at most 10 selected")).toBeVisible();
  await page.getByRole("button", { name: "Send to selected hospitals" }).click();
  await expect(page.getByText("Case sent to 2 hospitals").first()).toBeVisible();
  await expect(page.getByTestId("case-status")).toHaveText("SENT TO HOSPITALS");
  const routings = page.getByTestId("case-routing");
  await expect(routings).toHaveCount(2);
  for (const name of ["Medipol Mega University Hospital", "Memorial Şişli Hospital"]) {
    const routing = routings.filter({ hasText: name });
    await expect(routing.getByText("Awaiting response")).toBeVisible();
    await expect(routing.getByTestId("routing-clock")).toHaveText(/^2d 23h left to answer$/);
  }
  await expect(page.getByLabel(/Medipol Mega University Hospital/)).toBeDisabled();
  await expect(history).toContainText("SENT TO HOSPITALS");

  // Ask the patient for more documents: listed on the case, and the patient gets an e-mail.
  const request = `Please add your echocardiogram report ${run}`;
  await page.getByLabel("What should the patient send?").fill(request);
  await page.getByRole("button", { name: "Request more documents" }).click();
  await expect(page.getByTestId("document-request").filter({ hasText: request })).toContainText("Waiting for the patient");
  const mail = await waitForMail("More documents needed");
  expect(mail).toContain(`emeka.${run}@example.com`);
  expect(mail).toContain(cardio.trackingNumber);

  // Back on the dashboard, the card says where the case went.
  await page.getByRole("link", { name: "Back to all submissions" }).click();
  await expect(page.getByTestId("admin-submission").filter({ hasText: cardio.trackingNumber }).getByTestId("admin-routed")).toHaveText("Sent to 2 hospitals");
});
