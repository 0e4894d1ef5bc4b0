"use client";

import { useFormatter, useTranslations } from "next-intl";
import type { TranscriptionPage } from "@/lib/contracts/transcriptions";
import { Link } from "@/components/i18n/link";
import { useTranscriptionList } from "@/client/queries/transcriptions";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { TranscriptionStatusBadge } from "./status-badge";
import { useStatusReasonText } from "./status-reason";

/**
 * The staff member's transcriptions (an admin's: everyone's), newest first, kept current while any
 * is queued or processing, and after an upload.
 */
export function TranscriptionList({ initial, showUploader }: { initial: TranscriptionPage; showUploader: boolean }) {
  const t = useTranslations("transcriptions");
  const format = useFormatter();
  const list = useTranscriptionList(initial);
  const reasonText = useStatusReasonText();
  const items = list.data.pages.flatMap((page) => page.items);

  return (
    <section aria-labelledby="transcriptions-list-title" className="space-y-3">
      <h2 id="transcriptions-list-title" className="text-xl font-semibold">
        {showUploader ? t("list.titleAll") : t("list.title")}
      </h2>
      {list.isError && (
        <p role="alert" className="text-sm text-destructive">
          {t("list.failed")}{" "}
          <Button variant="link" className="h-auto p-0" onClick={() => void list.refetch()}>
            {t("list.retry")}
          </Button>
        </p>
      )}
      {items.length === 0 ? (
        <p className="rounded-md border p-6 text-center text-muted-foreground">{t("list.empty")}</p>
      ) : (
        <ul className="space-y-2" aria-label={t("list.title")}>
          {items.map((item) => (
            <li key={item.id}>
              <Card data-testid="transcription-row" data-id={item.id}>
                <CardContent className="flex flex-wrap items-center justify-between gap-3 py-4">
                  <div className="min-w-0 space-y-1">
                    <p className="truncate font-medium">{item.title}</p>
                    <p className="text-sm text-muted-foreground">
                      {t(`kind.${item.kind}`)} · {t(`meetingType.${item.meetingType}`)} ·{" "}
                      {format.dateTime(new Date(item.createdAt), { dateStyle: "medium", timeStyle: "short" })}
                      {showUploader && item.uploadedBy ? ` · ${item.uploadedBy}` : ""}
                    </p>
                    <div className="flex flex-wrap items-center gap-2">
                      <TranscriptionStatusBadge status={item.status} label={t(`status.${item.status}`)} />
                      {item.progress && (
                        <span className="text-sm text-muted-foreground" data-testid="transcription-progress">
                          {t("detail.progress", item.progress)}
                        </span>
                      )}
                      {(item.status === "failed" || item.status === "needs_engine") && reasonText(item) && (
                        <span className="text-sm text-muted-foreground" data-testid="transcription-reason">
                          {reasonText(item)}
                        </span>
                      )}
                    </div>
                  </div>
                  <Link
                    href={`/dashboard/transcriptions/${item.id}`}
                    className="inline-flex min-h-10 items-center rounded-md border px-4 text-sm font-medium text-primary hover:bg-muted"
                  >
                    {t("list.open")}
                    <span className="sr-only"> {item.title}</span>
                  </Link>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {list.hasNextPage && (
        <Button variant="outline" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
          {list.isFetchingNextPage ? t("list.loading") : t("list.loadMore")}
        </Button>
      )}
    </section>
  );
}
