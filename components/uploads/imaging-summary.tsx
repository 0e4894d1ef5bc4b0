"use client";

import { useLocale, useTranslations } from "next-intl";
import { ScanLine, X } from "lucide-react";
import type { ImagingSelection } from "@/client/imaging/use-imaging-selection";
import type { ImagingSeriesSelection, ImagingStudySelection } from "@/client/imaging/read-selection";
import { useErrorText } from "@/client/errors";
import { formatFileSize } from "@/lib/contracts/file-size";
import { Checkbox } from "@/components/ui/checkbox";

const sum = (list: ImagingSeriesSelection[], of: (series: ImagingSeriesSelection) => number) => list.reduce((total, series) => total + of(series), 0);

/** "2 Nov 2026" in the reader's language (a DICOM date has no time zone: shown as written). */
function studyDate(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));
}

/** What a series is, as the scan centre named it: modality, body part, description. */
export const seriesLabel = (series: Pick<ImagingSeriesSelection, "modality" | "bodyPart" | "description">) =>
  [series.modality, series.bodyPart, series.description].filter(Boolean).join(" · ");

/**
 * The studies and series found in what the patient chose, before anything is sent: modality, body part,
 * date, description, image count and size; each series can be left out. Says how many files were
 * skipped (a CD's viewer program...) and how many images were chosen twice, and why the kept series
 * cannot be sent as they are (over a study's limits), in view where they were chosen.
 */
export function ImagingSummary({ imaging, disabled, onClear }: { imaging: ImagingSelection; disabled?: boolean; onClear?: () => void }) {
  const t = useTranslations("uploads.imaging");
  const errorText = useErrorText();
  const { studies, reading, skipped, duplicates, problems, leftOut } = imaging;
  if (!reading && studies.length === 0 && skipped === 0) return null;
  return (
    <section className="min-w-0 space-y-3 rounded-lg border p-3" aria-label={t("title")} data-testid="imaging-summary">
      <div className="flex items-start justify-between gap-2">
        <h3 className="flex items-center gap-2 font-semibold">
          <ScanLine aria-hidden className="h-5 w-5 text-primary" />
          {t("title")}
        </h3>
        {onClear && studies.length > 0 && !disabled && (
          <button
            type="button"
            onClick={onClear}
            className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-md hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            aria-label={t("remove")}
          >
            <X aria-hidden className="h-4 w-4" />
          </button>
        )}
      </div>
      {reading && (
        <p role="status" className="text-sm text-muted-foreground" data-testid="imaging-reading">
          {t("reading", { done: reading.done, total: reading.total })}
        </p>
      )}
      {studies.map((study) => (
        <Study key={study.uid} study={study} imaging={imaging} disabled={disabled} leftOut={leftOut} />
      ))}
      {skipped > 0 && (
        <p className="text-sm text-muted-foreground" data-testid="imaging-skipped">
          {t("skipped", { count: skipped })}
        </p>
      )}
      {duplicates > 0 && <p className="text-sm text-muted-foreground">{t("duplicates", { count: duplicates })}</p>}
      {problems.map((problem) => (
        <p key={`${problem.code}-${problem.studyUid ?? ""}`} role="alert" className="text-sm break-words text-destructive" data-testid="imaging-problem">
          {errorText(problem.code, problem.params)}
        </p>
      ))}
    </section>
  );
}

function Study({
  study,
  imaging,
  disabled,
  leftOut,
}: {
  study: ImagingStudySelection;
  imaging: ImagingSelection;
  disabled?: boolean;
  leftOut: ReadonlySet<string>;
}) {
  const t = useTranslations("uploads.imaging");
  const locale = useLocale();
  const kept = study.series.filter((series) => !leftOut.has(series.uid));
  // Each part isolated: a scan centre's Latin description beside an Arabic date keeps its order.
  const heading = [study.description ?? t("untitledStudy"), study.date && studyDate(study.date, locale)].filter((part): part is string => Boolean(part));
  return (
    <div className="min-w-0 space-y-2" data-testid="imaging-study">
      <div>
        <p className="font-medium break-words">
          {heading.map((part, index) => (
            <span key={index}>
              {index > 0 && " · "}
              <bdi>{part}</bdi>
            </span>
          ))}
        </p>
        <p className="text-sm text-muted-foreground">
          {t("studyTotals", {
            series: kept.length,
            images: sum(kept, (series) => series.files.length),
            size: formatFileSize(
              sum(kept, (series) => series.bytes),
              locale,
            ),
          })}
        </p>
      </div>
      <ul className="space-y-1">
        {study.series.map((series) => {
          const id = `series-${series.uid}`;
          const label = seriesLabel(series) || t("untitledSeries");
          return (
            <li key={series.uid} className="flex min-w-0 items-start gap-3 rounded-md bg-muted/40 p-2" data-testid="imaging-series">
              <Checkbox
                id={id}
                className="mt-0.5"
                checked={!leftOut.has(series.uid)}
                onCheckedChange={(checked) => imaging.keep(series.uid, checked === true)}
                disabled={disabled}
              />
              <label htmlFor={id} className="min-w-0 flex-1 cursor-pointer text-sm">
                <span className="block font-medium break-words">
                  {series.number !== null && <>{t("seriesNumber", { number: series.number })} · </>}
                  <bdi>{label}</bdi>
                </span>
                <span className="block text-muted-foreground">
                  {t("seriesTotals", { images: series.files.length, size: formatFileSize(series.bytes, locale) })}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
