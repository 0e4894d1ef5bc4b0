"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import type { StackHandle, ViewerTool } from "@/client/imaging/viewer-engine";
import { DicomStack } from "./dicom-stack";
import { PresetButtons, ResetButton, ToolButtons } from "./viewer-buttons";

const TOOLS: ViewerTool[] = ["windowLevel", "pan", "zoom"];

/**
 * One DICOM file's image (the first frame) with the viewer's decoder: window/level, presets, pan and
 * zoom. `src` is an authorized, audited file route of this site (the session cookie goes with it).
 * Needs the "imagingViewer" messages.
 */
export function DicomImageView({ src, name }: { src: string; name: string }) {
  const t = useTranslations("imagingViewer");
  const [imageIds] = useState(() => [`wadouri:${src}`]);
  const [tool, setTool] = useState<ViewerTool>("windowLevel");
  const [windowValues, setWindowValues] = useState<{ width: number; center: number } | null>(null);
  const [failed, setFailed] = useState(false);
  // The stack once its viewport is ready: the tools and presets act on it, and wait for it.
  const [stack, setStack] = useState<StackHandle | null>(null);

  return (
    <div className="space-y-2" data-testid="dicom-image-view">
      <div role="toolbar" aria-label={t("tools")} className="flex flex-wrap gap-1">
        <ToolButtons tools={TOOLS} tool={tool} onTool={setTool} stack={stack} variant="outline" />
        <PresetButtons stack={stack} variant="outline" />
        <ResetButton stack={stack} variant="outline" />
      </div>
      <div className="relative aspect-square max-h-[60vh] w-full overflow-hidden rounded-md">
        <DicomStack
          imageIds={imageIds}
          initialIndex={0}
          label={t("fileImageLabel", { name })}
          className="absolute inset-0"
          onReady={setStack}
          onSlice={() => undefined}
          onWindow={setWindowValues}
          onError={() => setFailed(true)}
        />
        <p data-testid="window-values" className="pointer-events-none absolute end-2 bottom-2 text-xs text-white [text-shadow:0_0_3px_#000]">
          {windowValues ? t("windowValues", windowValues) : ""}
        </p>
        {failed && (
          <p role="alert" className="absolute inset-x-4 top-1/2 rounded-md bg-neutral-900/90 p-4 text-center text-white">
            {t("imageFailed")}
          </p>
        )}
      </div>
    </div>
  );
}
