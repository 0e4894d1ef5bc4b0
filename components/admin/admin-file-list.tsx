"use client";

import { useTranslations } from "next-intl";
import { Download, ExternalLink, Eye, File, FileImage, FileText, FileType } from "lucide-react";
import { fileKind, type FileKind } from "@/lib/contracts/files";
import type { FileView } from "@/lib/contracts/files";
import { formatKilobytes } from "@/client/upload-with-progress";
import { openSignedLink } from "@/lib/files/open-signed-link";
import { toast } from "@/components/ui/use-toast";

const icons: Record<FileKind, typeof File> = { image: FileImage, pdf: FileText, text: FileType, other: File };
const action = "inline-flex min-h-10 items-center gap-1 rounded px-2 text-primary hover:bg-muted";

/** A submission's files for admins: icon by type, name, size, type, Preview, Download and a signed link. */
export function AdminFileList({ files, onPreview }: { files: FileView[]; onPreview: (file: FileView) => void }) {
  const t = useTranslations("admin");
  if (files.length === 0) return <p className="text-sm text-muted-foreground">{t("noFiles")}</p>;

  async function openLink(id: string) {
    if (!(await openSignedLink(id))) toast({ title: t("linkFailed"), variant: "destructive" });
  }

  return (
    <ul className="divide-y rounded-md border" aria-label={t("files")}>
      {files.map((file) => {
        const Icon = icons[fileKind(file.mimeType)];
        return (
          <li key={file.id} className="flex flex-wrap items-center gap-2 p-2 text-sm" data-testid="admin-file">
            <Icon aria-hidden className="h-4 w-4 shrink-0 text-muted-foreground" />
            <span className="min-w-0 flex-1 truncate font-medium">{file.originalName}</span>
            <span className="text-muted-foreground">{t("sizeKb", { size: formatKilobytes(file.size) })}</span>
            <span className="text-muted-foreground">{file.mimeType}</span>
            {file.deleted ? (
              <span className="px-2 text-muted-foreground" data-testid="file-deleted">
                {t("fileDeleted")}
              </span>
            ) : (
              <>
            <button type="button" onClick={() => onPreview(file)} className={action}>
              <Eye aria-hidden className="h-4 w-4" /> {t("preview")}
              <span className="sr-only">{file.originalName}</span>
            </button>
            <a href={`/api/files/${file.id}`} className={action}>
              <Download aria-hidden className="h-4 w-4" /> {t("download")}
              <span className="sr-only">{file.originalName}</span>
            </a>
            <button type="button" onClick={() => openLink(file.id)} className={action}>
              <ExternalLink aria-hidden className="h-4 w-4" /> {t("signedLink")}
              <span className="sr-only">{file.originalName}</span>
            </button>
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}
