"use client";

import { useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { matchPendingFile, type PendingFile, type PendingSubmission } from "@/client/uploads/pending-uploads";
import { useUploadQueue, type QueueItem } from "@/client/uploads/use-upload-queue";
import { formatFileSize } from "@/lib/contracts/file-size";
import { FileName } from "@/components/files/file-name";
import { FileDropZone } from "@/components/patient/file-drop-zone";
import { UploadQueueList } from "./upload-queue-list";

/** Names of chosen files that are not missing are listed up to this many; beyond, they are counted. */
const LISTED_NAMES = 5;

/** The missing files as the patient sent them: a series of images is one line, other files one line each. */
function missingLines(missing: PendingFile[]): { key: string; name: string; files: PendingFile[] }[] {
  const lines = new Map<string, { key: string; name: string; files: PendingFile[] }>();
  for (const file of missing) {
    const key = file.group?.key ?? file.uploadId;
    const line = lines.get(key) ?? { key, name: file.group?.label ?? file.name, files: [] };
    line.files.push(file);
    lines.set(key, line);
  }
  return [...lines.values()];
}

/**
 * Files of a case that have not arrived yet (the tab was closed, the phone restarted, the data ran
 * out): the patient chooses the same files (or the same folder or CD) again and each missing one
 * continues from the last byte the server has, small ones several at once as on the first attempt.
 * Chosen files that are not missing (already arrived, or not of this case) are left aside.
 */
export function ContinueUploads({ pending, onArrived }: { pending: PendingSubmission; onArrived?: () => void }) {
  const t = useTranslations("uploads");
  const locale = useLocale();
  const queue = useUploadQueue();
  const [notMissing, setNotMissing] = useState<string[]>([]);
  const arrived = new Set(queue.items.filter((item) => item.state === "done").map((item) => item.uploadId));
  const missing = pending.files.filter((file) => !arrived.has(file.uploadId));
  const chosen = new Set(queue.items.filter((item) => item.state !== "refused" && item.state !== "failed").map((item) => item.uploadId));

  async function pick(files: File[]) {
    const open = missing.filter((candidate) => !chosen.has(candidate.uploadId));
    const matched: { file: File; pending: PendingFile }[] = [];
    const taken = new Set<string>();
    const left: string[] = [];
    for (const file of files) {
      const match = await matchPendingFile(
        open.filter((candidate) => !taken.has(candidate.uploadId)),
        file,
      );
      if (!match) {
        left.push(file.name);
        continue;
      }
      taken.add(match.uploadId);
      matched.push({ file, pending: match });
    }
    setNotMissing(left);
    if (matched.length === 0) return;
    const items: QueueItem[] = queue.addPrepared(matched.map(({ file, pending: match }) => ({ file, group: match.group })));
    const sent = await queue.sendAll(
      items,
      matched.map(({ pending: match }) => ({ id: match.uploadId })),
      { resumed: true },
    );
    if (sent > 0) onArrived?.();
  }

  if (missing.length === 0 && queue.items.length === 0) return null;
  return (
    <section className="space-y-3 rounded-lg border border-primary/40 bg-secondary/40 p-4" aria-label={pending.trackingNumber} data-testid="continue-uploads">
      {missing.length > 0 ? (
        <>
          <h3 className="font-semibold">{t("continueTitle", { trackingNumber: pending.trackingNumber })}</h3>
          <p className="text-sm">{t("continueHint")}</p>
          {missing.some((file) => file.group) && <p className="text-sm">{t("continueFolderHint")}</p>}
          <ul className="space-y-1 text-sm" aria-label={t("stillMissing")}>
            {missingLines(missing).map((line) => (
              <li key={line.key} className="flex min-w-0 items-center gap-2" data-testid="missing-line">
                <FileName name={line.name} className="min-w-0 flex-1" />
                <span className="shrink-0 text-muted-foreground">
                  {line.files[0].group
                    ? t("imaging.seriesTotals", { images: line.files.length, size: formatFileSize(sum(line.files), locale) })
                    : formatFileSize(line.files[0].size, locale)}
                </span>
              </li>
            ))}
          </ul>
          <FileDropZone onAdd={(files) => void pick(files)} hint={t("continuePick")} />
        </>
      ) : (
        <p role="status" className="text-sm font-medium text-primary">
          {t("allArrived")}
        </p>
      )}
      {/* Still said once the missing files have all arrived: on a fast link that is at once. */}
      {notMissing.length > 0 && (
        <p role="alert" className="text-sm break-words text-destructive" data-testid="not-missing">
          {notMissing.length <= LISTED_NAMES ? t("notMissing", { names: notMissing.join(", ") }) : t("notMissingCount", { count: notMissing.length })}
        </p>
      )}
      <UploadQueueList queue={queue} removable={false} />
    </section>
  );
}

const sum = (files: PendingFile[]) => files.reduce((total, file) => total + file.size, 0);
