"use client";

import { useLocale, useTranslations } from "next-intl";
import { Download, ScanEye } from "lucide-react";
import { useCaseImaging } from "@/client/queries/imaging";
import { loadStatus } from "@/client/queries/load-status";
import { LoadState } from "@/components/ui/load-state";
import { formatFileSize } from "@/lib/contracts/file-size";
import { imagingPaths, type ImagingStudy } from "@/lib/contracts/imaging";

const action = "inline-flex min-h-10 items-center gap-1 rounded px-2 text-primary hover:bg-muted";

/**
 * A case's imaging for coordinators and partner hospitals: each study (date, description, modalities,
 * images, size) with its zip, and its series (modality, body part, description, images, size), each
 * opening in the viewer. Nothing at all when the case has no imaging.
 */
export function CaseImaging({ caseId, headingLevel = 2 }: { caseId: string; headingLevel?: 2 | 3 }) {
  const t = useTranslations("imaging");
  const query = useCaseImaging(caseId);
  const status = loadStatus(query);
  if (status === "ready" && query.data!.studies.length === 0) return null;
  const Heading = `h${headingLevel}` as const;
  return (
    <section className="space-y-3 rounded-lg border p-5" data-testid="case-imaging" aria-label={t("title")}>
      <Heading className="text-xl font-semibold">{t("title")}</Heading>
      <LoadState status={status} labels={{ loading: t("loading"), failed: t("failed"), retry: t("retry") }} onRetry={() => void query.refetch()} />
      {query.data?.studies.map((study) => (
        <Study key={study.id} study={study} />
      ))}
    </section>
  );
}

function Study({ study }: { study: ImagingStudy }) {
  const t = useTranslations("imaging");
  const locale = useLocale();
  const date = study.studyDate
    ? new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${study.studyDate}T00:00:00Z`))
    : t("undated");
  return (
    <article className="space-y-2 rounded-md border p-3" data-testid="imaging-study">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 space-y-1">
          <h3 className="font-semibold break-words">{study.description ?? t("untitledStudy")}</h3>
          <p className="text-sm text-muted-foreground">
            {[
              date,
              study.modalities.join(", "),
              study.bodyParts.join(", "),
              t("images", { count: study.instanceCount }),
              formatFileSize(study.totalBytes, locale),
            ]
              .filter(Boolean)
              .join(" · ")}
          </p>
        </div>
        <a href={imagingPaths.studyZip(study.id)} className={action} data-testid="download-study">
          <Download aria-hidden className="h-4 w-4" /> {t("downloadStudy")}
        </a>
      </div>
      <ul className="divide-y rounded-md border" aria-label={t("seriesLabel")}>
        {study.series.map((series) => (
          <li key={series.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 p-2 text-sm" data-testid="imaging-series">
            {/* At least 12rem, so on a phone the count and the link wrap under the description rather than squeezing it. */}
            <span className="min-w-48 flex-1 break-words" data-testid="series-label">
              <span className="font-medium">{series.seriesNumber !== null ? t("seriesNumber", { number: series.seriesNumber }) : null}</span>
              {series.seriesNumber !== null && " · "}
              {[series.modality, series.bodyPart, series.description ?? t("noDescription")].filter(Boolean).join(" · ")}
            </span>
            <span className="text-muted-foreground">
              {t("images", { count: series.instanceCount })} · {formatFileSize(series.totalBytes, locale)}
            </span>
            <a href={`/${locale}/imaging/${series.id}`} className={action} data-testid="open-viewer">
              <ScanEye aria-hidden className="h-4 w-4" /> {t("openViewer")}
            </a>
          </li>
        ))}
      </ul>
    </article>
  );
}
