import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { becomeAdminThroughApi, invitePartnerThroughApi, lettersOnly, signUpThroughApi, submitGuestCaseThroughApi } from "./support";

/**
 * Issue 21: the coordinators' insights page at 1366×768 (filters, a figure as chart and as table, its
 * CSV) and a hospital's scorecard at phone width (its figures beside the network's, its open case).
 * Each test saves a screenshot into its output folder (test-results/, never committed) to look at.
 */

const run = Date.now().toString(36);
const contexts = {} as Record<"guest" | "admin" | "partner", APIRequestContext>;
let open: { id: string; trackingNumber: string };

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(90_000);
  const baseURL = test.info().project.use.baseURL!;
  for (const who of ["guest", "admin", "partner"] as const)
    contexts[who] = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const admin = await signUpThroughApi(contexts.admin, "Insights");
  await becomeAdminThroughApi(contexts.admin, admin);
  expect((await contexts.admin.post("/api/admin/unlock", { data: { password: admin.password } })).status()).toBe(200);
  // A hospital no other spec routes to: the scorecard's own counts are this spec's alone.
  await invitePartnerThroughApi(contexts.admin, contexts.partner, "medipol-vatan", "Scorecard");

  // Two cases routed to the hospital: it answers one with a plan, the other stays open.
  const answered = await submitGuestCaseThroughApi(contexts.guest, {
    name: `Bola Ade ${lettersOnly(run)}`,
    email: `bola_${run}@example.com`,
    condition: "Knee osteoarthritis",
    specialty: "orthopedics",
  });
  open = await submitGuestCaseThroughApi(contexts.guest, {
    name: `Kemi Ojo ${lettersOnly(run)}`,
    email: `kemi_${run}@example.com`,
    condition: "Mitral valve regurgitation",
  });
  for (const { id } of [answered, open])
    expect((await contexts.admin.post(`/api/admin/cases/${id}/route`, { data: { hospitalIds: ["medipol-vatan"] } })).status()).toBe(200);
  const plan = await contexts.partner.post(`/api/partner/cases/${answered.id}/plan`, {
    data: {
      diagnosisSummary: "Advanced osteoarthritis of the right knee.",
      proposedTreatment: "Total knee replacement.",
      included: "Surgery, 5 nights in hospital, physiotherapy, interpreter.",
      lengthOfStayDays: 10,
      priceMin: 7000,
      priceMax: 9000,
      currency: "USD",
      validUntil: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      leadDoctor: "Prof. Dr. Mehmet Kaya",
    },
  });
  expect(plan.status(), await plan.text()).toBe(201);
});

test.afterAll(async () => {
  await Promise.all(Object.values(contexts).map((context) => context.dispose()));
});

async function pageAs(browser: Browser, who: "admin" | "partner", viewport: { width: number; height: number }): Promise<Page> {
  return (await browser.newContext({ storageState: await contexts[who].storageState(), viewport })).newPage();
}

test("insights at 1366×768: the funnel as chart and table, its CSV, and the hospitals' figures", async ({ browser }) => {
  const page = await pageAs(browser, "admin", { width: 1366, height: 768 });
  await page.goto("/admin-dashboard/insights");
  await expect(page.getByRole("heading", { name: "Insights", level: 1 })).toBeVisible();
  const funnel = page.getByTestId("insight-funnel");
  // The chart (Recharts, fetched by this page only) draws its bars, from the steps' names on the left.
  await expect(funnel.locator(".recharts-bar-rectangle").first()).toBeVisible();
  const [plot, steps] = await Promise.all(
    [".recharts-cartesian-grid", ".recharts-yAxis"].map(async (selector) => (await funnel.locator(selector).first().boundingBox())!),
  );
  expect(steps.x + steps.width).toBeLessThanOrEqual(plot.x + 1);
  await funnel.getByRole("tab", { name: "Table" }).click();
  const table = funnel.getByRole("table", { name: "From case received to treatment" });
  await expect(table.getByRole("row", { name: /Received/ })).toBeVisible();
  await expect(table.getByRole("row", { name: /Sent to a hospital/ })).toBeVisible();

  const hospitals = page.getByTestId("insight-hospitals");
  await hospitals.getByRole("tab", { name: "Table" }).click();
  await expect(hospitals.getByRole("row", { name: /Medipol Vatan/ })).toBeVisible();

  const csvHref = await funnel.getByRole("link", { name: /Download CSV/ }).getAttribute("href");
  const csv = await page.request.get(csvHref!);
  expect(csv.headers()["content-type"]).toMatch(/^text\/csv/);
  expect(await csv.text()).toMatch(/^step,cases,conversion_from_previous,median_hours_from_previous\r\nreceived,\d+,,/);

  // A filter: one specialty (the answered case's).
  await page.getByLabel("Specialty", { exact: true }).selectOption("orthopedics");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/specialty=orthopedics/);
  await expect(page.getByLabel("Specialty", { exact: true })).toHaveValue("orthopedics");

  await page.goto("/admin-dashboard/insights");
  await expect(funnel.locator(".recharts-bar-rectangle").first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("insights-1366x768.png"), fullPage: true });
  await page.context().close();
});

test("insights in Arabic: the charts read from right to left", async ({ browser }) => {
  const page = await pageAs(browser, "admin", { width: 1366, height: 768 });
  await page.goto("/ar/admin-dashboard/insights");
  const funnel = page.getByTestId("insight-funnel");
  await expect(funnel.locator(".recharts-bar-rectangle").first()).toBeVisible();
  const box = async (selector: string) => (await funnel.locator(selector).first().boundingBox())!;
  const [plot, steps, firstBar] = await Promise.all([box(".recharts-cartesian-grid"), box(".recharts-yAxis"), box(".recharts-bar-rectangle")]);
  // The steps' names stand on the right of the plot, and the bars grow from there to the left.
  expect(steps.x).toBeGreaterThanOrEqual(plot.x + plot.width - 1);
  expect(Math.abs(firstBar.x + firstBar.width - (plot.x + plot.width))).toBeLessThan(2);
  await page.screenshot({ path: test.info().outputPath("insights-ar-1366x768.png"), fullPage: true });
  await page.context().close();
});

test("the scorecard at phone width: own figures beside the network's, the open case with its clock", async ({ browser }) => {
  const page = await pageAs(browser, "partner", { width: 390, height: 844 });
  await page.goto("/partner");
  await page.getByRole("link", { name: "Your response scorecard" }).click();
  await expect(page.getByRole("heading", { name: "Your response scorecard", level: 1 })).toBeVisible();
  const figures = page.getByTestId("scorecard-figures");
  await expect(
    figures
      .getByRole("row", { name: /Treatment plans sent/ })
      .getByRole("cell")
      .first(),
  ).toHaveText("1");
  const openCases = page.getByTestId("scorecard-open-case");
  await expect(openCases.filter({ hasText: open.trackingNumber })).toBeVisible();
  await expect(openCases.filter({ hasText: open.trackingNumber }).getByTestId("answer-clock")).toContainText("left");
  // The patients' support chat is not shown to staff (at this width its button covered the open case).
  await expect(page.getByTestId("support-widget-button")).toHaveCount(0);
  // Nothing wider than the phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath("scorecard-390.png"), fullPage: true });
  await page.context().close();
});
