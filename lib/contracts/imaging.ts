import { z } from "zod";

/*
 * Imaging as the browser and the server agree on it: a case's DICOM files listed as studies and
 * series (indexed by the server from the headers of what arrived) and a series opened in the viewer.
 * The limits of what a patient may send: ./imaging-limits.ts.
 */

/** A Study Instance UID as a DICOM header gives it (up to 64 characters, digits and dots when well formed). */
export const studyUidSchema = z.string().trim().min(1).max(64);

export const imagingPaths = {
  /** GET: the case's studies and series (caseImagingSchema). */
  caseImaging: (submissionId: string) => `/api/cases/${submissionId}/imaging`,
  /** GET: a series opened in the viewer (openedSeriesSchema); audited once per opening. */
  series: (seriesId: string) => `/api/imaging/series/${seriesId}`,
  /** GET: one instance's DICOM bytes (application/dicom), for the viewer; authorized, not audited per slice. */
  instance: (instanceId: string) => `/api/imaging/instances/${instanceId}`,
  /** GET: the whole study as one zip (original files and a DICOMDIR), streamed; audited. */
  studyZip: (studyId: string) => `/api/imaging/studies/${studyId}/zip`,
  /** GET: "Download all": the case's files other than its imaging (each study has its zip), one zip, streamed; audited. */
  caseFilesZip: (submissionId: string) => `/api/cases/${submissionId}/files/zip`,
} as const;

export const imagingSeriesSchema = z.object({
  id: z.string(),
  seriesInstanceUid: z.string(),
  seriesNumber: z.number().int().nullable(),
  modality: z.string().nullable(),
  bodyPart: z.string().nullable(),
  description: z.string().nullable(),
  /** Images (instances) in the series; frames of multi-frame files are counted in `frames`. */
  instanceCount: z.number().int(),
  frames: z.number().int(),
  totalBytes: z.number(),
  /** The instance in the middle of the stack, for a thumbnail. */
  middleInstanceId: z.string().nullable(),
});
export type ImagingSeries = z.infer<typeof imagingSeriesSchema>;

export const imagingStudySchema = z.object({
  id: z.string(),
  studyInstanceUid: z.string(),
  /** ISO date (YYYY-MM-DD). */
  studyDate: z.string().nullable(),
  description: z.string().nullable(),
  modalities: z.array(z.string()),
  bodyParts: z.array(z.string()),
  instanceCount: z.number().int(),
  totalBytes: z.number(),
  series: z.array(imagingSeriesSchema),
});
export type ImagingStudy = z.infer<typeof imagingStudySchema>;

/** GET /api/cases/{id}/imaging: studies by date, series by number. */
export const caseImagingSchema = z.object({ studies: z.array(imagingStudySchema) });
export type CaseImaging = z.infer<typeof caseImagingSchema>;

export const imagingInstanceSchema = z.object({
  id: z.string(),
  instanceNumber: z.number().int().nullable(),
  frames: z.number().int(),
  transferSyntaxUid: z.string(),
});

/** GET /api/imaging/series/{id}: a series for the viewer, its instances in stack order. */
export const openedSeriesSchema = z.object({
  caseId: z.string(),
  patient: z.object({ name: z.string().nullable(), id: z.string().nullable() }),
  study: imagingStudySchema.omit({ series: true }),
  series: imagingSeriesSchema,
  /** The study's other series (for the thumbnails strip). */
  siblings: z.array(imagingSeriesSchema),
  instances: z.array(imagingInstanceSchema),
});
export type OpenedSeries = z.infer<typeof openedSeriesSchema>;
