"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { useAnnounceFiles, useFilesArrived } from "@/client/queries/submissions";
import { useUploadQueue } from "@/client/uploads/use-upload-queue";
import { useErrorText } from "@/client/errors";
import { useWarnBeforeLeaving } from "@/client/warn-before-leaving";
import { UploadQueueList } from "@/components/uploads/upload-queue-list";
import { FileDropZone } from "./file-drop-zone";

/** The 'Add More Files' area of a journey card: the files are announced, then each is sent through its resumable upload. */
export function AddMoreFiles({ submissionId, onAdded }: { submissionId: string; onAdded?: () => void }) {
  const t = useTranslations("journey");
  const tu = useTranslations("uploads");
  const errorText = useErrorText();
  const queue = useUploadQueue();
  const announce = useAnnounceFiles(submissionId);
  const arrivedNow = useFilesArrived();
  const ready = queue.items.filter((item) => item.state === "ready");
  const busy = announce.isPending || queue.sending;
  useWarnBeforeLeaving(busy);

  async function upload() {
    let uploads;
    try {
      ({ uploads } = await announce.mutateAsync(ready.map(({ file }) => ({ name: file.name, size: file.size }))));
    } catch (failure) {
      toast({ title: t("uploadFailedTitle"), description: errorText(failure), variant: "destructive" });
      return;
    }
    const arrived = await queue.sendAll(ready, uploads);
    void arrivedNow();
    if (arrived < ready.length) {
      toast({ title: t("uploadFailedTitle"), description: tu("someMissing", { count: ready.length - arrived }), variant: "destructive" });
      return;
    }
    toast({ title: t("filesAddedTitle"), description: t("filesAdded") });
    queue.clear();
    onAdded?.();
  }

  return (
    <section className="space-y-3 rounded-md border border-dashed p-3" aria-label={t("addMoreFiles")}>
      <h4 className="font-medium">{t("addMoreFiles")}</h4>
      <FileDropZone onAdd={(added) => void queue.add(added, { lighterPhotos: true })} disabled={busy} hint={t("addHint")} />
      <UploadQueueList queue={queue} removable={!busy} />
      {ready.length > 0 && (
        <div className="flex flex-wrap gap-2">
          <Button onClick={upload} disabled={busy || queue.preparing}>
            {busy ? t("uploading") : t("addFiles")}
          </Button>
          <Button variant="outline" onClick={queue.clear} disabled={busy}>
            {t("cancel")}
          </Button>
        </div>
      )}
    </section>
  );
}
