"use client";

import { useDropzone } from "react-dropzone";
import { useTranslations } from "next-intl";
import { FileText, Upload, X } from "lucide-react";
import { formatMegabytes } from "@/client/upload-with-progress";
import { Progress } from "@/components/ui/progress";
import { PhotoCompressionChoice, usePhotoCompression } from "@/components/uploads/photo-compression-choice";
import { cn } from "@/lib/utils";

export interface ChosenFile {
  id: string;
  file: File;
}

/**
 * Accepts files by picker (click, or Enter/Space on the focused area) or drag and drop; lists each
 * with its size in MB, progress and a remove control. `accept` only filters the picker: what a file
 * really is, and the limits, are checked by `onAdd` and by the server from its bytes. With `onReplace`,
 * photos over 1.5 MB are made lighter once added (the row then shows the saving and a "Send the
 * original" choice) and `onReplace(id, file)` swaps the file the form will send.
 */
export function FileDropZone({
  files,
  onAdd,
  onRemove,
  onReplace,
  progress,
  disabled,
  accept,
  hint,
}: {
  files: ChosenFile[];
  onAdd: (files: File[]) => void;
  onRemove: (id: string) => void;
  onReplace?: (id: string, file: File) => void;
  progress?: number[] | null;
  disabled?: boolean;
  accept?: string;
  hint: string;
}) {
  const t = useTranslations("uploads");
  const { getRootProps, getInputProps, isDragActive } = useDropzone({ onDrop: (accepted) => onAdd(accepted), disabled, multiple: true });
  const photos = usePhotoCompression(files, onReplace);

  return (
    <div className="space-y-3">
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
      {files.length > 0 && (
        <ul className="space-y-2" aria-label={t("selectedFiles")}>
          {files.map(({ id, file }, index) => (
            <li key={id} className="rounded-md border bg-card p-3">
              <div className="flex items-center gap-3">
                <FileText aria-hidden className="h-5 w-5 shrink-0 text-muted-foreground" />
                <span className="min-w-0 flex-1 truncate text-sm font-medium">{file.name}</span>
                <span className="shrink-0 text-sm text-muted-foreground">{t("sizeMb", { size: formatMegabytes(file.size) })}</span>
                <button
                  type="button"
                  onClick={() => onRemove(id)}
                  disabled={disabled}
                  aria-label={t("removeFile", { name: file.name })}
                  className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-md hover:bg-muted disabled:opacity-50"
                >
                  <X aria-hidden className="h-4 w-4" />
                </button>
              </div>
              <PhotoCompressionChoice
                name={file.name}
                state={photos.states[id]}
                onSendOriginalChange={(sendOriginal) => photos.setSendOriginal(id, sendOriginal)}
                disabled={disabled}
              />
              {progress && <Progress value={Math.round((progress[index] ?? 0) * 100)} aria-label={t("progressOf", { name: file.name })} className="mt-2" />}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

let counter = 0;
export function toChosenFiles(files: File[]): ChosenFile[] {
  return files.map((file) => ({ id: `${Date.now()}-${counter++}`, file }));
}
