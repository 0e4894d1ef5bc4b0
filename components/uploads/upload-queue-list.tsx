"use client";

import { useMemo, type ReactNode } from "react";
import { useLocale, useTranslations } from "next-intl";
import { CheckCircle2, Pause, Play, RotateCw, ScanLine, X } from "lucide-react";
import type { QueueGroup, QueueItem, UploadQueue } from "@/client/uploads/use-upload-queue";
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
  const rows = useMemo(() => rowsOf(queue.items), [queue.items]);
  if (queue.items.length === 0) return null;
  return (
    <ul className="space-y-2" aria-label={t("selectedFiles")} data-testid="upload-list">
      {rows.map((row) =>
        row.kind === "group" ? (
          <GroupRow key={row.group.key} group={row.group} items={row.items} queue={queue} />
        ) : (
          <ItemRow key={row.item.key} item={row.item} queue={queue} removable={removable} />
        ),
      )}
    </ul>
  );
}

type Row = { kind: "item"; item: QueueItem } | { kind: "group"; group: QueueGroup; items: QueueItem[] };

/** Loose files one row each; the images of a series one row together, where its first image stood. */
function rowsOf(items: QueueItem[]): Row[] {
  const rows: Row[] = [];
  const groups = new Map<string, Extract<Row, { kind: "group" }>>();
  for (const item of items) {
    if (!item.group) {
      rows.push({ kind: "item", item });
      continue;
    }
    const row = groups.get(item.group.key);
    if (row) row.items.push(item);
    else {
      const created = { kind: "group" as const, group: item.group, items: [item] };
      groups.set(item.group.key, created);
      rows.push(created);
    }
  }
  return rows;
}

/**
 * A series of images as one row: how many arrived, one progress bar for its bytes, and what can be
 * done: pause or resume the images on their way, send again those that did not arrive.
 */
function GroupRow({ group, items, queue }: { group: QueueGroup; items: QueueItem[]; queue: UploadQueue }) {
  const t = useTranslations("uploads");
  const locale = useLocale();
  const total = items.reduce((sum, item) => sum + item.file.size, 0);
  const sent = items.reduce((sum, item) => sum + (item.state === "done" ? item.file.size : item.sent), 0);
  const done = items.filter((item) => item.state === "done").length;
  const failed = items.filter((item) => item.state === "failed" || item.state === "refused");
  const moving = items.filter((item) => item.state === "sending" || item.state === "offline");
  const paused = items.filter((item) => item.state === "paused");
  const state = failed.length > 0 ? "failed" : done === items.length ? "done" : moving.length > 0 ? "sending" : paused.length > 0 ? "paused" : "queued";
  const percent = total ? Math.round((sent / total) * 100) : 100;
  return (
    <li data-state={state} data-testid="upload-group" className="min-w-0 rounded-md border p-3">
      <div className="flex min-w-0 items-start gap-2">
        <ScanLine aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-primary" />
        <p className="min-w-0 flex-1 font-medium break-words">
          <bdi>{group.label}</bdi>
        </p>
        {moving.length > 0 && (
          <button
            type="button"
            className={iconButton}
            onClick={() => moving.forEach((item) => queue.pause(item.key))}
            aria-label={t("pause", { name: group.label })}
          >
            <Pause aria-hidden className="h-4 w-4" />
          </button>
        )}
        {moving.length === 0 && paused.length > 0 && (
          <button
            type="button"
            className={iconButton}
            onClick={() => paused.forEach((item) => queue.resume(item.key))}
            aria-label={t("resume", { name: group.label })}
          >
            <Play aria-hidden className="h-4 w-4" />
          </button>
        )}
        {failed.some((item) => item.state === "failed" && item.uploadId) && moving.length === 0 && (
          <button
            type="button"
            className={iconButton}
            onClick={() => failed.forEach((item) => queue.retry(item.key))}
            aria-label={t("retry", { name: group.label })}
          >
            <RotateCw aria-hidden className="h-4 w-4" />
          </button>
        )}
        {state === "done" && <CheckCircle2 aria-label={t("state.done")} className="h-5 w-5 shrink-0 text-primary" />}
      </div>
      <div className="mt-2 space-y-1">
        <Progress value={percent} aria-label={t("progressOf", { name: group.label })} />
        <p className="text-xs break-words text-muted-foreground" aria-live="polite">
          {t("groupProgress", { done, total: items.length, sent: formatFileSize(sent, locale), size: formatFileSize(total, locale) })}
          {failed.length > 0 && <span className="text-destructive"> · {t("groupMissing", { count: failed.length })}</span>}
        </p>
      </div>
    </li>
  );
}

function ItemRow({ item, queue, removable }: { item: QueueItem; queue: UploadQueue; removable: boolean }) {
  return (
    <li data-state={item.state} data-testid="upload-row">
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
