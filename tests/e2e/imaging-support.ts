import { mkdtempSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, request, type APIRequestContext, type Page } from "@playwright/test";
import { caseImagingSchema, type ImagingSeries, type OpenedSeries } from "../../lib/contracts/imaging";
import { UPLOADS_PATH } from "../../lib/contracts/uploads-path";
import { SIZE, TRANSFER_SYNTAXES, makeCtSeries, type SeriesFiles } from "../support/dicom-series";
import { tusUpload } from "../support/tus-upload";
import { becomeAdminThroughApi, signUpThroughApi } from "./support";

/** A generated series as GET /api/imaging/series/{id} describes it; its instances' ids are `${id}-${index}`. */
export function seriesView(id: string, series: SeriesFiles, frames = 1, seriesNumber = 1): ImagingSeries {
  return {
    id,
    seriesInstanceUid: series.seriesInstanceUid,
    seriesNumber,
    modality: "CT",
    bodyPart: "CHEST",
    description: `Axial ${series.syntax}`,
    instanceCount: series.files.length,
    frames: series.files.length * frames,
    totalBytes: 0,
    middleInstanceId: `${id}-${Math.floor(series.files.length / 2)}`,
  };
}

function openedSeries(id: string, series: SeriesFiles, frames: number, siblings: ImagingSeries[], seriesNumber: number): OpenedSeries {
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
    series: seriesView(id, series, frames, seriesNumber),
    siblings,
    instances: series.files.map((_, index) => ({
      id: `${id}-${index}`,
      instanceNumber: index + 1,
      frames,
      transferSyntaxUid: TRANSFER_SYNTAXES[series.syntax],
    })),
  };
}

let storedSeries: Promise<string> | undefined;

/**
 * The id of one real series: a one-image CT that a patient announced and sent through the upload route,
 * indexed by the server. The viewer page answers 404 for a series that does not exist, so the specs that
 * serve generated series by interception open them under this id. Made once per test worker; an admin
 * may read it.
 */
export function storedSeriesId(baseURL: string): Promise<string> {
  return (storedSeries ??= uploadOneImage(baseURL));
}

async function uploadOneImage(baseURL: string): Promise<string> {
  const ct = await makeCtSeries(mkdtempSync(path.join(tmpdir(), "afya-stored-series-")), { slices: 1 });
  const data = await readFile(ct.files[0]);
  const context = await request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const patient = await signUpThroughApi(context, "Imaging");
  const announced = await context.post("/api/my-submissions", {
    data: {
      patientName: "Imaging Patient",
      email: patient.email,
      homeCountry: "Nigeria",
      medicalCondition: "Chest CT for the viewer",
      specialty: "oncology",
      urgency: "standard",
      preferredCountries: ["Turkey"],
      consent: true,
      consentFullName: "Imaging Patient",
      consentEmail: patient.email,
      consentDate: "2026-11-22",
      files: [{ name: "ct.dcm", size: data.length, study: ct.studyInstanceUid }],
    },
  });
  expect(announced.status(), await announced.text()).toBe(201);
  const { id: caseId, uploads } = (await announced.json()) as { id: string; uploads: { id: string }[] };
  const cookie = (await context.storageState()).cookies.map(({ name, value }) => `${name}=${value}`).join("; ");
  const sent = await tusUpload({
    endpoint: `${baseURL}${UPLOADS_PATH}`,
    file: data,
    uploadId: uploads[0].id,
    name: "ct.dcm",
    headers: { Origin: baseURL, Cookie: cookie },
    uploadDataDuringCreation: true,
  });
  expect(sent.ok, sent.error?.message).toBe(true);
  const imaging = caseImagingSchema.parse(await (await context.get(`/api/cases/${caseId}/imaging`)).json());
  await context.dispose();
  return imaging.studies[0].series[0].id;
}

type StorageState = Awaited<ReturnType<APIRequestContext["storageState"]>>;
let unlockedAdmin: Promise<StorageState> | undefined;

/**
 * The cookies of an admin with two-factor set up and the session unlocked, made once per test worker:
 * for the specs that only read, so that each of their tests does not sign up an admin again.
 */
export function unlockedAdminState(baseURL: string): Promise<StorageState> {
  return (unlockedAdmin ??= signInUnlockedAdmin(baseURL));
}

async function signInUnlockedAdmin(baseURL: string): Promise<StorageState> {
  const context = await request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const admin = await signUpThroughApi(context, "Reader");
  await becomeAdminThroughApi(context, admin);
  expect((await context.post("/api/admin/unlock", { data: { password: admin.password } })).status()).toBe(200);
  const state = await context.storageState();
  await context.dispose();
  return state;
}

/**
 * Serves a generated series to the page as the series and instance routes serve it (interception:
 * authorization and indexing are imaging-viewer.spec.ts's), at /imaging/{id}. `siblings`: the study's
 * other series (served with serveSeries too), shown as thumbnails.
 */
export async function serveSeries(page: Page, id: string, series: SeriesFiles, frames = 1, { siblings = [] as ImagingSeries[], seriesNumber = 1 } = {}) {
  await page.route(`**/api/imaging/series/${id}`, (route) => route.fulfill({ json: openedSeries(id, series, frames, siblings, seriesNumber) }));
  await page.route(`**/api/imaging/instances/${id}-*`, async (route) => {
    const index = Number(new URL(route.request().url()).pathname.split("-").pop());
    await route.fulfill({ body: await readFile(series.files[index]), contentType: "application/dicom" });
  });
}

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

/**
 * The RGBA the viewer canvas shows for the image pixel (x, y) of a SIZE × SIZE image: after a reset the
 * stack viewport fits the square image into the canvas, centred, scaled by the canvas's shorter side.
 */
export async function imagePixel(page: Page, x: number, y: number): Promise<[number, number, number, number] | null> {
  const size = await page.getByTestId("dicom-stack").evaluate((element) => {
    const canvas = element.querySelector("canvas");
    return canvas ? { width: canvas.width, height: canvas.height } : null;
  });
  if (!size) return null;
  const scale = Math.min(size.width, size.height) / SIZE;
  const cx = size.width / 2 + (x + 0.5 - SIZE / 2) * scale;
  const cy = size.height / 2 + (y + 0.5 - SIZE / 2) * scale;
  return canvasPixel(page, cx / size.width, cy / size.height);
}

/** Whether `actual` is within `tolerance` of `expected` in each of R, G and B. */
export function near(actual: readonly number[] | null, expected: readonly number[], tolerance: number): boolean {
  return !!actual && expected.every((value, channel) => Math.abs(actual[channel] - value) <= tolerance);
}
