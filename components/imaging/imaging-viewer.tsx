"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import { useFormatter, useTranslations } from "next-intl";
import { ChevronDown, ChevronUp } from "lucide-react";
import type { StackHandle, ViewerTool } from "@/client/imaging/viewer-engine";
import { loadViewerEngine } from "@/client/imaging/load-engine";
import { stackImageIds, useOpenedSeries } from "@/client/imaging/viewer-queries";
import { ApiError } from "@/client/api";
import { Button } from "@/components/ui/button";
import { imagingPaths, type ImagingSeries, type OpenedSeries } from "@/lib/contracts/imaging";
import { DicomStack } from "./dicom-stack";
import { PresetButtons, ResetButton, ToolButtons } from "./viewer-buttons";

const TOOLS: ViewerTool[] = ["windowLevel", "pan", "zoom", "length"];

/**
 * The imaging viewer: one series as a stack (wheel, two-finger drag, keyboard, the buttons), window
 * presets, pan, zoom, a length measurement, the study's series as thumbnails (switching series opens
 * it, and the server audits that opening) and an overlay with patient, study, series and window.
 */
export function ImagingViewer({ seriesId: initialSeriesId }: { seriesId: string }) {
  const t = useTranslations("imagingViewer");
  const [seriesId, setSeriesId] = useState(initialSeriesId);
  // While another series loads, the last one stays on screen (the query keeps its data).
  const query = useOpenedSeries(seriesId);
  const opened = query.data;

  const switchTo = (id: string) => {
    setSeriesId(id);
    const locale = window.location.pathname.split("/imaging/")[0];
    window.history.replaceState(null, "", `${locale}/imaging/${encodeURIComponent(id)}`);
  };

  if (!opened) {
    if (query.isError) {
      const missing = query.error instanceof ApiError && query.error.status === 404;
      return (
        <p role="alert" className="m-8 rounded-md bg-muted p-8 text-center text-muted-foreground">
          {missing ? t("notFound") : t("loadFailed")}
        </p>
      );
    }
    return (
      <p aria-busy="true" className="m-8 rounded-md bg-muted p-8 text-center text-muted-foreground">
        {t("loading")}
      </p>
    );
  }
  return <SeriesView key={opened.series.id} opened={opened} switching={query.isFetching} failed={query.isError} onSwitch={switchTo} />;
}

function SeriesView({ opened, switching, failed, onSwitch }: { opened: OpenedSeries; switching: boolean; failed: boolean; onSwitch(id: string): void }) {
  const t = useTranslations("imagingViewer");
  const format = useFormatter();
  const imageIds = useMemo(() => stackImageIds(opened), [opened]);
  const middle = Math.floor((imageIds.length - 1) / 2);
  const [slice, setSlice] = useState(middle);
  const [windowValues, setWindowValues] = useState<{ width: number; center: number } | null>(null);
  const [tool, setTool] = useState<ViewerTool>("windowLevel");
  const [imageError, setImageError] = useState(false);
  // The stack once its viewport is ready: the tools and presets act on it, and wait for it.
  const [stack, setStack] = useState<StackHandle | null>(null);

  const allSeries = [...opened.siblings, opened.series].sort((a, b) => (a.seriesNumber ?? 0) - (b.seriesNumber ?? 0));
  const studyDate = opened.study.studyDate
    ? format.dateTime(new Date(`${opened.study.studyDate}T00:00:00Z`), { dateStyle: "medium", timeZone: "UTC" })
    : t("notRecorded");
  const step = (delta: number) => void stack?.show((stack?.current() ?? slice) + delta);

  return (
    <div className="flex h-[calc(100dvh-4rem)] min-h-[600px] flex-col bg-neutral-950 text-neutral-100 lg:flex-row" data-testid="imaging-viewer">
      <nav aria-label={t("seriesList")} className="order-2 flex shrink-0 gap-2 overflow-auto p-2 pe-20 lg:order-1 lg:w-44 lg:flex-col lg:pe-2">
        {allSeries.map((series) => (
          <SeriesThumbnail key={series.id} series={series} current={series.id === opened.series.id} onOpen={() => onSwitch(series.id)} />
        ))}
      </nav>
      <div className="order-1 flex min-h-0 min-w-0 flex-1 flex-col lg:order-2">
        {/* Each group wraps as a whole (on a tablet the previous and next buttons stay side by side). */}
        <div role="toolbar" aria-label={t("tools")} className="flex flex-wrap items-center gap-x-2 gap-y-1 border-b border-neutral-800 p-1">
          <div className="flex flex-wrap items-center gap-1">
            <ToolButtons tools={TOOLS} tool={tool} onTool={setTool} stack={stack} variant="ghost" />
          </div>
          <span className="h-6 w-px bg-neutral-700" aria-hidden />
          <div className="flex flex-wrap items-center gap-1">
            <PresetButtons stack={stack} variant="ghost" />
          </div>
          <span className="h-6 w-px bg-neutral-700" aria-hidden />
          <div className="flex items-center gap-1">
            <Button size="icon" variant="ghost" aria-label={t("previousSlice")} disabled={!stack} onClick={() => step(-1)}>
              <ChevronUp aria-hidden />
            </Button>
            <Button size="icon" variant="ghost" aria-label={t("nextSlice")} disabled={!stack} onClick={() => step(1)}>
              <ChevronDown aria-hidden />
            </Button>
            <ResetButton stack={stack} variant="ghost" />
          </div>
        </div>
        <div className="relative min-h-0 flex-1">
          <DicomStack
            imageIds={imageIds}
            initialIndex={middle}
            label={t("imageLabel", { modality: opened.series.modality ?? "", slice: slice + 1, total: imageIds.length })}
            className="absolute inset-0"
            onReady={setStack}
            onSlice={setSlice}
            onWindow={setWindowValues}
            onError={() => setImageError(true)}
          />
          {/* The overlay on a dark backing: readable over bright images too. */}
          <div className="pointer-events-none absolute inset-x-0 top-0 flex items-start justify-between gap-4 p-2 text-xs leading-tight text-white sm:text-sm">
            <div data-testid="viewer-patient" className="rounded bg-black/60 px-1.5 py-0.5">
              <p className="font-semibold">{opened.patient.name ?? t("notRecorded")}</p>
              <p>{t("patientId", { id: opened.patient.id ?? t("notRecorded") })}</p>
            </div>
            <div className="rounded bg-black/60 px-1.5 py-0.5 text-end" data-testid="viewer-study">
              <p>{studyDate}</p>
              <p>{opened.study.description ?? ""}</p>
              <p>{opened.series.description ?? ""}</p>
            </div>
          </div>
          {/* At the end side, room for the site's floating support button (fixed at the bottom end). */}
          <div className="pointer-events-none absolute inset-x-0 bottom-0 flex items-end justify-between gap-4 p-2 text-xs text-white sm:text-sm lg:pe-20">
            <p data-testid="slice-indicator" aria-live="polite" className="rounded bg-black/60 px-1.5 py-0.5">
              {t("sliceOf", { slice: slice + 1, total: imageIds.length })}
            </p>
            {windowValues && (
              <p data-testid="window-values" className="rounded bg-black/60 px-1.5 py-0.5">
                {t("windowValues", windowValues)}
              </p>
            )}
          </div>
          {(imageError || failed) && (
            <p role="alert" className="absolute inset-x-4 top-1/2 rounded-md bg-neutral-900/90 p-4 text-center">
              {failed ? t("loadFailed") : t("imageFailed")}
            </p>
          )}
          {switching && <span className="sr-only">{t("loading")}</span>}
        </div>
      </div>
    </div>
  );
}

function SeriesThumbnail({ series, current, onOpen }: { series: ImagingSeries; current: boolean; onOpen(): void }) {
  const t = useTranslations("imagingViewer");
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const target = canvas.current;
    if (!target || !series.middleInstanceId) return;
    // A series of one multi-frame file: its middle frame, as the viewer opens it.
    const frame = series.instanceCount === 1 && series.frames > 1 ? `?frame=${Math.floor((series.frames - 1) / 2) + 1}` : "";
    const imageId = `wadouri:${imagingPaths.instance(series.middleInstanceId)}${frame}`;
    loadViewerEngine()
      .then(({ drawThumbnail }) => drawThumbnail(target, imageId))
      .catch(() => undefined);
  }, [series.middleInstanceId, series.instanceCount, series.frames]);
  const name = [series.seriesNumber !== null ? `#${series.seriesNumber}` : null, series.modality, series.description].filter(Boolean).join(" · ");
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-current={current ? "true" : undefined}
      aria-label={t("openSeries", { name: name || t("notRecorded"), count: series.frames })}
      className={`flex w-32 shrink-0 flex-col items-center gap-1 rounded-md border p-1 text-xs lg:w-full ${current ? "border-primary bg-neutral-800" : "border-neutral-800 hover:bg-neutral-900"}`}
    >
      <canvas ref={canvas} width={96} height={96} className="size-24 bg-black" aria-hidden />
      <span className="line-clamp-2 text-center">{name || t("notRecorded")}</span>
      <span className="text-neutral-400">{t("imageCount", { count: series.frames })}</span>
    </button>
  );
}
