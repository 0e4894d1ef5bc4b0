"use client";

import { useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { Contrast, Move, RotateCcw, ZoomIn } from "lucide-react";
import type { StackHandle, ViewerTool } from "@/client/imaging/viewer-engine";
import { Button } from "@/components/ui/button";
import { DicomStack } from "./dicom-stack";
import { WINDOW_PRESETS, type WindowPreset } from "./window-presets";

const tools: { id: ViewerTool; icon: typeof Contrast }[] = [
  { id: "windowLevel", icon: Contrast },
  { id: "pan", icon: Move },
  { id: "zoom", icon: ZoomIn },
];

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
  const stack = useRef<StackHandle | null>(null);
  const [ready, setReady] = useState(false);

  return (
    <div className="space-y-2" data-testid="dicom-image-view">
      <div role="toolbar" aria-label={t("tools")} className="flex flex-wrap gap-1">
        {tools.map(({ id, icon: Icon }) => (
          <Button
            key={id}
            size="sm"
            variant={tool === id ? "secondary" : "outline"}
            aria-pressed={tool === id}
            disabled={!ready}
            onClick={() => {
              setTool(id);
              stack.current?.setPrimaryTool(id);
            }}
          >
            <Icon aria-hidden />
            <span>{t(`tool.${id}`)}</span>
          </Button>
        ))}
        {(Object.keys(WINDOW_PRESETS) as WindowPreset[]).map((preset) => (
          <Button
            key={preset}
            size="sm"
            variant="outline"
            disabled={!ready}
            onClick={() => stack.current?.setWindow(WINDOW_PRESETS[preset].width, WINDOW_PRESETS[preset].center)}
          >
            {t(`preset.${preset}`)}
          </Button>
        ))}
        <Button size="sm" variant="outline" disabled={!ready} onClick={() => stack.current?.reset()}>
          <RotateCcw aria-hidden />
          <span>{t("reset")}</span>
        </Button>
      </div>
      <div className="relative aspect-square max-h-[60vh] w-full overflow-hidden rounded-md">
        <DicomStack
          imageIds={imageIds}
          initialIndex={0}
          label={t("fileImageLabel", { name })}
          className="absolute inset-0"
          onReady={(handle) => {
            stack.current = handle;
            setReady(handle !== null);
          }}
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
