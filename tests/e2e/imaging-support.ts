import { expect, type Page } from "@playwright/test";

/** The RGBA of the viewer canvas's pixel at a fraction of its width and height (0.5, 0.5: the centre); null before the viewer has drawn. */
export async function canvasPixel(page: Page, fx = 0.5, fy = 0.5): Promise<[number, number, number, number] | null> {
  return page.getByTestId("dicom-stack").evaluate(
    (element, [x, y]) => {
      const canvas = element.querySelector("canvas");
      const context = canvas?.getContext("2d", { willReadFrequently: true });
      if (!canvas || !context) return null;
      const data = context.getImageData(Math.floor(canvas.width * x), Math.floor(canvas.height * y), 1, 1).data;
      return [data[0], data[1], data[2], data[3]] as [number, number, number, number];
    },
    [fx, fy] as const,
  );
}

/** Waits until the slice indicator reads "n / total". */
export async function expectSlice(page: Page, n: number, total: number) {
  await expect(page.getByTestId("slice-indicator")).toHaveText(`${n} / ${total}`);
}

/** Polls the centre pixel's grey value until it is within `tolerance` of `expected`. */
export async function expectCentreGrey(page: Page, expected: number, tolerance = 2) {
  await expect
    .poll(
      async () => {
        const pixel = await canvasPixel(page);
        if (!pixel) return "no image yet";
        const [r, g, b] = pixel;
        return Math.abs(r - expected) <= tolerance && r === g && g === b ? "ok" : `rgb ${r},${g},${b}, expected grey ${expected.toFixed(1)}`;
      },
      { timeout: 20_000 },
    )
    .toBe("ok");
}
