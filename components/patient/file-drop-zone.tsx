"use client";

import { useDropzone } from "react-dropzone";
import { useTranslations } from "next-intl";
import { Upload } from "lucide-react";
import { cn } from "@/lib/utils";

/**
 * Accepts files by picker (click, or Enter/Space on the focused area) or drag and drop, and hands
 * them to `onAdd`; the caller lists them (components/uploads/upload-queue-list.tsx). `accept` only
 * filters the picker: what a file really is is checked from its bytes, in the browser and by the server.
 */
export function FileDropZone({ onAdd, disabled, accept, hint }: { onAdd: (files: File[]) => void; disabled?: boolean; accept?: string; hint: string }) {
  const t = useTranslations("uploads");
  const { getRootProps, getInputProps, isDragActive } = useDropzone({ onDrop: (accepted) => onAdd(accepted), disabled, multiple: true });

  return (
    <div
      {...getRootProps({ role: "button", "aria-label": t("chooseFiles"), "aria-disabled": disabled || undefined })}
      data-state={isDragActive ? "drag-active" : "idle"}
      className={cn(
        "flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed p-6 text-center transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
        isDragActive ? "border-primary bg-secondary" : "border-input bg-muted/40",
      )}
    >
      <Upload aria-hidden className="h-8 w-8 text-primary" />
      <span className="font-medium text-primary underline underline-offset-4">{isDragActive ? t("dropHere") : t("chooseFiles")}</span>
      <p className="text-sm text-muted-foreground">{hint}</p>
      <input {...getInputProps({ accept })} />
    </div>
  );
}
