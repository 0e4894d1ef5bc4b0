"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { imagingPaths, openedSeriesSchema, type OpenedSeries } from "@/lib/contracts/imaging";
import { apiFetch } from "../api";

export const viewerKeys = {
  all: ["imaging", "series"] as const,
  series: (seriesId: string) => [...viewerKeys.all, seriesId] as const,
};

/** A series opened in the viewer (GET /api/imaging/series/{id}: the server audits each opening). */
export function useOpenedSeries(seriesId: string) {
  return useQuery({
    queryKey: viewerKeys.series(seriesId),
    queryFn: ({ signal }) => apiFetch(imagingPaths.series(seriesId), { schema: openedSeriesSchema, signal }),
    staleTime: Infinity,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

/**
 * The Cornerstone image ids of a series in stack order: `wadouri:` and the instance's same-origin
 * address (the session cookie goes with it); each frame of a multi-frame instance is a slice.
 */
export function stackImageIds(series: Pick<OpenedSeries, "instances">): string[] {
  return series.instances.flatMap((instance) => {
    const url = `wadouri:${imagingPaths.instance(instance.id)}`;
    if (instance.frames <= 1) return [url];
    return Array.from({ length: instance.frames }, (_, frame) => `${url}?frame=${frame + 1}`);
  });
}
