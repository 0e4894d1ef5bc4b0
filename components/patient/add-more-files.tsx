"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { useAnnounceFiles, useFilesArrived } from "@/client/queries/submissions";
import { useUploadQueue } from "@/client/uploads/use-upload-queue";
import { useErrorText } from "@/client/errors";
import { useWarnBeforeLeaving } from "@/client/warn-before-leaving";
import { ImagingSummary } from "@/components/uploads/imaging-summary";
import { seriesGroups } from "@/components/uploads/series-groups";
import { UploadQueueList } from "@/components/uploads/upload-queue-list";
import { useFileChoice } from "@/components/uploads/use-file-choice";
import { FileDropZone } from "./file-drop-zone";

/**
 * The 'Add More Files' area of a journey card: files, a folder or a CD (its imaging read and shown as
 * studies and series first); they are announced, then each is sent through its resumable upload.
 */
export function AddMoreFiles({ submissionId, onAdded }: { submissionId: string; onAdded?: () => void }) {
  const t = useTranslations("journey");
  const tu = useTranslations("uploads");
  const errorText = useErrorText();
  const queue = useUploadQueue();
  const picker = useFileChoice(queue, { lighterPhotos: true });
  const { imaging } = picker;
  const announce = useAnnounceFiles(submissionId);
  const arrivedNow = useFilesArrived();
  const ready = queue.items.filter((item) => item.state === "ready" && !item.group);
  const busy = announce.isPending || queue.sending;
  const chosen = ready.length + imaging.toSend.length;
  useWarnBeforeLeaving(busy);

  async function upload() {
    const images = imaging.toSend;
    let uploads;
    try {
      ({ uploads } = await announce.mutateAsync([
        ...ready.map(({ file }) => ({ name: file.name, size: file.size })),
        ...images.map(({ file, study }) => ({ name: file.name, size: file.size, study })),
      ]));
    } catch (failure) {
      toast({ title: t("uploadFailedTitle"), description: errorText(failure), variant: "destructive" });
      return;
    }
    const all = [...ready, ...queue.addPrepared(seriesGroups(imaging.kept, images))];
    picker.clear();
    const arrived = await queue.sendAll(all, uploads);
    void arrivedNow();
    if (arrived < all.length) {
      toast({ title: t("uploadFailedTitle"), description: tu("someMissing", { count: all.length - arrived }), variant: "destructive" });
      return;
    }
    toast({ title: t("filesAddedTitle"), description: t("filesAdded") });
    queue.clear();
    onAdded?.();
  }

  return (
    <section className="space-y-3 rounded-md border border-dashed p-3" aria-label={t("addMoreFiles")}>
      <h4 className="font-medium">{t("addMoreFiles")}</h4>
      <FileDropZone onAdd={(added) => void picker.choose(added)} disabled={busy} hint={t("addHint")} refusal={picker.refusal} />
      <ImagingSummary imaging={imaging} disabled={busy} onClear={picker.clear} />
      <UploadQueueList queue={queue} removable={!busy} />
      {chosen > 0 && (
        <div className="flex flex-wrap gap-2">
          <Button onClick={upload} disabled={busy || queue.preparing || !!imaging.reading || imaging.problems.length > 0}>
            {busy ? t("uploading") : t("addFiles")}
          </Button>
          <Button
            variant="outline"
            onClick={() => {
              queue.clear();
              picker.clear();
            }}
            disabled={busy}
          >
            {t("cancel")}
          </Button>
        </div>
      )}
    </section>
  );
}
