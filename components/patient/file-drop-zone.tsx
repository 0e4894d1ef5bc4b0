"use client";

import { useDropzone } from "react-dropzone";
import { useTranslations } from "next-intl";
import { Upload, X } from "lucide-react";
import { Progress } from "@/components/ui/progress";
import { FileRow } from "@/components/uploads/file-row";
import { cn } from "@/lib/utils";

export interface ChosenFile {
  id: string;
  file: File;
}

/**
 * Accepts files by picker (click, or Enter/Space on the focused area) or drag and drop; lists each
 * in a FileRow (thumbnail or icon, name, size), with its progress and a remove control. `accept` only filters the picker: what a file
 * really is, and the limits, are checked by `onAdd` and by the server from its bytes.
 */
export function FileDropZone({
  files,
  onAdd,
  onRemove,
  progress,
  disabled,
  accept,
  hint,
}: {
  /** The chosen files to list under the drop area (without: the caller lists them itself). */
  files?: ChosenFile[];
  onAdd: (files: File[]) => void;
  onRemove?: (id: string) => void;
  progress?: number[] | null;
  disabled?: boolean;
  accept?: string;
  hint: string;
}) {
  const t = useTranslations("uploads");
  const { getRootProps, getInputProps, isDragActive } = useDropzone({ onDrop: (accepted) => onAdd(accepted), disabled, multiple: true });

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
      {files && files.length > 0 && (
        <ul className="space-y-2" aria-label={t("selectedFiles")}>
          {files.map(({ id, file }, index) => (
            <li key={id}>
              <FileRow
                file={file}
                actions={
                  <button
                    type="button"
                    onClick={() => onRemove?.(id)}
                    disabled={disabled}
                    aria-label={t("removeFile", { name: file.name })}
                    className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-md hover:bg-muted disabled:opacity-50"
                  >
                    <X aria-hidden className="h-4 w-4" />
                  </button>
                }
              >
                {progress && <Progress value={Math.round((progress[index] ?? 0) * 100)} aria-label={t("progressOf", { name: file.name })} className="mt-2" />}
              </FileRow>
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
