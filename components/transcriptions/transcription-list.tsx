"use client";

import { useCallback, useEffect, useState } from "react";
import { useFormatter, useTranslations } from "next-intl";
import { Link } from "@/lib/i18n/navigation";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { isActive, TranscriptionStatusBadge, type TranscriptionStatus } from "./status-badge";

export interface TranscriptionListItem {
  id: string;
  title: string;
  kind: string;
  status: TranscriptionStatus;
  statusReason: string | null;
  meetingType: string;
  fileName: string;
  uploadedBy: string | null;
  createdAt: string;
}

export interface TranscriptionPage {
  items: TranscriptionListItem[];
  nextCursor: string | null;
}

const REFRESH_MS = 5000;

async function fetchPage(cursor?: string): Promise<TranscriptionPage> {
  const response = await fetch(`/api/transcriptions${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`, { credentials: "include", cache: "no-store" });
  if (!response.ok) throw new Error(`${response.status}: ${(await response.text()) || response.statusText}`);
  return (await response.json()) as TranscriptionPage;
}

/**
 * The staff member's transcriptions (an admin's: everyone's), newest first. While any is queued or
 * processing, the first page is fetched again every 5 seconds; `reloadKey` changes after an upload.
 */
export function TranscriptionList({ initial, reloadKey, showUploader }: { initial: TranscriptionPage; reloadKey: number; showUploader: boolean }) {
  const t = useTranslations("transcriptions");
  const format = useFormatter();
  const [first, setFirst] = useState(initial.items);
  const [more, setMore] = useState<TranscriptionListItem[]>([]);
  const [cursor, setCursor] = useState(initial.nextCursor);
  const [failed, setFailed] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);

  const reload = useCallback(async () => {
    try {
      const page = await fetchPage();
      // Back to a fresh first page (rows loaded with "Load more" may have moved down).
      setFirst(page.items);
      setMore([]);
      setCursor(page.nextCursor);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, []);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- an upload just finished: show its new row at once
    if (reloadKey > 0) void reload();
  }, [reloadKey, reload]);

  const items = [...first, ...more];
  const anyActive = items.some((item) => isActive(item.status));
  useEffect(() => {
    if (!anyActive) return;
    const timer = setInterval(() => void reload(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [anyActive, reload]);

  async function loadMore() {
    if (!cursor) return;
    setLoadingMore(true);
    try {
      const page = await fetchPage(cursor);
      setMore((current) => [...current, ...page.items]);
      setCursor(page.nextCursor);
    } catch {
      setFailed(true);
    } finally {
      setLoadingMore(false);
    }
  }

  return (
    <section aria-labelledby="transcriptions-list-title" className="space-y-3">
      <h2 id="transcriptions-list-title" className="text-xl font-semibold">
        {showUploader ? t("list.titleAll") : t("list.title")}
      </h2>
      {failed && (
        <p role="alert" className="text-sm text-destructive">
          {t("list.failed")}{" "}
          <Button variant="link" className="h-auto p-0" onClick={() => void reload()}>
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
                      {t(`kind.${item.kind}`)} · {t(`meetingType.${item.meetingType}`)} · {format.dateTime(new Date(item.createdAt), { dateStyle: "medium", timeStyle: "short" })}
                      {showUploader && item.uploadedBy ? ` · ${item.uploadedBy}` : ""}
                    </p>
                    <div className="flex flex-wrap items-center gap-2">
                      <TranscriptionStatusBadge status={item.status} label={t(`status.${item.status}`)} />
                      {item.statusReason && (item.status === "failed" || item.status === "needs_engine") && (
                        <span className="text-sm text-muted-foreground" data-testid="transcription-reason">
                          {item.statusReason}
                        </span>
                      )}
                    </div>
                  </div>
                  <Link href={`/dashboard/transcriptions/${item.id}`} className="inline-flex min-h-10 items-center rounded-md border px-4 text-sm font-medium text-primary hover:bg-muted">
                    {t("list.open")}
                    <span className="sr-only"> {item.title}</span>
                  </Link>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {cursor && (
        <Button variant="outline" onClick={() => void loadMore()} disabled={loadingMore}>
          {loadingMore ? t("list.loading") : t("list.loadMore")}
        </Button>
      )}
    </section>
  );
}
