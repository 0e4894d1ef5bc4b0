"use client";

import { useCallback, useState, type ReactNode } from "react";
import { useLocale } from "next-intl";
import { File as FileIcon, FileImage, FileText, FileType } from "lucide-react";
import { fileKind, type FileKind } from "@/lib/contracts/file-types";
import { formatFileSize } from "@/lib/contracts/file-size";
import { FileName } from "@/components/files/file-name";
import { cn } from "@/lib/utils";

const icons: Record<FileKind, typeof FileIcon> = { image: FileImage, pdf: FileText, text: FileType, other: FileIcon };

/** Types every browser can draw. HEIC (what iPhones take) is not one of them: those rows keep the icon. */
const drawableTypes = new Set(["image/jpeg", "image/png", "image/webp"]);
const drawableExtension = /\.(jpe?g|png|webp)$/i;

/** Whether a chosen file can be shown as a thumbnail (by its type, or its name when the browser gives no type). */
export function isDrawableImage(file: { name: string; type: string }): boolean {
  return file.type ? drawableTypes.has(file.type.toLowerCase()) : drawableExtension.test(file.name);
}

/** The type to pick an icon by: the given one, else guessed from the name (phones often give none). */
function typeOf(file: { name: string; type: string }): string {
  if (file.type) return file.type;
  if (/\.pdf$/i.test(file.name)) return "application/pdf";
  if (/\.jpe?g$/i.test(file.name)) return "image/jpeg";
  if (/\.png$/i.test(file.name)) return "image/png";
  return "";
}

/**
 * A small preview of a chosen image, drawn from an object URL that is made when the image is shown and
 * revoked when it goes (the row is removed, the list unmounts, or the file cannot be decoded, which
 * falls back to the icon).
 */
function Thumbnail({ file, fallback }: { file: File; fallback: ReactNode }) {
  const [failed, setFailed] = useState(false);
  const attach = useCallback(
    (image: HTMLImageElement | null) => {
      if (!image) return;
      const url = URL.createObjectURL(file);
      image.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [file],
  );
  if (failed) return fallback;
  return (
    // eslint-disable-next-line @next/next/no-img-element -- a local object URL of the user's own file, not a static asset
    <img ref={attach} alt="" onError={() => setFailed(true)} className="h-10 w-10 shrink-0 rounded border object-cover" data-testid="file-thumbnail" />
  );
}

export interface FileRowProps {
  /** A chosen File (an image of it is shown as a thumbnail), or a stored file's name, size and type. */
  file: File | { name: string; size: number; type: string };
  /** Controls at the end of the line (remove, retry...). */
  actions?: ReactNode;
  /** Under the line: status, progress. */
  children?: ReactNode;
  className?: string;
  testId?: string;
}

/**
 * One file of an upload list: a thumbnail (JPEG, PNG, WebP) or an icon, the name cut in the middle so
 * the row never widens the page, the size in the reader's language, then the caller's actions and,
 * under it, the caller's status or progress.
 */
export function FileRow({ file, actions, children, className, testId }: FileRowProps) {
  const locale = useLocale();
  const Icon = icons[fileKind(typeOf(file))];
  const icon = (
    <span className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded border bg-muted/40">
      <Icon aria-hidden className="h-5 w-5 text-muted-foreground" />
    </span>
  );
  return (
    <div className={cn("min-w-0 rounded-md border bg-card p-3", className)} data-testid={testId}>
      <div className="flex min-w-0 items-center gap-3">
        {file instanceof File && isDrawableImage(file) ? <Thumbnail file={file} fallback={icon} /> : icon}
        <div className="min-w-0 flex-1">
          <FileName name={file.name} className="text-sm font-medium" />
          <span className="block text-xs text-muted-foreground" data-testid="file-size">
            {formatFileSize(file.size, locale)}
          </span>
        </div>
        {actions}
      </div>
      {children}
    </div>
  );
}
