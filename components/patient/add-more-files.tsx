"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { UploadNetworkError } from "@/client/upload-with-progress";
import { useAddFiles } from "@/client/queries/submissions";
import { useErrorText } from "@/client/errors";
import { FileDropZone, toChosenFiles, type ChosenFile } from "./file-drop-zone";

/** The 'Add More Files' area of a journey card. */
export function AddMoreFiles({ submissionId, onAdded }: { submissionId: string; onAdded?: () => void }) {
  const t = useTranslations("journey");
  const tu = useTranslations("uploads");
  const errorText = useErrorText();
  const [files, setFiles] = useState<ChosenFile[]>([]);
  const [progress, setProgress] = useState<number[] | null>(null);
  const add = useAddFiles(submissionId);
  const pending = add.isPending;

  async function upload() {
    setProgress(files.map(() => 0));
    try {
      await add.mutateAsync({ files: files.map((chosen) => chosen.file), onProgress: setProgress });
      toast({ title: t("filesAddedTitle"), description: t("filesAdded") });
      setFiles([]);
      onAdded?.();
    } catch (failure) {
      const name = failure instanceof UploadNetworkError && failure.failedFileIndex !== null ? files[failure.failedFileIndex]?.file.name : null;
      const description = failure instanceof UploadNetworkError ? (name ? tu("interruptedFile", { name }) : tu("interrupted")) : errorText(failure);
      toast({ title: t("uploadFailedTitle"), description, variant: "destructive" });
    } finally {
      setProgress(null);
    }
  }

  return (
    <section className="space-y-3 rounded-md border border-dashed p-3" aria-label={t("addMoreFiles")}>
      <h4 className="font-medium">{t("addMoreFiles")}</h4>
      <FileDropZone
        files={files}
        onAdd={(added) => setFiles((current) => [...current, ...toChosenFiles(added)])}
        onRemove={(id) => setFiles((current) => current.filter((chosen) => chosen.id !== id))}
        onReplace={(id, file) => setFiles((current) => current.map((chosen) => (chosen.id === id ? { ...chosen, file } : chosen)))}
        progress={progress}
        disabled={pending}
        hint={t("addHint")}
      />
      {files.length > 0 && (
        <div className="flex flex-wrap gap-2">
          <Button onClick={upload} disabled={pending}>
            {pending ? t("uploading") : t("addFiles")}
          </Button>
          <Button variant="outline" onClick={() => setFiles([])} disabled={pending}>
            {t("cancel")}
          </Button>
        </div>
      )}
    </section>
  );
}
