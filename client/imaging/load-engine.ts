"use client";

/** What public/viewer-engine/engine.js exports (client/imaging/viewer-engine.ts, bundled by scripts/build-viewer.mjs). */
export type ViewerEngine = typeof import("./viewer-engine");

/** Where the engine is served from (this site's own public folder). */
export const VIEWER_ENGINE_URL = "/viewer-engine/engine.js";

let engine: Promise<ViewerEngine> | undefined;

/** Loads the viewer engine once per page, on first use: only pages that show a DICOM image fetch it. */
export function loadViewerEngine(): Promise<ViewerEngine> {
  engine ??= import(/* webpackIgnore: true */ /* turbopackIgnore: true */ VIEWER_ENGINE_URL) as Promise<ViewerEngine>;
  return engine;
}
