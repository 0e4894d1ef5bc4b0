"use client";

import { useEffect, useRef, type KeyboardEvent } from "react";
import { loadViewerEngine } from "@/client/imaging/load-engine";
import type { StackEvents, StackHandle } from "@/client/imaging/viewer-engine";

export interface DicomStackProps extends StackEvents {
  imageIds: string[];
  initialIndex: number;
  /** Names the image area for assistive technology ("CT image, slice 3 of 40"). */
  label: string;
  onReady(handle: StackHandle | null): void;
  className?: string;
}

/**
 * The image area: Cornerstone's stack viewport, loaded on first use (public/viewer-engine/, fetched
 * only by the pages that show this). Keyboard: arrows
 * step one slice, Page Up/Down ten, Home/End the first and last.
 */
export function DicomStack({ imageIds, initialIndex, label, onReady, onSlice, onWindow, onError, className }: DicomStackProps) {
  const element = useRef<HTMLDivElement>(null);
  const handle = useRef<StackHandle | null>(null);
  const events = useRef<StackEvents & { onReady: DicomStackProps["onReady"] }>({ onSlice, onWindow, onError, onReady });
  useEffect(() => {
    events.current = { onSlice, onWindow, onError, onReady };
  });
  const first = useRef({ imageIds, initialIndex });

  useEffect(() => {
    const target = element.current;
    if (!target) return;
    let cancelled = false;
    let created: StackHandle | null = null;
    loadViewerEngine()
      .then(({ createStack }) =>
        createStack(target, first.current.imageIds, first.current.initialIndex, {
          onSlice: (index) => events.current.onSlice(index),
          onWindow: (window) => events.current.onWindow(window),
          onError: (error) => events.current.onError(error),
        }),
      )
      .then((made) => {
        created = made;
        if (cancelled) return made.destroy();
        handle.current = made;
        events.current.onReady(made);
      })
      .catch((error: unknown) => events.current.onError(error));
    // (jsdom, in the component tests, has no ResizeObserver.)
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(() => handle.current?.resize());
    observer?.observe(target);
    return () => {
      cancelled = true;
      observer?.disconnect();
      handle.current = null;
      events.current.onReady(null);
      created?.destroy();
    };
  }, []);

  // Another series in the same viewer: same viewport, new images.
  useEffect(() => {
    if (imageIds === first.current.imageIds) return;
    first.current = { imageIds, initialIndex };
    void handle.current?.setImages(imageIds, initialIndex);
  }, [imageIds, initialIndex]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const stack = handle.current;
    if (!stack) return;
    const last = imageIds.length - 1;
    const steps: Record<string, number> = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1, PageDown: 10, PageUp: -10 };
    let next: number | undefined;
    if (event.key in steps) next = stack.current() + steps[event.key];
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = last;
    if (next === undefined) return;
    event.preventDefault();
    void stack.show(next);
  };

  return (
    <div
      ref={element}
      role="img"
      aria-label={label}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onContextMenu={(event) => event.preventDefault()}
      data-testid="dicom-stack"
      className={`touch-none bg-black outline-none select-none focus-visible:ring-2 focus-visible:ring-primary ${className ?? "relative h-full w-full"}`}
    />
  );
}
