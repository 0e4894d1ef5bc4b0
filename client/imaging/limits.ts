import { MAX_CASE_IMAGING_BYTES, MAX_STUDIES_PER_CASE, MAX_STUDY_BYTES, MAX_STUDY_IMAGES } from "@/lib/contracts/imaging-limits";
import type { ImagingStudySelection } from "./read-selection";

const GB = 1024 * 1024 * 1024;

/** Why the kept series cannot be sent as they are: the server's error codes (texts in `errors.*`), each with its params. */
export interface ImagingProblem {
  code: "study_too_many_images" | "study_too_large" | "too_many_studies" | "case_imaging_too_large";
  params: Record<string, string | number>;
  /** The study concerned, where it is one. */
  studyUid?: string;
}

/** The studies as they will be sent: only the kept series, and only studies that keep one. */
export function keptStudies(studies: ImagingStudySelection[], leftOut: ReadonlySet<string>): ImagingStudySelection[] {
  return studies.map((study) => ({ ...study, series: study.series.filter((series) => !leftOut.has(series.uid)) })).filter((study) => study.series.length > 0);
}

/** The limits of lib/contracts/imaging-limits.ts, checked before anything is announced (the server checks them again). */
export function imagingProblems(studies: ImagingStudySelection[]): ImagingProblem[] {
  const problems: ImagingProblem[] = [];
  if (studies.length > MAX_STUDIES_PER_CASE) problems.push({ code: "too_many_studies", params: { max: MAX_STUDIES_PER_CASE } });
  let total = 0;
  for (const study of studies) {
    const images = study.series.reduce((sum, series) => sum + series.files.length, 0);
    const bytes = study.series.reduce((sum, series) => sum + series.bytes, 0);
    total += bytes;
    if (images > MAX_STUDY_IMAGES) problems.push({ code: "study_too_many_images", params: { max: MAX_STUDY_IMAGES }, studyUid: study.uid });
    if (bytes > MAX_STUDY_BYTES) problems.push({ code: "study_too_large", params: { max: MAX_STUDY_BYTES / GB }, studyUid: study.uid });
  }
  if (total > MAX_CASE_IMAGING_BYTES) problems.push({ code: "case_imaging_too_large", params: { max: MAX_CASE_IMAGING_BYTES / GB } });
  return problems;
}
