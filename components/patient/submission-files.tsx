"use client";

import { useTranslations } from "next-intl";
import { Download, ExternalLink, Eye } from "lucide-react";
import type { FileView } from "@/lib/contracts/files";
import { formatKilobytes } from "@/client/upload-with-progress";
import { openSignedLink } from "@/lib/files/open-signed-link";
import { toast } from "@/components/ui/use-toast";

/** A submission's files with View (in the browser), Download and a short-lived signed link. */
export function SubmissionFiles({ files }: { files: FileView[] }) {
  const t = useTranslations("journey");
  async function openLink(id: string) {
    if (!(await openSignedLink(id))) toast({ title: t("linkFailed"), variant: "destructive" });
  }
  return (
    <ul className="divide-y rounded-md border">
      {files.map((file) => (
        <li key={file.id} className="flex flex-wrap items-center gap-2 p-2 text-sm">
          <span className="min-w-0 flex-1 truncate font-medium">{file.originalName}</span>
          <span className="text-muted-foreground">{t("sizeKb", { size: formatKilobytes(file.size) })}</span>
          {file.deleted ? (
            <span className="px-2 text-muted-foreground" data-testid="file-deleted">
              {t("fileDeleted")}
            </span>
          ) : (
            <>
          <a href={`/api/files/${file.id}?disposition=inline`} target="_blank" rel="noopener noreferrer" className="inline-flex min-h-10 items-center gap-1 rounded px-2 text-primary hover:bg-muted">
            <Eye aria-hidden className="h-4 w-4" /> {t("view")}
            <span className="sr-only">{file.originalName}</span>
          </a>
          <a href={`/api/files/${file.id}`} className="inline-flex min-h-10 items-center gap-1 rounded px-2 text-primary hover:bg-muted">
            <Download aria-hidden className="h-4 w-4" /> {t("download")}
            <span className="sr-only">{file.originalName}</span>
          </a>
          <button type="button" onClick={() => openLink(file.id)} className="inline-flex min-h-10 items-center gap-1 rounded px-2 text-primary hover:bg-muted">
            <ExternalLink aria-hidden className="h-4 w-4" /> {t("signedLink")}
            <span className="sr-only">{file.originalName}</span>
          </button>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
