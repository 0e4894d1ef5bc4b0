import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Locator } from "@playwright/test";
import {
  LEFT_COLOUR,
  MONOCHROME1_WINDOW,
  RIGHT_COLOUR,
  SIZE,
  makeColourImage,
  makeCtSeries,
  makeMultiFrame,
  monochrome1At,
  windowed,
  type ColourModel,
} from "../support/dicom-series";
import { canvasPixel, expectSlice, imagePixel, near, serveSeries, seriesView, storedSeriesId, unlockedAdminState } from "./imaging-support";

/*
 * What the viewer draws, read back from its canvases: each colour model in its own colours (the series
 * served to the page as the routes serve it: imaging-support.ts), and the series thumbnails.
 */
const dir = mkdtempSync(path.join(tmpdir(), "afya-viewer-display-"));

test.use({ storageState: async ({ baseURL }, provide) => provide(await unlockedAdminState(baseURL!)) });

/** Columns well inside each half of the colour images. */
const LEFT_X = 12;
const RIGHT_X = SIZE - 12;

// YBR_FULL_422 comes through JPEG baseline (lossy): a wider tolerance.
const colourModels: [ColourModel, number][] = [
  ["RGB", 2],
  ["YBR_FULL", 3],
  ["YBR_FULL_422", 12],
  ["PALETTE", 2],
];

for (const [model, tolerance] of colourModels) {
  test(`${model}: the left half red, the right half blue`, async ({ page, baseURL }) => {
    const series = await makeColourImage(path.join(dir, model), model);
    const id = await storedSeriesId(baseURL!);
    await serveSeries(page, id, series);
    await page.goto(`/imaging/${id}`);
    await expectSlice(page, 1, 1);
    await expect
      .poll(
        async () => {
          const [left, right] = [await imagePixel(page, LEFT_X, SIZE / 2), await imagePixel(page, RIGHT_X, SIZE / 2)];
          return near(left, LEFT_COLOUR, tolerance) && near(right, RIGHT_COLOUR, tolerance) ? "ok" : `left ${left?.slice(0, 3)}, right ${right?.slice(0, 3)}`;
        },
        { timeout: 20_000 },
      )
      .toBe("ok");
  });
}

test("MONOCHROME1: low values are drawn white, high values dark", async ({ page, baseURL }) => {
  const series = await makeColourImage(path.join(dir, "MONOCHROME1"), "MONOCHROME1");
  const id = await storedSeriesId(baseURL!);
  await serveSeries(page, id, series);
  await page.goto(`/imaging/${id}`);
  await expectSlice(page, 1, 1);
  // Under the file's own window, MONOCHROME1 shows 255 minus the windowed value.
  const expected = (x: number) => 255 - windowed(monochrome1At(x), MONOCHROME1_WINDOW.width, MONOCHROME1_WINDOW.center);
  await expect
    .poll(
      async () => {
        const found: string[] = [];
        for (const x of [0, 16, 32, 48, 63]) {
          const pixel = await imagePixel(page, x, SIZE / 2);
          const grey = expected(x);
          if (!near(pixel, [grey, grey, grey], 2)) found.push(`x ${x}: ${pixel?.slice(0, 3)}, expected ${grey.toFixed(0)}`);
        }
        return found.join("; ") || "ok";
      },
      { timeout: 20_000 },
    )
    .toBe("ok");
  expect(expected(0)).toBeGreaterThan(250);
});

/** The thumbnail canvas's pixels as [r, g, b] triples, and at fractions of its width and height. */
async function thumbnail(button: Locator) {
  return button.locator("canvas").evaluate((canvas: HTMLCanvasElement) => {
    const data = canvas.getContext("2d", { willReadFrequently: true })!.getImageData(0, 0, canvas.width, canvas.height).data;
    const at = (fx: number, fy: number) => {
      const i = (Math.floor(canvas.height * fy) * canvas.width + Math.floor(canvas.width * fx)) * 4;
      return [data[i], data[i + 1], data[i + 2]];
    };
    let lit = 0;
    let grey = true;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i] + data[i + 1] + data[i + 2] > 30) lit += 1;
      if (data[i] !== data[i + 1] || data[i + 1] !== data[i + 2]) grey = false;
    }
    return {
      lit: lit / (data.length / 4),
      grey,
      left: at(0.1, 0.5),
      centre: at(0.5, 0.5),
      right: at(0.95, 0.5),
      width: canvas.width,
      cssWidth: canvas.getBoundingClientRect().width,
    };
  });
}

test("the series strip shows each series' middle image; a thumbnail opens its series with its own window", async ({ page, baseURL }) => {
  const ct = await makeCtSeries(path.join(dir, "thumbs-ct"), { slices: 5, syntax: "explicitLittle" });
  const rgb = await makeColourImage(path.join(dir, "thumbs-rgb"), "RGB");
  const mono1 = await makeColourImage(path.join(dir, "thumbs-mono1"), "MONOCHROME1");
  const ctId = await storedSeriesId(baseURL!);
  const views = [seriesView(ctId, ct, 1, 1), seriesView("thumbrgb", rgb, 1, 2), seriesView("thumbmono", mono1, 1, 3)];
  for (const [index, [id, series]] of (
    [
      [ctId, ct],
      ["thumbrgb", rgb],
      ["thumbmono", mono1],
    ] as const
  ).entries())
    await serveSeries(page, id, series, 1, { siblings: views.filter((_, other) => other !== index), seriesNumber: index + 1 });
  await page.goto(`/imaging/${ctId}`);
  await expectSlice(page, 3, 5);
  const strip = page.getByRole("navigation", { name: "Series of this study" });
  const [ctThumb, rgbThumb, monoThumb] = [1, 2, 3].map((n) => strip.getByRole("button", { name: new RegExp(`#${n} `) }));

  // The CT's middle slice under its own window (400/40): grey, a good part of it lit, the square in the
  // middle (-970 HU) black and the right edge (1520 HU) white.
  await expect.poll(async () => (await thumbnail(ctThumb)).lit, { timeout: 20_000 }).toBeGreaterThan(0.2);
  const ctPixels = await thumbnail(ctThumb);
  expect(ctPixels.grey).toBe(true);
  expect(ctPixels.centre).toEqual([0, 0, 0]);
  expect(ctPixels.right).toEqual([255, 255, 255]);
  // The colour image: red on the left, blue on the right.
  await expect.poll(async () => (await thumbnail(rgbThumb)).lit, { timeout: 20_000 }).toBeGreaterThan(0.5);
  const rgbPixels = await thumbnail(rgbThumb);
  expect(near(rgbPixels.left, LEFT_COLOUR, 3), `left ${rgbPixels.left}`).toBe(true);
  expect(near(rgbPixels.right, RIGHT_COLOUR, 3), `right ${rgbPixels.right}`).toBe(true);
  // MONOCHROME1: its low values (on the left) white.
  await expect.poll(async () => (await thumbnail(monoThumb)).lit, { timeout: 20_000 }).toBeGreaterThan(0.3);
  const monoPixels = await thumbnail(monoThumb);
  expect(monoPixels.left[0], `left ${monoPixels.left}`).toBeGreaterThan(190);
  expect(monoPixels.right[0], `right ${monoPixels.right}`).toBeLessThan(60);
  // Drawn at the screen's pixel density, not stretched from a smaller bitmap nor overflowing the strip.
  const dpr = await page.evaluate(() => window.devicePixelRatio);
  expect(rgbPixels.width).toBe(Math.round(rgbPixels.cssWidth * dpr));
  expect(rgbPixels.cssWidth).toBeLessThanOrEqual((await rgbThumb.boundingBox())!.width);

  // A window chosen for the CT does not follow into the colour image.
  await expect(page.getByRole("button", { name: "Lung" })).toBeEnabled({ timeout: 20_000 });
  await page.getByRole("button", { name: "Lung" }).click();
  await expect(page.getByTestId("window-values")).toHaveText("W 1500 / L -600");
  await rgbThumb.click();
  await expect(page).toHaveURL(/\/imaging\/thumbrgb$/);
  await expectSlice(page, 1, 1);
  await expect
    .poll(
      async () => {
        const [left, right] = [await imagePixel(page, LEFT_X, SIZE / 2), await imagePixel(page, RIGHT_X, SIZE / 2)];
        return near(left, LEFT_COLOUR, 2) && near(right, RIGHT_COLOUR, 2) ? "ok" : `left ${left?.slice(0, 3)}, right ${right?.slice(0, 3)}`;
      },
      { timeout: 20_000 },
    )
    .toBe("ok");
  // The thumbnails are drawn again for the new page of the strip, the current one too.
  await expect.poll(async () => (await thumbnail(strip.getByRole("button", { name: /#2 / }))).lit, { timeout: 20_000 }).toBeGreaterThan(0.5);
});

for (const [label, viewport, touch] of [
  ["1366x768", { width: 1366, height: 768 }, false],
  ["tablet 820x1180", { width: 820, height: 1180 }, true],
] as const) {
  test.describe(`the viewer at ${label}`, () => {
    test.use({ viewport, hasTouch: touch, isMobile: touch });
    for (const locale of ["en", "ar"]) {
      test(`${locale}: a 300-slice series with its study's other series: tools, thumbnails and overlay on screen`, async ({ page, baseURL }, testInfo) => {
        const ct = await makeMultiFrame(path.join(dir, "shots-ct"), 300);
        const rgb = await makeColourImage(path.join(dir, "shots-rgb"), "RGB");
        const ctId = await storedSeriesId(baseURL!);
        const ctView = { ...seriesView(ctId, ct, 300, 1), description: "Axial 2.5 mm" };
        const rgbView = { ...seriesView("shotrgb", rgb, 1, 2), modality: "OT", description: "Key images" };
        await serveSeries(page, ctId, ct, 300, { siblings: [rgbView], seriesNumber: 1 });
        await serveSeries(page, "shotrgb", rgb, 1, { siblings: [ctView], seriesNumber: 2 });
        await page.goto(`/${locale}/imaging/${ctId}`);
        await expect(page.locator("html")).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
        await expect(page.getByTestId("slice-indicator")).toHaveText(/150/);
        await expect
          .poll(async () => (await thumbnail(page.getByTestId("imaging-viewer").getByRole("navigation").getByRole("button").last())).lit, { timeout: 20_000 })
          .toBeGreaterThan(0.5);
        await expect.poll(async () => (await canvasPixel(page))?.[3], { timeout: 20_000 }).toBe(255);
        // The 300-frame file's thumbnail is its middle frame (slice 150's square: 500 HU, white under 400/40), not its first (black).
        const strip = page.getByTestId("imaging-viewer").getByRole("navigation");
        await expect.poll(async () => (await thumbnail(strip.getByRole("button").first())).centre, { timeout: 20_000 }).toEqual([255, 255, 255]);
        // Every tool, thumbnail and overlay line lies inside the window.
        const inside = async (locator: Locator) => {
          const box = (await locator.boundingBox())!;
          return box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height;
        };
        for (const button of await page.getByRole("toolbar").getByRole("button").all())
          expect(await inside(button), (await button.getAttribute("aria-label")) ?? "").toBe(true);
        for (const button of await strip.getByRole("button").all()) expect(await inside(button)).toBe(true);
        for (const id of ["viewer-patient", "viewer-study", "slice-indicator", "window-values"]) expect(await inside(page.getByTestId(id)), id).toBe(true);
        // ... and none lies under the site's floating support button.
        const widget = page.getByRole("complementary");
        await expect(widget).toHaveCount(1);
        const floating = (await widget.boundingBox())!;
        const covered = async (locator: Locator) => {
          const box = (await locator.boundingBox())!;
          return (
            box.x < floating.x + floating.width && floating.x < box.x + box.width && box.y < floating.y + floating.height && floating.y < box.y + box.height
          );
        };
        for (const target of [
          ...(await page.getByRole("toolbar").getByRole("button").all()),
          ...(await strip.getByRole("button").all()),
          ...["viewer-patient", "viewer-study", "slice-indicator", "window-values"].map((id) => page.getByTestId(id)),
        ])
          expect(await covered(target), (await target.textContent()) ?? "").toBe(false);
        await testInfo.attach(`viewer-${locale}-${label.replace(" ", "-")}`, { body: await page.screenshot(), contentType: "image/png" });
        await page.screenshot({ path: `test-results/viewer-${locale}-${label.replace(" ", "-")}.png` });
      });
    }
  });
}
