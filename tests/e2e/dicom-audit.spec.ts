import { expect, test } from "@playwright/test";
import { explicitGradient16, jpegEncapsulated } from "../support/dicom-fixtures";
import { becomeAdminThroughApi, signUpThroughApi, submitRecordsThroughApi } from "./support";
import { canvasPixel } from "./imaging-support";

test("a patient sends a DICOM study; an admin previews its metadata and image, then finds the read in the audit log", async ({ browser, page }) => {
  // The patient, in their own browser.
  const patientContext = await browser.newContext();
  const patient = await signUpThroughApi(patientContext.request, "Amina");
  const { id: submissionId, trackingNumber } = await submitRecordsThroughApi(
    patientContext.request,
    patient,
    { medicalCondition: "Recurring headaches", specialty: "neurology" },
    { name: "brain-mri.dcm", mimeType: "application/dicom", buffer: explicitGradient16() },
  );
  const more = await patientContext.request.post("/api/add-files-to-submission", {
    multipart: { submissionId, files: { name: "knee-ct.dcm", mimeType: "application/dicom", buffer: jpegEncapsulated() } },
  });
  expect(more.status(), await more.text()).toBeLessThan(300);
  await patientContext.close();

  // The admin: promoted with the setup key, gate unlocked with their password.
  const admin = await signUpThroughApi(page.request, "Auditor");
  await becomeAdminThroughApi(page.request, admin);
  expect((await page.request.post("/api/admin/unlock", { data: { password: admin.password } })).status()).toBe(200);

  await page.goto("/admin-dashboard");
  const card = page.getByTestId("admin-submission").filter({ hasText: trackingNumber });
  await card.getByRole("button", { name: "Preview brain-mri.dcm" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Preview: brain-mri.dcm" })).toBeVisible();
  const dicom = dialog.getByTestId("dicom-preview");
  for (const text of [
    "John Doe",
    "MR",
    "Mar 15, 2024",
    "HEAD",
    "AFY-12345",
    "Brain MRI",
    "Lagos University Teaching Hospital",
    "64 × 64 px",
    "Explicit VR Little Endian",
  ])
    await expect(dicom).toContainText(text);
  // (Labels and alt text come from the "dicom" messages, which the dashboard page must load: see the component test.)
  // The image, decoded in the browser by the viewer's stack (Cornerstone) from the audited file route.
  await expect(dicom.getByTestId("dicom-image-view")).toBeVisible();
  await expect.poll(async () => (await canvasPixel(page))?.[3]).toBe(255);
  await expect(dialog.getByRole("link", { name: "Download File" })).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();

  // A JPEG-compressed study: its metadata, and the image (decoded in the browser).
  await page.reload();
  await page.getByTestId("admin-submission").filter({ hasText: trackingNumber }).getByRole("button", { name: "Preview knee-ct.dcm" }).click();
  await expect(dialog.getByTestId("dicom-preview")).toContainText("JPEG Baseline (Process 1)");
  await expect(dialog.getByTestId("dicom-image-view")).toBeVisible();
  await expect(dialog.getByText("Preview not available for this file type")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Close" }).click();

  // The audit log, filtered by the case's tracking number: the admin's reads of the file are there.
  await page.goto("/admin-dashboard/audit");
  await expect(page.getByRole("heading", { name: "Audit log" })).toBeVisible();
  await page.getByLabel("Case (tracking number or ID)").fill(trackingNumber.toLowerCase());
  await page.getByRole("button", { name: "Apply filters" }).click();
  const reads = page.getByTestId("audit-table").getByRole("row").filter({ hasText: "file.read" }).filter({ hasText: "brain-mri.dcm" });
  await expect(reads.first()).toContainText(admin.email);
  await expect(reads.first()).toContainText("Admin");
  await expect(reads.first()).toContainText(trackingNumber);
  await expect(page.getByTestId("audit-table").getByRole("row").filter({ hasText: "submission.create" })).toContainText(patient.email);

  // By user: only the patient's own events.
  await page.getByLabel("Case (tracking number or ID)").fill("");
  await page.getByLabel("User (e-mail)").fill(patient.email);
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByTestId("audit-table").getByRole("row").filter({ hasText: "submission.create" })).toBeVisible();
  await expect(page.getByTestId("audit-table").getByRole("row").filter({ hasText: admin.email })).toHaveCount(0);

  // An unknown case is named as such.
  await page.getByLabel("User (e-mail)").fill("");
  await page.getByLabel("Case (tracking number or ID)").fill("SUB-20990101-ABCDEFGHJK");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "No case" })).toHaveText("No case has the tracking number SUB-20990101-ABCDEFGHJK.");
});
