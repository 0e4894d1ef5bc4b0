"use client";

import dynamic from "next/dynamic";

/** The viewer is rendered in the browser only: Cornerstone needs a canvas, workers and WebAssembly. */
export const ImagingViewerLoader = dynamic(() => import("./imaging-viewer").then((module) => module.ImagingViewer), { ssr: false });
