"use client";

import { useRef, useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { matchPendingFile, type PendingSubmission } from "@/client/uploads/pending-uploads";
import { useUploadQueue } from "@/client/uploads/use-upload-queue";
import { formatFileSize } from "@/lib/contracts/file-size";
import { FileName } from "@/components/files/file-name";
import { FileDropZone } from "@/components/patient/file-drop-zone";
import { UploadQueueList } from "./upload-queue-list";

/**
 * Files of a case that have not arrived yet (the tab was closed, the phone restarted, the data ran
 * out): the patient chooses the same files again and each continues from the last byte the server
 * has. A file that is not one of them is named and left aside.
 */
export function ContinueUploads({ pending, onArrived }: { pending: PendingSubmission; onArrived?: () => void }) {
  const t = useTranslations("uploads");
  const locale = useLocale();
  const queue = useUploadQueue();
  const [unknown, setUnknown] = useState<string[]>([]);
  const turn = useRef(Promise.resolve());
  const arrived = new Set(queue.items.filter((item) => item.state === "done").map((item) => item.uploadId));
  const missing = pending.files.filter((file) => !arrived.has(file.uploadId));
  const chosen = new Set(queue.items.filter((item) => item.state !== "refused" && item.state !== "failed").map((item) => item.uploadId));

  async function pick(files: File[]) {
    const notPending: string[] = [];
    for (const file of files) {
      const match = await matchPendingFile(
        missing.filter((candidate) => !chosen.has(candidate.uploadId)),
        file,
      );
      if (!match) {
        notPending.push(file.name);
        continue;
      }
      const [item] = await queue.add([file], { uploadIdOf: () => match.uploadId });
      if (item.state !== "ready") continue;
      // One file at a time, as on the first attempt.
      turn.current = turn.current.then(async () => {
        if (await queue.sendOne(item, match.uploadId)) onArrived?.();
      });
    }
    setUnknown(notPending);
  }

  if (missing.length === 0 && queue.items.length === 0) return null;
  return (
    <section className="space-y-3 rounded-lg border border-primary/40 bg-secondary/40 p-4" aria-label={pending.trackingNumber} data-testid="continue-uploads">
      {missing.length > 0 ? (
        <>
          <h3 className="font-semibold">{t("continueTitle", { trackingNumber: pending.trackingNumber })}</h3>
          <p className="text-sm">{t("continueHint")}</p>
          <ul className="space-y-1 text-sm" aria-label={t("stillMissing")}>
            {missing.map((file) => (
              <li key={file.uploadId} className="flex min-w-0 items-center gap-2">
                <FileName name={file.name} className="min-w-0 flex-1" />
                <span className="shrink-0 text-muted-foreground">{formatFileSize(file.size, locale)}</span>
              </li>
            ))}
          </ul>
          <FileDropZone onAdd={(files) => void pick(files)} hint={t("continuePick")} />
          {unknown.length > 0 && (
            <p role="alert" className="text-sm break-words text-destructive">
              {t("notMissing", { names: unknown.join(", ") })}
            </p>
          )}
        </>
      ) : (
        <p role="status" className="text-sm font-medium text-primary">
          {t("allArrived")}
        </p>
      )}
      <UploadQueueList queue={queue} removable={false} />
    </section>
  );
}
