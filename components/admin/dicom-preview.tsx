"use client";

import { useFormatter, useTranslations } from "next-intl";
import type { FileView, StoredDicomMetadata } from "@/lib/contracts/files";
import { ApiError } from "@/client/api";
import { useDicomMetadata } from "@/client/queries/files";
import { DicomImageView } from "@/components/imaging/dicom-image-view";

/**
 * The DICOM branch of the preview dialog: key metadata first (patient, modality, study date, body
 * part), the rest in a small table, then the image, decoded in the browser by the viewer's stack
 * (components/imaging/dicom-image-view.tsx) from the file route. Both requests are authorized and audited reads.
 */
export function DicomPreview({ file }: { file: FileView }) {
  const t = useTranslations("dicom");
  const query = useDicomMetadata(file.id);

  if (query.isPending)
    return (
      <p aria-busy="true" className="rounded-md bg-muted p-8 text-center text-muted-foreground">
        {t("loading")}
      </p>
    );
  if (query.isError) {
    // 400/415: the file is not readable as DICOM; anything else is a failure to load.
    const unreadable = query.error instanceof ApiError && (query.error.status === 400 || query.error.status === 415);
    return (
      <p role="alert" className="rounded-md bg-muted p-8 text-center text-muted-foreground">
        {unreadable ? t("unreadable") : t("loadFailed")}
      </p>
    );
  }
  return (
    <div className="space-y-4" data-testid="dicom-preview">
      <DicomMetadataView metadata={query.data} />
      <DicomImage metadata={query.data} />
    </div>
  );
}

function DicomMetadataView({ metadata }: { metadata: StoredDicomMetadata }) {
  const t = useTranslations("dicom");
  const format = useFormatter();
  const shown = (value: string | number | null) => (value === null || value === "" ? t("notRecorded") : String(value));
  const studyDate = metadata.studyDate ? format.dateTime(new Date(`${metadata.studyDate}T00:00:00Z`), { dateStyle: "medium", timeZone: "UTC" }) : null;
  const key: [string, string | null][] = [
    [t("patientName"), metadata.patientName],
    [t("modality"), metadata.modality],
    [t("studyDate"), studyDate],
    [t("bodyPart"), metadata.bodyPartExamined],
  ];
  const more: [string, string | number | null][] = [
    [t("patientId"), metadata.patientId],
    [t("studyDescription"), metadata.studyDescription],
    [t("seriesDescription"), metadata.seriesDescription],
    [t("institution"), metadata.institutionName],
    [t("imageSize"), metadata.rows && metadata.columns ? t("imageSizeValue", { columns: metadata.columns, rows: metadata.rows }) : null],
    [t("frames"), metadata.frames],
    [t("transferSyntax"), `${metadata.transferSyntax.name} (${metadata.transferSyntax.uid})`],
  ];
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 rounded-md border p-3 sm:grid-cols-4" aria-label={t("keyDetails")}>
        {key.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="font-medium break-words">{shown(value)}</dd>
          </div>
        ))}
      </dl>
      <table className="w-full text-sm">
        <caption className="sr-only">{t("moreDetails")}</caption>
        <tbody>
          {more.map(([label, value]) => (
            <tr key={label} className="border-b last:border-0">
              <th scope="row" className="py-1 pe-4 text-start font-medium whitespace-nowrap">
                {label}
              </th>
              <td className="py-1 break-all">{shown(value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

function DicomImage({ metadata }: { metadata: StoredDicomMetadata }) {
  const t = useTranslations("dicom");
  const ta = useTranslations("admin");
  // Compressed and large images are decoded by the viewer's stack; only a file without pixels has no image.
  if (!metadata.preview.renderable && metadata.preview.reason === "no_image")
    return (
      <div className="rounded-md bg-muted p-6 text-center text-muted-foreground">
        <p>{ta("previewUnavailable")}</p>
        <p className="mt-1 text-sm">{t(`reason.${metadata.preview.reason}`, { syntax: metadata.transferSyntax.name })}</p>
      </div>
    );
  // Every transfer syntax is decoded in the browser by the viewer's stack (an authorized, audited read).
  return <DicomImageView src={`/api/files/${encodeURIComponent(metadata.fileId)}`} name={metadata.name} />;
}
