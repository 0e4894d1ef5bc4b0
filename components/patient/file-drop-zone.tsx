"use client";

import { useEffect, useId, useRef, type ChangeEvent } from "react";
import { useDropzone } from "react-dropzone";
import { useTranslations } from "next-intl";
import { FolderOpen, Upload } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/client/use-hydrated";
import { cn } from "@/lib/utils";

/**
 * A folder dragged in arrives as its files (react-dropzone's file-selector walks it). Where a browser
 * hands the folder itself over as a "file" instead (an empty, unreadable entry named like the folder:
 * the "CD 0.00 MB" row), that entry is not a file and is left out; its contents are what counts.
 */
async function withoutFolderEntries(files: File[]): Promise<File[]> {
  const readable = await Promise.all(
    files.map(async (file) => {
      if (file.size > 0 && file.type) return true;
      try {
        await file.slice(0, 1).arrayBuffer();
        return true;
      } catch {
        return false;
      }
    }),
  );
  return files.filter((file, index) => readable[index] && !(file.size === 0 && !file.type && !/\.[^./]+$/.test(file.name) && isFolderLike(file)));
}

/** A zero-byte entry with no type whose path ends in its own name: a directory handed over as a file. */
function isFolderLike(file: File): boolean {
  const path = (file as File & { path?: string }).path ?? "";
  return path === "" || path.replace(/^\.?\//, "") === file.name;
}

/**
 * Accepts files by picker (click, or Enter/Space on the focused area), a whole folder or CD ("Add a
 * folder", a directory picker), or drag and drop of files and folders, and hands them to `onAdd`; the
 * caller reads and lists them. `accept` only filters the picker: what a file really is is checked from
 * its bytes, in the browser and by the server. `refusal`: why the last choice was not taken, shown
 * here, where the patient is looking.
 *
 * The area holds the picker's <label>: a tap opens it without any script, so on a pre-rendered page the
 * first tap works while the page's scripts start (docs/decisions/035-form-pages-start-scripts-on-use.md),
 * and files chosen before React has the area are taken when it does. The folder picker waits for React.
 */
export function FileDropZone({
  onAdd,
  disabled,
  accept,
  hint,
  refusal,
}: {
  onAdd: (files: File[]) => void;
  disabled?: boolean;
  accept?: string;
  hint: string;
  refusal?: string | null;
}) {
  const t = useTranslations("uploads");
  const folderInput = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const hintId = useId();
  const inputId = useId();
  const hydrated = useHydrated();
  const take = (chosen: File[]) => void withoutFolderEntries(chosen).then((files) => files.length > 0 && onAdd(files));
  const { getRootProps, getInputProps, inputRef, isDragActive } = useDropzone({
    onDrop: take,
    disabled,
    multiple: true,
  });
  // Files chosen before React had the area (their `change` went unheard): taken once, as it takes it over.
  useEffect(() => {
    const input = inputRef.current;
    if (!input?.files?.length) return;
    const chosen = Array.from(input.files);
    input.value = "";
    take(chosen);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const folderChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = "";
    if (files.length > 0) onAdd(files);
  };

  return (
    <div className="space-y-2">
      {/* Named by what it shows, the call to action and the hint: a voice-control user says what they read. */}
      <div
        {...getRootProps({ role: "button", "aria-labelledby": `${labelId} ${hintId}`, "aria-disabled": disabled || undefined })}
        data-state={isDragActive ? "drag-active" : "idle"}
        className={cn(
          "rounded-lg border-2 border-dashed text-center transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
          isDragActive ? "border-primary bg-secondary" : "border-input bg-muted/40",
        )}
      >
        {/* The picker's label fills the area: a tap opens the picker itself, before React too. Kept from the area,
            whose own click would open it a second time. */}
        <label htmlFor={inputId} onClick={(event) => event.stopPropagation()} className="flex cursor-pointer flex-col items-center justify-center gap-2 p-6">
          <Upload aria-hidden className="h-8 w-8 text-primary" />
          <span id={labelId} className="font-medium text-primary underline underline-offset-4">
            {isDragActive ? t("dropHere") : t("chooseFiles")}
          </span>{" "}
          {/* The space keeps "here" and the hint two words for tools that read the text without its layout. */}
          <span id={hintId} className="block text-sm text-muted-foreground">
            {hint}
          </span>
        </label>
      </div>
      {/* The picker the area opens, outside it: a control inside a button would be read into its name. */}
      <input {...getInputProps({ accept, disabled, id: inputId })} />
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" variant="outline" onClick={() => folderInput.current?.click()} disabled={disabled || !hydrated}>
          <FolderOpen aria-hidden className="h-4 w-4" />
          {t("addFolder")}
        </Button>
        <span className="text-sm text-muted-foreground">{t("addFolderHint")}</span>
        {/* A directory picker: every file of the chosen folder (a CD's DICOM folders), with its path inside it. */}
        <input
          ref={folderInput}
          type="file"
          multiple
          hidden
          disabled={disabled}
          tabIndex={-1}
          data-testid="folder-input"
          onChange={folderChosen}
          {...({ webkitdirectory: "" } as Record<string, string>)}
        />
      </div>
      {refusal && (
        <p
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm break-words text-destructive"
          data-testid="files-refused"
        >
          {refusal}
        </p>
      )}
    </div>
  );
}
