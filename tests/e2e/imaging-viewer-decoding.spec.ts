import { readFile } from "node:fs/promises";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import type { OpenedSeries } from "../../lib/contracts/imaging";
import { LOSSY, TRANSFER_SYNTAXES, ctSquareHu, grey8, makeCtSeries, windowed, type SeriesFiles, type SyntaxName } from "../support/dicom-series";
import { becomeAdminThroughApi, signUpThroughApi } from "./support";
import { expectCentreGrey, expectSlice } from "./imaging-support";

/*
 * The viewer's decoding of each transfer syntax, with the series served to the page as the series and
 * instance routes serve it (interception; authorization and indexing are imaging-viewer.spec.ts's).
 */
function openedSeries(id: string, series: SeriesFiles): OpenedSeries {
  const seriesView = {
    id,
    seriesInstanceUid: series.seriesInstanceUid,
    seriesNumber: 1,
    modality: "CT",
    bodyPart: "CHEST",
    description: `Axial ${series.syntax}`,
    instanceCount: series.files.length,
    frames: series.files.length,
    totalBytes: 0,
    middleInstanceId: `${id}-${Math.floor(series.files.length / 2)}`,
  };
  return {
    caseId: "case",
    patient: { name: "Amaka Okafor", id: "LAG-00417" },
    study: {
      id: "study",
      studyInstanceUid: series.studyInstanceUid,
      studyDate: "2026-03-15",
      description: "CT CHEST",
      modalities: ["CT"],
      bodyParts: ["CHEST"],
      instanceCount: series.files.length,
      totalBytes: 0,
    },
    series: seriesView,
    siblings: [],
    instances: series.files.map((_, index) => ({
      id: `${id}-${index}`,
      instanceNumber: index + 1,
      frames: 1,
      transferSyntaxUid: TRANSFER_SYNTAXES[series.syntax],
    })),
  };
}

async function serve(page: Page, id: string, series: SeriesFiles) {
  await page.route(`**/api/imaging/series/${id}`, (route) => route.fulfill({ json: openedSeries(id, series) }));
  await page.route(`**/api/imaging/instances/${id}-*`, async (route) => {
    const index = Number(new URL(route.request().url()).pathname.split("-").pop());
    await route.fulfill({ body: await readFile(series.files[index]), contentType: "application/dicom" });
  });
}

const dir = mkdtempSync(path.join(tmpdir(), "afya-viewer-"));

test.describe("viewer decoding", () => {
  test.beforeEach(async ({ page }) => {
    const admin = await signUpThroughApi(page.request, "Reader");
    await becomeAdminThroughApi(page.request, admin);
    expect((await page.request.post("/api/admin/unlock", { data: { password: admin.password } })).status()).toBe(200);
  });

  for (const syntax of Object.keys(TRANSFER_SYNTAXES) as SyntaxName[]) {
    test(`${syntax}: slice 3 of 5 under the bone preset`, async ({ page }) => {
      const series = await makeCtSeries(path.join(dir, syntax), { slices: 5, syntax });
      await serve(page, syntax, series);
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      await page.goto(`/imaging/${syntax}`);
      await expectSlice(page, 3, 5);
      await page.getByRole("button", { name: "Bone" }).click();
      const expected = syntax === "jpegBaseline" ? windowed(grey8(3, 32, 32), 1800, 400) : windowed(ctSquareHu(3), 1800, 400);
      await expectCentreGrey(page, expected, LOSSY.includes(syntax) ? 6 : 2);
      expect(errors).toEqual([]);
    });
  }
});
