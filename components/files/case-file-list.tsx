"use client";

import { useMutation } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { Archive, Download, ExternalLink, Eye, File, FileImage, FileText, FileType } from "lucide-react";
import { fileKind, type FileKind } from "@/lib/contracts/file-types";
import { inlineFileUrl, signedLinkSchema, type FileView } from "@/lib/contracts/files";
import { formatFileSize } from "@/lib/contracts/file-size";
import { apiFetch } from "@/client/api";
import { FileName } from "@/components/files/file-name";
import { toast } from "@/components/ui/use-toast";
import { naturalCompare } from "@/lib/utils";

const icons: Record<FileKind, typeof File> = { image: FileImage, pdf: FileText, text: FileType, other: File };
const action = "inline-flex min-h-10 items-center gap-1 rounded px-2 text-primary hover:bg-muted";

export interface CaseFileListProps {
  files: FileView[];
  /**
   * How this viewer looks at a file in the browser: in the page's own preview (a dialog), or in a new
   * tab through the audited file route (`"tab"`); no preview when absent. Download is always offered.
   */
  preview?: "tab" | { onPreview: (file: FileView) => void };
  /** Offers a short-lived signed link that works without a session (to share or open elsewhere). */
  signedLink?: boolean;
  /** Shows each file's type next to its size. */
  showType?: boolean;
  label?: string;
  /** What to say when the case has no files. */
  empty?: string;
  /** data-testid of each row. */
  itemTestId?: string;
  /** A "Download all" link (the case's files as one zip: imagingPaths.caseFilesZip). */
  downloadAllHref?: string;
}

/**
 * A case's files as every reader sees them (coordinator, partner hospital, patient): name, size,
 * Preview and Download (and a signed link where the viewer may share one); a file whose bytes were
 * deleted after the retention period is listed, but offers nothing.
 */
export function CaseFileList({ files, preview, signedLink = false, showType = false, label, empty, itemTestId, downloadAllHref }: CaseFileListProps) {
  const t = useTranslations("caseFiles");
  const locale = useLocale();
  const link = useMutation({
    mutationFn: (id: string) => apiFetch(`/api/files/${id}/signed-link`, { method: "POST", schema: signedLinkSchema }),
    onSuccess: ({ url }) => void window.open(url, "_blank", "noopener,noreferrer"),
    onError: () => toast({ title: t("linkFailed"), variant: "destructive" }),
  });
  if (files.length === 0) return <p className="text-sm text-muted-foreground">{empty ?? t("empty")}</p>;
  // By name as people count (IM000012 before IM000028, scan2 before scan10), not in the order they arrived.
  const sorted = [...files].sort((a, b) => naturalCompare(a.originalName, b.originalName));
  const canDownloadAll = downloadAllHref && files.some((file) => !file.deleted);

  return (
    <div className="space-y-2">
      {canDownloadAll && (
        <a href={downloadAllHref} className={action} data-testid="download-all">
          <Archive aria-hidden className="h-4 w-4" /> {t("downloadAll")}
        </a>
      )}
      <ul className="divide-y rounded-md border" aria-label={label}>
        {sorted.map((file) => {
          const Icon = icons[fileKind(file.mimeType)];
          const name = <span className="sr-only">{file.originalName}</span>;
          return (
            <li key={file.id} className="flex flex-wrap items-center gap-2 p-2 text-sm" data-testid={itemTestId}>
              <Icon aria-hidden className="h-4 w-4 shrink-0 text-muted-foreground" />
              {/* At least 8rem, so on a phone the actions wrap under the name rather than squeezing it away. */}
              <FileName name={file.originalName} className="min-w-32 flex-1 font-medium" />
              <span className="text-muted-foreground">{formatFileSize(file.size, locale)}</span>
              {showType && <span className="text-muted-foreground">{file.mimeType}</span>}
              {file.deleted ? (
                <span className="px-2 text-muted-foreground" data-testid="file-deleted">
                  {t("deleted")}
                </span>
              ) : (
                <>
                  {preview === "tab" && (
                    <a href={inlineFileUrl(file)} target="_blank" rel="noopener noreferrer" className={action}>
                      <Eye aria-hidden className="h-4 w-4" /> {t("preview")}
                      {name}
                    </a>
                  )}
                  {preview && preview !== "tab" && (
                    <button type="button" onClick={() => preview.onPreview(file)} className={action}>
                      <Eye aria-hidden className="h-4 w-4" /> {t("preview")}
                      {name}
                    </button>
                  )}
                  <a href={`/api/files/${file.id}`} className={action}>
                    <Download aria-hidden className="h-4 w-4" /> {t("download")}
                    {name}
                  </a>
                  {signedLink && (
                    <button type="button" onClick={() => link.mutate(file.id)} disabled={link.isPending && link.variables === file.id} className={action}>
                      <ExternalLink aria-hidden className="h-4 w-4" /> {t("signedLink")}
                      {name}
                    </button>
                  )}
                </>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
