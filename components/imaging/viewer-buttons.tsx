"use client";

import { useTranslations } from "next-intl";
import { Contrast, Move, RotateCcw, Ruler, ZoomIn } from "lucide-react";
import type { StackHandle, ViewerTool } from "@/client/imaging/viewer-engine";
import { Button } from "@/components/ui/button";
import { WINDOW_PRESETS, type WindowPreset } from "./window-presets";

const toolIcons: Record<ViewerTool, typeof Contrast> = { windowLevel: Contrast, pan: Move, zoom: ZoomIn, length: Ruler };

interface StackButtonsProps {
  /** The stack the buttons act on; null until its viewport is ready (the buttons wait for it). */
  stack: StackHandle | null;
  variant: "ghost" | "outline";
}

/** The tools a press makes the primary mouse and touch tool, the pressed one marked. Needs the "imagingViewer" messages. */
export function ToolButtons({
  tools,
  tool,
  onTool,
  stack,
  variant,
}: StackButtonsProps & { tools: ViewerTool[]; tool: ViewerTool; onTool(tool: ViewerTool): void }) {
  const t = useTranslations("imagingViewer");
  return tools.map((id) => {
    const Icon = toolIcons[id];
    return (
      <Button
        key={id}
        size="sm"
        variant={tool === id ? "secondary" : variant}
        aria-pressed={tool === id}
        disabled={!stack}
        onClick={() => {
          onTool(id);
          stack?.setPrimaryTool(id);
        }}
      >
        <Icon aria-hidden />
        <span>{t(`tool.${id}`)}</span>
      </Button>
    );
  });
}

/** The window presets (soft tissue, lung, bone, brain). */
export function PresetButtons({ stack, variant }: StackButtonsProps) {
  const t = useTranslations("imagingViewer");
  return (Object.keys(WINDOW_PRESETS) as WindowPreset[]).map((preset) => (
    <Button
      key={preset}
      size="sm"
      variant={variant}
      disabled={!stack}
      onClick={() => stack?.setWindow(WINDOW_PRESETS[preset].width, WINDOW_PRESETS[preset].center)}
    >
      {t(`preset.${preset}`)}
    </Button>
  ));
}

/** Back to the image as it first showed (window, zoom, pan). */
export function ResetButton({ stack, variant }: StackButtonsProps) {
  const t = useTranslations("imagingViewer");
  return (
    <Button size="sm" variant={variant} disabled={!stack} onClick={() => stack?.reset()}>
      <RotateCcw aria-hidden />
      <span>{t("reset")}</span>
    </Button>
  );
}
