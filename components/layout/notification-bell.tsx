"use client";

import { useEffect, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { Bell } from "lucide-react";
import { useQueryClient } from "@tanstack/react-query";
import { QueryProvider } from "@/client/query-provider";
import { notificationKeys, useMarkRead, useNotifications } from "@/client/queries/notifications";
import { relativeTime, unreadBadge, type NotificationView } from "@/lib/contracts/notifications";
import { localePath, type Locale } from "@/lib/i18n/locales";
import { cn } from "@/lib/utils";

export interface NotificationBellLabels {
  title: string;
  /** Contains "{count}". */
  button: string;
  markAllRead: string;
  empty: string;
  justNow: string;
  unread: string;
  loadFailed: string;
}

/**
 * The notification bell, with the signed-in user's real notifications: unread count, a list that
 * marks an item read and goes to its action URL, 'Mark all read'. Strings come from the server as
 * props (ADR 5). This module is loaded only for signed-in users and brings its own query cache: the
 * marketing pages carry no query client for visitors.
 */
export function NotificationBell(props: { labels: NotificationBellLabels; locale: Locale }) {
  return (
    <QueryProvider>
      <BellMenu {...props} />
    </QueryProvider>
  );
}

function BellMenu({ labels, locale }: { labels: NotificationBellLabels; locale: Locale }) {
  const router = useRouter();
  const root = useRef<HTMLDivElement>(null);
  const queryClient = useQueryClient();
  const notifications = useNotifications(locale);
  const markRead = useMarkRead();
  const [open, setOpen] = useState(false);
  const items = notifications.data?.items ?? null;
  const unread = Math.max(0, notifications.data?.unreadCount ?? 0);
  // Relative times count from the last answer, so that they move on with each poll.
  const now = new Date(notifications.dataUpdatedAt);

  // Close on Escape or a click outside.
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => !root.current?.contains(event.target as Node) && setOpen(false);
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setOpen(false);
    document.addEventListener("pointerdown", onPointer);
    window.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      window.removeEventListener("keydown", onKey);
    };
  }, [open]);

  function toggle() {
    setOpen((value) => !value);
    if (!open) void notifications.refetch();
  }

  /** Shows one notification (or all) read at once; the mutation then refetches the list (useMarkRead). */
  function showRead(id: string | "all") {
    const isRead = (item: NotificationView) => item.read || id === "all" || item.id === id;
    queryClient.setQueryData(
      notificationKeys.list(locale),
      (current: typeof notifications.data) =>
        current && {
          items: current.items.map((item) => ({ ...item, read: isRead(item) })),
          unreadCount: id === "all" ? 0 : current.unreadCount - current.items.filter((item) => !item.read && isRead(item)).length,
        },
    );
  }

  function choose(item: NotificationView) {
    setOpen(false);
    if (!item.read) {
      showRead(item.id);
      markRead.mutate(item.id);
    }
    // Only the app's own paths (the server sets them); never an outside address.
    if (item.actionUrl?.startsWith("/") && !item.actionUrl.startsWith("//")) router.push(localePath(item.actionUrl, locale));
  }

  function markAllRead() {
    showRead("all");
    markRead.mutate("all");
  }

  const failed = notifications.isError;
  const badge = unreadBadge(unread);
  return (
    <div ref={root} className="relative">
      <button
        type="button"
        onClick={toggle}
        aria-expanded={open}
        aria-controls="notification-list"
        aria-label={labels.button.replace("{count}", String(unread))}
        className="relative inline-flex h-10 w-10 items-center justify-center rounded-md hover:bg-muted"
        data-testid="notification-bell"
      >
        <Bell aria-hidden className="h-5 w-5" />
        {badge && (
          <span
            className="absolute -end-0.5 -top-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs font-semibold text-white"
            data-testid="notification-count"
            aria-hidden
          >
            {badge}
          </span>
        )}
      </button>
      {open && (
        <div
          id="notification-list"
          role="region"
          aria-label={labels.title}
          className="absolute end-0 top-12 z-50 w-80 max-w-[calc(100vw-2rem)] rounded-md border bg-background text-foreground shadow-lg"
        >
          <div className="flex items-center justify-between gap-2 border-b px-3 py-2">
            <h2 className="text-sm font-semibold">{labels.title}</h2>
            <button
              type="button"
              onClick={markAllRead}
              disabled={unread === 0}
              className="min-h-10 px-2 text-sm font-medium text-primary underline-offset-2 hover:underline disabled:text-muted-foreground disabled:no-underline"
            >
              {labels.markAllRead}
            </button>
          </div>
          {failed && items === null && (
            <p role="alert" className="p-4 text-sm text-destructive">
              {labels.loadFailed}
            </p>
          )}
          {items?.length === 0 && <p className="p-4 text-sm text-muted-foreground">{labels.empty}</p>}
          {items && items.length > 0 && (
            <ul className="max-h-96 divide-y overflow-y-auto">
              {items.map((item) => (
                <li key={item.id}>
                  <button
                    type="button"
                    onClick={() => choose(item)}
                    className={cn("flex w-full gap-2 px-3 py-2 text-start hover:bg-muted", !item.read && "bg-primary/5")}
                    data-testid="notification-item"
                    data-read={item.read}
                  >
                    <span aria-hidden className={cn("mt-1.5 size-2 shrink-0 rounded-full", item.read ? "bg-transparent" : "bg-primary")} />
                    <span className="min-w-0 flex-1">
                      <span className={cn("block text-sm", !item.read && "font-semibold")}>
                        {!item.read && <span className="sr-only">{labels.unread}: </span>}
                        {item.title}
                      </span>
                      <span className="block text-sm text-muted-foreground">{item.message}</span>
                      <time dateTime={item.createdAt} className="block text-xs text-muted-foreground">
                        {relativeTime(item.createdAt, now, locale, labels.justNow)}
                      </time>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
