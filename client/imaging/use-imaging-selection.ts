"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { whenIdle } from "../when-idle";
import { imagingProblems, keptStudies } from "./limits";
import type { ImagingStudySelection } from "./read-selection";

/** The DICOM reader (dicom-parser, about 20 KiB compressed) loads once the page is idle, not with its first scripts. */
const loadReader = () => import("./read-selection");

/** One image to announce and send: its study (announced with it) and the series it is shown in. */
export interface ImagingFileToSend {
  file: File;
  study: string;
  series: string;
}

/**
 * The imaging a patient chose (folders, a CD, loose DICOM files), read in the browser: its studies and
 * series, which series the patient left out, and what the selection held besides. Each new choice is
 * read together with the images chosen before, so that an image chosen twice is counted once.
 */
export function useImagingSelection() {
  const [studies, setStudies] = useState<ImagingStudySelection[]>([]);
  const [duplicates, setDuplicates] = useState(0);
  const [skipped, setSkipped] = useState(0);
  const [reading, setReading] = useState<{ done: number; total: number } | null>(null);
  const [leftOut, setLeftOut] = useState<ReadonlySet<string>>(new Set());
  const images = useRef<File[]>([]);

  useEffect(() => whenIdle(() => void loadReader().catch(() => undefined)), []); // a failure shows when files are chosen

  /**
   * Reads chosen files: their images join the studies; what else they hold is returned (documents, and
   * the files that are neither images nor documents, for the caller to treat as loose files or skip),
   * with how many new images they held; null when the reader's script could not be loaded (nothing was added).
   */
  const add = useCallback(async (files: File[]): Promise<{ documents: File[]; others: File[]; images: number } | null> => {
    setReading({ done: 0, total: files.length });
    try {
      const reader = await loadReader().catch(() => null);
      if (!reader) return null; // the connection dropped before the page was idle
      const found = await reader.readSelection([...images.current, ...files], {
        onProgress: (done, total) => setReading({ done: Math.max(0, done - images.current.length), total: total - images.current.length }),
      });
      const before = images.current.length;
      images.current = found.studies.flatMap((study) => study.series.flatMap((series) => series.files));
      setStudies(found.studies);
      setDuplicates(found.duplicates);
      return { documents: found.documents, others: found.skipped, images: images.current.length - before };
    } finally {
      setReading(null);
    }
  }, []);

  const addSkipped = useCallback((count: number) => setSkipped((before) => before + count), []);

  const keep = useCallback(
    (seriesUid: string, kept: boolean) =>
      setLeftOut((before) => {
        const after = new Set(before);
        if (kept) after.delete(seriesUid);
        else after.add(seriesUid);
        return after;
      }),
    [],
  );

  const clear = useCallback(() => {
    images.current = [];
    setStudies([]);
    setDuplicates(0);
    setSkipped(0);
    setLeftOut(new Set());
  }, []);

  const kept = useMemo(() => keptStudies(studies, leftOut), [studies, leftOut]);
  const problems = useMemo(() => imagingProblems(kept), [kept]);
  /** The kept images, series after series, as they are announced. */
  const toSend = useMemo(
    (): ImagingFileToSend[] =>
      kept.flatMap((study) => study.series.flatMap((series) => series.files.map((file) => ({ file, study: study.uid, series: series.uid })))),
    [kept],
  );

  return { studies, kept, toSend, problems, leftOut, duplicates, skipped, reading, add, addSkipped, keep, clear };
}

export type ImagingSelection = ReturnType<typeof useImagingSelection>;
