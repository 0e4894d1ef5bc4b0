"use client";

import type { ReactNode } from "react";
import { useLocale, useTranslations } from "next-intl";
import { CheckCircle2, Pause, Play, RotateCw, X } from "lucide-react";
import type { QueueItem, UploadQueue } from "@/client/uploads/use-upload-queue";
import { useErrorText } from "@/client/errors";
import { formatFileSize } from "@/lib/contracts/file-size";
import { Progress } from "@/components/ui/progress";
import { FileRow } from "./file-row";
import { PhotoCompressionChoice } from "./photo-compression-choice";

const iconButton =
  "inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-md hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50";

/**
 * The chosen files with where each stands: refused files say why on their own row; a file on its way
 * shows how much arrived, the speed and the time left, and can be paused and resumed.
 */
export function UploadQueueList({ queue, removable = true }: { queue: UploadQueue; removable?: boolean }) {
  const t = useTranslations("uploads");
  if (queue.items.length === 0) return null;
  return (
    <ul className="space-y-2" aria-label={t("selectedFiles")} data-testid="upload-list">
      {queue.items.map((item) => (
        <li key={item.key} data-state={item.state} data-testid="upload-row">
          <FileRow file={item.file} actions={<Actions item={item} queue={queue} removable={removable} />}>
            <PhotoCompressionChoice
              name={item.file.name}
              state={
                item.state === "preparing"
                  ? { status: "compressing" }
                  : item.photo && { status: "compressed", ...item.photo, sendOriginal: item.file === item.photo.original }
              }
              onSendOriginalChange={(original) => queue.sendOriginal(item.key, original)}
              disabled={item.state !== "ready"}
            />
            <Status item={item} />
          </FileRow>
        </li>
      ))}
    </ul>
  );
}

function Actions({ item, queue, removable }: { item: QueueItem; queue: UploadQueue; removable: boolean }): ReactNode {
  const t = useTranslations("uploads");
  const name = item.file.name;
  if (item.state === "sending" || item.state === "offline")
    return (
      <button type="button" className={iconButton} onClick={() => queue.pause(item.key)} aria-label={t("pause", { name })}>
        <Pause aria-hidden className="h-4 w-4" />
      </button>
    );
  if (item.state === "paused")
    return (
      <button type="button" className={iconButton} onClick={() => queue.resume(item.key)} aria-label={t("resume", { name })}>
        <Play aria-hidden className="h-4 w-4" />
      </button>
    );
  if (item.state === "failed" && item.uploadId)
    return (
      <button type="button" className={iconButton} onClick={() => queue.retry(item.key)} aria-label={t("retry", { name })}>
        <RotateCw aria-hidden className="h-4 w-4" />
      </button>
    );
  if (item.state === "done") return <CheckCircle2 aria-label={t("state.done")} className="h-5 w-5 shrink-0 text-primary" />;
  if (!removable || item.state === "queued") return null;
  return (
    <button type="button" className={iconButton} onClick={() => queue.remove(item.key)} aria-label={t("removeFile", { name })}>
      <X aria-hidden className="h-4 w-4" />
    </button>
  );
}

function Status({ item }: { item: QueueItem }) {
  const t = useTranslations("uploads");
  const errorText = useErrorText();
  const locale = useLocale();
  if (item.error && (item.state === "refused" || item.state === "failed"))
    return (
      <p role="alert" className="mt-2 text-sm break-words text-destructive">
        {item.error.text ?? errorText(item.error.code, item.error.params)}
      </p>
    );
  if (item.state === "ready" || item.state === "preparing") return null;
  const total = item.file.size;
  const percent = total ? Math.round((item.sent / total) * 100) : 100;
  const secondsLeft = item.bytesPerSecond ? (total - item.sent) / item.bytesPerSecond : null;
  const details = [
    t("progressLine", { sent: formatFileSize(item.sent, locale), total: formatFileSize(total, locale) }),
    item.state === "sending" && item.bytesPerSecond ? t("speed", { speed: formatFileSize(item.bytesPerSecond, locale) }) : null,
    item.state === "sending" && secondsLeft !== null ? t("timeLeft", { minutes: Math.floor(secondsLeft / 60) }) : null,
  ].filter(Boolean);
  return (
    <div className="mt-2 space-y-1">
      <Progress value={percent} aria-label={t("progressOf", { name: item.file.name })} />
      <p className="text-xs break-words text-muted-foreground" aria-live="polite">
        <span className="font-medium">{t(`state.${item.state}`)}</span>
        {details.length > 0 && <> · {details.join(" · ")}</>}
      </p>
    </div>
  );
}
