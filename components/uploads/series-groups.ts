import type { ImagingStudySelection } from "@/client/imaging/read-selection";
import type { ImagingFileToSend } from "@/client/imaging/use-imaging-selection";
import type { QueueGroup } from "@/client/uploads/use-upload-queue";
import { seriesLabel } from "./imaging-summary";

/** The images to send, each with its series' row in the upload list (named as in the summary the patient saw). */
export function seriesGroups(studies: ImagingStudySelection[], images: ImagingFileToSend[]): { file: File; group: QueueGroup }[] {
  const labels = new Map(
    studies.flatMap((study) =>
      study.series.map((series) => [series.uid, [series.number !== null ? `#${series.number}` : null, seriesLabel(series)].filter(Boolean).join(" · ")]),
    ),
  );
  return images.map(({ file, series }) => ({ file, group: { key: series, label: labels.get(series) || series } }));
}
