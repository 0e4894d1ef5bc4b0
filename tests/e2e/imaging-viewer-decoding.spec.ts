import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { LOSSY, TRANSFER_SYNTAXES, ctSquareHu, grey8, makeCtSeries, makeMultiFrame, windowed, type SyntaxName } from "../support/dicom-series";
import { expectCentreGrey, expectSlice, serveSeries as serve, storedSeriesId, unlockedAdminState } from "./imaging-support";

/*
 * The viewer's decoding of each transfer syntax, with the series served to the page as the series and
 * instance routes serve it (interception, under a stored series' id, as the page looks it up;
 * authorization and indexing are imaging-viewer.spec.ts's).
 */
const dir = mkdtempSync(path.join(tmpdir(), "afya-viewer-"));

test.describe("viewer decoding", () => {
  test.use({ storageState: async ({ baseURL }, provide) => provide(await unlockedAdminState(baseURL!)) });

  for (const syntax of Object.keys(TRANSFER_SYNTAXES) as SyntaxName[]) {
    test(`${syntax}: slice 3 of 5 under a window preset`, async ({ page, baseURL }) => {
      const series = await makeCtSeries(path.join(dir, syntax), { slices: 5, syntax });
      const id = await storedSeriesId(baseURL!);
      await serve(page, id, series);
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      await page.goto(`/imaging/${id}`);
      await expectSlice(page, 3, 5);
      // CT values under the lung window (slice 3: -970 HU, grey 65); JPEG baseline's 8-bit values under the brain window.
      const eightBit = syntax === "jpegBaseline";
      await page.getByRole("button", { name: eightBit ? "Brain" : "Lung" }).click();
      const expected = eightBit ? windowed(grey8(3, 32, 32), 80, 40) : windowed(ctSquareHu(3), 1500, -600);
      await expectCentreGrey(page, expected, LOSSY.includes(syntax) ? 6 : 2);
      expect(errors).toEqual([]);
    });
  }

  test("a 300-frame file: each frame a slice; slice 150 under the bone preset, the wheel and End scroll it", async ({ page, baseURL }) => {
    const series = await makeMultiFrame(path.join(dir, "multiframe"), 300);
    const id = await storedSeriesId(baseURL!);
    await serve(page, id, series, 300);
    await page.goto(`/imaging/${id}`);
    await expectSlice(page, 150, 300);
    await expect(page.getByRole("button", { name: "Bone" })).toBeEnabled({ timeout: 20_000 });
    await page.getByRole("button", { name: "Bone" }).click();
    await expectCentreGrey(page, windowed(ctSquareHu(150), 1800, 400));
    // The wheel steps through the file's frames as through a stack of files.
    const box = (await page.getByTestId("dicom-stack").boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    for (let i = 0; i < 2; i++) {
      await page.mouse.wheel(0, 100);
      await page.waitForTimeout(50);
    }
    await expectSlice(page, 152, 300);
    await expectCentreGrey(page, windowed(ctSquareHu(152), 1800, 400));
    await page.getByTestId("dicom-stack").focus();
    await page.keyboard.press("End");
    await expectSlice(page, 300, 300);
    await expectCentreGrey(page, windowed(ctSquareHu(300), 1800, 400));
  });
});
