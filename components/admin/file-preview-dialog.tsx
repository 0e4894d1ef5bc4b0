"use client";

import { useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { Download } from "lucide-react";
import { fileKind } from "@/lib/contracts/file-types";
import { inlineFileUrl } from "@/lib/contracts/files";
import { DICOM_MIME_TYPE } from "@/lib/contracts/files";
import type { FileView } from "@/lib/contracts/files";
import { formatFileSize } from "@/lib/contracts/file-size";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { DicomPreview } from "./dicom-preview";

/**
 * The file preview dialog: image inline, PDF and text in a frame, DICOM as its key metadata and first
 * image (when its encoding allows), anything else not previewed. Pages that use it also load the "dicom" messages.
 */
export function FilePreviewDialog({ file, onClose }: { file: FileView | null; onClose: () => void }) {
  const t = useTranslations("admin");
  const tc = useTranslations("common");
  const locale = useLocale();
  return (
    <Dialog open={!!file} onOpenChange={(open) => !open && onClose()}>
      {file && (
        <DialogContent closeLabel={tc("close")} className="max-h-[90vh] sm:max-w-4xl">
          <DialogHeader>
            <DialogTitle className="break-all">{t("previewTitle", { name: file.originalName })}</DialogTitle>
            <DialogDescription>{t("previewDescription")}</DialogDescription>
          </DialogHeader>
          <PreviewBody file={file} />
          <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
            <div>
              <dt className="inline font-medium">{t("fileSize")}: </dt>
              <dd className="inline">{formatFileSize(file.size, locale)}</dd>
            </div>
            <div>
              <dt className="inline font-medium">{t("fileType")}: </dt>
              <dd className="inline">{file.mimeType}</dd>
            </div>
          </dl>
          <Button asChild className="w-fit">
            <a href={`/api/files/${file.id}`}>
              <Download aria-hidden className="h-4 w-4" /> {t("downloadFile")}
            </a>
          </Button>
        </DialogContent>
      )}
    </Dialog>
  );
}

function PreviewBody({ file }: { file: FileView }) {
  const t = useTranslations("admin");
  const [imageFailed, setImageFailed] = useState(false);
  const src = inlineFileUrl(file);
  if (file.mimeType === DICOM_MIME_TYPE) return <DicomPreview key={file.id} file={file} />;
  switch (fileKind(file.mimeType)) {
    case "image":
      return imageFailed ? (
        <p className="rounded-md bg-muted p-8 text-center text-muted-foreground">{t("imageUnavailable")}</p>
      ) : (
        // eslint-disable-next-line @next/next/no-img-element -- an authorized, audited API response, not a static asset
        <img src={src} alt={file.originalName} onError={() => setImageFailed(true)} className="mx-auto max-h-[60vh] w-auto rounded-md object-contain" />
      );
    case "pdf":
    case "text":
      return <iframe src={src} title={file.originalName} className="h-[60vh] w-full rounded-md border bg-white" />;
    default:
      return <p className="rounded-md bg-muted p-8 text-center text-muted-foreground">{t("previewUnavailable")}</p>;
  }
}
